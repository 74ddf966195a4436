// SPDX-License-Identifier: MIT
import GestureCore

/// A swipe direction as written in a scene file's `"direction"` list and in reports.
public enum SceneDirection: String, CaseIterable, Sendable, Hashable {
  case right, left, up, down
}

/// A screen edge as written in a scene file's `"edges"` list; `all` stands for the four.
public enum SceneEdge: String, CaseIterable, Sendable, Hashable {
  case top, left, bottom, right, all
}

extension SceneDirection {
  /// The direction as GestureCore's `SwipeDirection`.
  public var swipeDirection: SwipeDirection {
    switch self {
    case .right: .right
    case .left: .left
    case .up: .up
    case .down: .down
    }
  }

  /// The name of a single swipe direction; nil for none or several.
  public init?(_ direction: SwipeDirection) {
    switch direction {
    case .right: self = .right
    case .left: self = .left
    case .up: self = .up
    case .down: self = .down
    default: return nil
    }
  }
}

extension SceneEdge {
  /// The edge (all four for `all`) as GestureCore's `RectEdge`.
  var rectEdge: RectEdge {
    switch self {
    case .top: .top
    case .left: .left
    case .bottom: .bottom
    case .right: .right
    case .all: .all
    }
  }
}
