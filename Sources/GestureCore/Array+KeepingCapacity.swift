// SPDX-License-Identifier: MIT
extension Array {
  /// An empty array with room for `capacity` elements (for a stored property: reserving in
  /// place would be an access to it spanning a call, which makes the compiler check every
  /// access to the property at run time).
  static func reserved(_ capacity: Int) -> Self {
    var array = Self()
    array.reserveCapacity(capacity)
    return array
  }

  /// Removes every element and keeps the capacity, as `removeAll(keepingCapacity: true)`,
  /// which goes through `replaceSubrange` (about 90 instructions even for an empty array):
  /// the engine's small per-recognizer and per-touch arrays (usually empty or a few
  /// elements) are emptied one `removeLast()` at a time instead, larger ones in one go.
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    if count > 4 {
      removeAll(keepingCapacity: true)
    } else {
      while !isEmpty { removeLast() }
    }
  }
}

extension Array {
  /// Removes the elements `shouldRemove` picks, keeping the order of the others and the
  /// capacity, as `removeAll(where:)`, but without its `replaceSubrange` when few go: the
  /// elements kept move forward in place and the removed ones are taken off the end one by
  /// one (the engine's lists of recognizers lose a few at a time).
  @inline(__always)
  mutating func removeKeepingOrder(where shouldRemove: (Element) -> Bool) {
    var kept = 0
    for index in indices where !shouldRemove(self[index]) {
      if kept != index { swapAt(kept, index) }
      kept += 1
    }
    if count - kept > 4 {
      removeSubrange(kept...)
    } else {
      while count > kept { removeLast() }
    }
  }
}
