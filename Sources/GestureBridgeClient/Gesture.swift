// SPDX-License-Identifier: MIT
/// One state change of a compositor recognizer, assembled from the protocol's value events and
/// delivered when its `frame` event arrives.
public struct Gesture: Equatable, Sendable {
  /// The name the app gave the recognizer when it created it.
  public var recognizerName: String
  /// The recognizer's kind.
  public var kind: RecognizerKind
  /// The state the recognizer has just entered.
  public var state: GestureState
  /// The centroid of the gesture's touches, surface-local (UIKit `location(in:)`).
  public var location: SurfacePoint
  /// The number of the gesture's touches down at the state change (UIKit `numberOfTouches`).
  public var touches: Int
  /// The timestamp of the input event that caused the change, CLOCK_MONOTONIC microseconds.
  public var timestampMicroseconds: UInt64
  /// Values that depend on the kind.
  public var values: GestureValues

  public init(
    recognizerName: String, kind: RecognizerKind, state: GestureState, location: SurfacePoint,
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
  public var taps: Int? {
    if case .tap(let taps) = values { return taps }
    return nil
  }

  /// The translation of a pan or screen-edge pan, else nil.
  public var translation: SurfaceVector? {
    if case .pan(let translation, _) = values { return translation }
    return nil
  }

  /// The velocity of a pan or screen-edge pan in surface-local units per second, else nil.
  public var velocityPerSecond: SurfaceVector? {
    if case .pan(_, let velocity) = values { return velocity }
    return nil
  }

  /// The scale factor of a pinch, else nil.
  public var scale: Double? {
    if case .pinch(let scale, _) = values { return scale }
    return nil
  }

  /// The rotation of a rotation gesture in radians, else nil.
  public var rotationRadians: Double? {
    if case .rotation(let radians, _) = values { return radians }
    return nil
  }

  /// The direction of a recognized swipe, else nil.
  public var direction: SwipedDirection? {
    if case .swipe(let direction) = values { return direction }
    return nil
  }
}
