// SPDX-License-Identifier: MIT
/// The touches handed to a recognizer or a view in one call (UIKit passes an `NSSet` of
/// `UITouch`). A borrowed view of the engine's scratch storage: cheap to pass, and valid
/// beyond the call only if copied.
public struct TouchSet: RandomAccessCollection {
  @usableFromInline let storage: [Touch]

  init(_ storage: [Touch]) { self.storage = storage }

  @inlinable public var startIndex: Int { storage.startIndex }
  @inlinable public var endIndex: Int { storage.endIndex }
  @inlinable public subscript(position: Int) -> Touch { storage[position] }
  /// Iterates the underlying array directly: no allocation, even from generic code.
  @inlinable public func makeIterator() -> IndexingIterator<[Touch]> { storage.makeIterator() }

  /// Any one of the touches (UIKit's `anyObject`): the first.
  public var anyTouch: Touch? { storage.first }
}
