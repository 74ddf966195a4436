// SPDX-License-Identifier: MIT
import GestureCore

/// A scene recognizer failing, as the replays and `LibinputWatcher` hand it to their
/// `failures` hook (for traces). Failures send no action, so they are never `GestureReport`s
/// and never change the printed reports.
public struct RecognizerFailure: Sendable, Hashable {
  /// Microseconds since the start of the input, like report times.
  public var timeMicroseconds: Int64
  /// The recognizer's name in the scene.
  public var recognizer: String
  public var type: RecognizerKind
  /// The name of the view it is attached to.
  public var view: String
  /// The gesture's location when it failed, in its view's coordinates (pixels).
  public var location: Point
  /// Touches the gesture involved when it failed.
  public var touches: Int

  public init(
    timeMicroseconds: Int64, recognizer: String, type: RecognizerKind, view: String,
    location: Point, touches: Int
  ) {
    self.timeMicroseconds = timeMicroseconds
    self.recognizer = recognizer
    self.type = type
    self.view = view
    self.location = location
    self.touches = touches
  }
}
