// SPDX-License-Identifier: MIT
import GestureCore

/// A screen edge as written in a scene file's `"edges"` list; `all` stands for the four.
public enum SceneEdge: String, CaseIterable, Sendable, Hashable {
  case top, left, bottom, right, all
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
