// SPDX-License-Identifier: MIT
import GestureCore

/// One entry of a scene's `"views"` (or a view's `"children"`).
public struct ViewDescription: Sendable, Hashable {
  public var name: String
  /// In the parent's coordinates (the screen's for a top-level view).
  public var frame: Rect
  public var children: [ViewDescription]
  public var recognizers: [RecognizerDescription]

  public init(
    name: String, frame: Rect, children: [ViewDescription] = [],
    recognizers: [RecognizerDescription] = []
  ) {
    self.name = name
    self.frame = frame
    self.children = children
    self.recognizers = recognizers
  }
}
