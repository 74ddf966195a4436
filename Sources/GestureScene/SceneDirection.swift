/// A swipe direction as written in a scene file's `"direction"` list and in reports.
public enum SceneDirection: String, CaseIterable, Sendable, Hashable {
  case right, left, up, down
}

/// A screen edge as written in a scene file's `"edges"` list; `all` stands for the four.
public enum SceneEdge: String, CaseIterable, Sendable, Hashable {
  case top, left, bottom, right, all
}
