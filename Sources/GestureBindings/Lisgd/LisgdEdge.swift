// SPDX-License-Identifier: MIT
/// Where on the screen a lisgd stroke starts or ends: an edge, a corner, none, or (in a
/// binding) any; by its `-g` name.
public enum LisgdEdge: String, CaseIterable, Sendable, Hashable {
  case any = "*"
  case none = "N"
  case left = "L"
  case right = "R"
  case top = "T"
  case bottom = "B"
  case topLeft = "TL"
  case topRight = "TR"
  case bottomLeft = "BL"
  case bottomRight = "BR"

  /// lisgd's edge zones: 50 pixels on each side.
  public static let zone = 50.0

  /// The edge of a stroke from (x0, y0) to (x1, y1) on a `width` x `height` screen, as lisgd
  /// 0.3.7 finds it: across, the start's edge if it is in a zone, else the end's; down the
  /// same; both make a corner.
  public static func of(
    x0: Double, y0: Double, x1: Double, y1: Double, width: Double, height: Double
  ) -> LisgdEdge {
    var horizontal = LisgdEdge.none
    var vertical = LisgdEdge.none
    if x0 <= zone {
      horizontal = .left
    } else if x0 >= width - zone {
      horizontal = .right
    } else if x1 <= zone {
      horizontal = .left
    } else if x1 >= width - zone {
      horizontal = .right
    }
    if y0 <= zone {
      vertical = .top
    } else if y0 >= height - zone {
      vertical = .bottom
    } else if y1 <= zone {
      vertical = .top
    } else if y1 >= height - zone {
      vertical = .bottom
    }
    switch (horizontal, vertical) {
    case (.left, .top): return .topLeft
    case (.right, .top): return .topRight
    case (.left, .bottom): return .bottomLeft
    case (.right, .bottom): return .bottomRight
    case (.none, _): return vertical
    default: return horizontal
    }
  }

  /// Whether a binding's edge takes a stroke's `edge`: any, the same, or a corner of it.
  func takes(_ edge: LisgdEdge) -> Bool {
    switch self {
    case .any: true
    case .top: edge == .top || edge == .topLeft || edge == .topRight
    case .bottom: edge == .bottom || edge == .bottomLeft || edge == .bottomRight
    case .left: edge == .left || edge == .topLeft || edge == .bottomLeft
    case .right: edge == .right || edge == .topRight || edge == .bottomRight
    default: self == edge
    }
  }

  /// The edge a binding's edge becomes on a screen turned `quarterTurns` times 90 degrees
  /// (lisgd's `-o`): the left edge becomes the top after one.
  public func turned(quarterTurns: Int) -> LisgdEdge {
    var edge = self
    for _ in 0..<((quarterTurns % 4 + 4) % 4) {
      edge =
        switch edge {
        case .left: .top
        case .right: .bottom
        case .top: .right
        case .bottom: .left
        case .topLeft: .topRight
        case .topRight: .bottomRight
        case .bottomLeft: .topLeft
        case .bottomRight: .bottomLeft
        case .any, .none: edge
        }
    }
    return edge
  }
}
