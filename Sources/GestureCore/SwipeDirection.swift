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
  public static let singles: [SwipeDirection] = [.right, .left, .up, .down]

  /// The four directions.
  public static let all: SwipeDirection = [.right, .left, .up, .down]

  /// The name of a single direction (`right`, `left`, `up`, `down`), as scene files,
  /// bindings, reports and `GESTURE_DIRECTION` write it; nil for none or several.
  public var name: String? {
    switch self {
    case .right: "right"
    case .left: "left"
    case .up: "up"
    case .down: "down"
    default: nil
    }
  }

  /// The single direction called `name` (see `name`); nil for any other text.
  public init?(name: String) {
    guard let single = Self.singles.first(where: { $0.name == name }) else { return nil }
    self = single
  }

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
    "[" + Self.singles.filter(contains).compactMap(\.name).joined(separator: ", ") + "]"
  }
}
