/// The directions a swipe recognizer accepts (UIKit `UISwipeGestureRecognizer.Direction`), in
/// surface-local orientation: right is towards increasing x, down towards increasing y. The raw
/// values are those of the protocol's `direction` bitfield (`ProtocolEnumTests` checks them against the
/// header wayland-scanner generates from the protocol XML).
public struct SwipeDirections: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  public static let right = SwipeDirections(rawValue: 1)
  public static let left = SwipeDirections(rawValue: 2)
  public static let up = SwipeDirections(rawValue: 4)
  public static let down = SwipeDirections(rawValue: 8)
  /// Every direction of the protocol.
  public static let all: SwipeDirections = [.right, .left, .up, .down]
}
