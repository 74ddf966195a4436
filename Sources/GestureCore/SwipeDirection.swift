// SPDX-License-Identifier: MIT
/// The directions a `SwipeGestureRecognizer` accepts (UIKit's
/// `UISwipeGestureRecognizer.Direction`), in screen space with y growing downwards: `.down`
/// is towards the bottom of the screen. The raw values are UIKit's.
public struct SwipeDirection: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt

  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Towards increasing x.
  public static let right = SwipeDirection(rawValue: 1 << 0)
  /// Towards decreasing x.
  public static let left = SwipeDirection(rawValue: 1 << 1)
  /// Towards decreasing y (the top of the screen).
  public static let up = SwipeDirection(rawValue: 1 << 2)
  /// Towards increasing y (the bottom of the screen).
  public static let down = SwipeDirection(rawValue: 1 << 3)

  /// The four single directions, in the order right, left, up, down.
  static let singles: [SwipeDirection] = [.right, .left, .up, .down]

  /// The unit vector of a single direction (the origin for a set of several or none).
  var unitVector: Point {
    switch self {
    case .right: Point(x: 1, y: 0)
    case .left: Point(x: -1, y: 0)
    case .up: Point(x: 0, y: -1)
    case .down: Point(x: 0, y: 1)
    default: .zero
    }
  }

  /// The names of the directions in the set, e.g. `[left, up]`.
  public var description: String {
    let names = [(SwipeDirection.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}
