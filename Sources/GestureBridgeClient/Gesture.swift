// SPDX-License-Identifier: MIT
/// One state change of a compositor recognizer, assembled from the protocol's value events and
/// delivered when its `frame` event arrives.
public struct Gesture: Equatable, Sendable {
  /// The name the app gave the recognizer when it created it.
  public var recognizerName: String
  /// The recognizer's kind.
  public var kind: GestureKind
  /// The state the recognizer has just entered.
  public var state: GestureState
  /// The centroid of the gesture's touches, surface-local (UIKit `location(in:)`).
  public var location: SurfacePoint
  /// The number of the gesture's touches down at the state change (UIKit `numberOfTouches`).
  public var touches: Int
  /// The timestamp of the input event that caused the change, CLOCK_MONOTONIC microseconds.
  public var timestampMicroseconds: UInt64
  /// The values the compositor sent with the change (which depend on the kind).
  public var values: GestureValues

  public init(
    recognizerName: String, kind: GestureKind, state: GestureState, location: SurfacePoint,
    touches: Int, timestampMicroseconds: UInt64, values: GestureValues
  ) {
    self.recognizerName = recognizerName
    self.kind = kind
    self.state = state
    self.location = location
    self.touches = touches
    self.timestampMicroseconds = timestampMicroseconds
    self.values = values
  }

  /// The number of taps of a recognized tap, else nil.
  public var taps: Int? { values.taps }
  /// The translation (pan, screen-edge pan, transform), else nil.
  public var translation: SurfaceVector? { values.translation }
  /// The velocity of the translation in surface-local units per second, else nil.
  public var velocityPerSecond: SurfaceVector? { values.velocityPerSecond }
  /// The scale factor (pinch, transform), else nil.
  public var scale: Double? { values.scale }
  /// The rotation in radians (rotation, transform), else nil.
  public var rotationRadians: Double? { values.rotationRadians }
  /// The direction of a recognized swipe (one direction), else nil.
  public var direction: SwipeDirections? { values.direction }
}
