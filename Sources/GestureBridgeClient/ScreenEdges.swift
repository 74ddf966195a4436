/// Output edges a screen-edge pan may start from (UIKit `UIRectEdge`), as the user sees them.
/// The raw values are those of the protocol's `edges` bitfield (`ProtocolEnumTests` checks them against the
/// header wayland-scanner generates from the protocol XML).
public struct ScreenEdges: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  public static let top = ScreenEdges(rawValue: 1)
  public static let left = ScreenEdges(rawValue: 2)
  public static let bottom = ScreenEdges(rawValue: 4)
  public static let right = ScreenEdges(rawValue: 8)
  /// Every edge (UIKit `.all`).
  public static let all: ScreenEdges = [.top, .left, .bottom, .right]
}
