// SPDX-License-Identifier: MIT
/// Edges of a rectangle (UIKit's `UIRectEdge`), for `ScreenEdgePanGestureRecognizer.edges`.
/// In screen space: `.top` is y = minY, `.left` x = minX, `.bottom` y = maxY, `.right`
/// x = maxX. The raw values are UIKit's.
public struct RectEdge: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: UInt

  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let top = RectEdge(rawValue: 1 << 0)
  public static let left = RectEdge(rawValue: 1 << 1)
  public static let bottom = RectEdge(rawValue: 1 << 2)
  public static let right = RectEdge(rawValue: 1 << 3)
  /// All four edges.
  public static let all: RectEdge = [.top, .left, .bottom, .right]

  /// The unit vector pointing from a single edge into the rectangle (the origin for a set
  /// of several edges or none).
  var inwardNormal: Point {
    switch self {
    case .top: Point(x: 0, y: 1)
    case .left: Point(x: 1, y: 0)
    case .bottom: Point(x: 0, y: -1)
    case .right: Point(x: -1, y: 0)
    default: .zero
    }
  }

  /// The four single edges, in the order top, left, bottom, right.
  static let singles: [RectEdge] = [.top, .left, .bottom, .right]

  /// The names of the edges in the set, e.g. `[top, left]`.
  public var description: String {
    let names = [(RectEdge.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}
