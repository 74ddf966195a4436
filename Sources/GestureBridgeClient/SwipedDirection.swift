// SPDX-License-Identifier: MIT
/// The single direction a recognized swipe went, as reported by the protocol's `direction`
/// event. `rawValue` is the JSON name used by `gesture-bridge replay --format json`.
public enum SwipedDirection: String, CaseIterable, Sendable {
  case right
  case left
  case up
  case down

  /// The direction whose bit `bits` is exactly; nil for zero or several bits or unknown bits.
  public init?(bits: UInt32) {
    switch bits {
    case SwipeDirections.right.rawValue: self = .right
    case SwipeDirections.left.rawValue: self = .left
    case SwipeDirections.up.rawValue: self = .up
    case SwipeDirections.down.rawValue: self = .down
    default: return nil
    }
  }

  /// This direction as a one-element set.
  public var asSet: SwipeDirections {
    switch self {
    case .right: .right
    case .left: .left
    case .up: .up
    case .down: .down
    }
  }
}
