// SPDX-License-Identifier: MIT
import GestureCore

/// A recognizer of the traced scene: one row of the timeline.
public struct TraceRecognizer: Sendable, Hashable {
  public var name: String
  /// The recognizer type as the scene names it, e.g. `tap`, `long-press`.
  public var type: String
  /// The screen position of its view's origin: report locations (in the view's coordinates)
  /// plus this give screen positions.
  public var viewOrigin: Point

  public init(name: String, type: String, viewOrigin: Point = .zero) {
    self.name = name
    self.type = type
    self.viewOrigin = viewOrigin
  }
}
