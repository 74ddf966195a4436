// SPDX-License-Identifier: MIT
/// The values of one state change that depend on the recognizer's kind.
public enum GestureValues: Equatable, Sendable {
  /// No kind-specific values: a long press, a failed recognizer, or values the compositor did
  /// not send.
  case none
  /// A recognized tap: the number of taps performed.
  case tap(taps: Int)
  /// A pan or screen-edge pan: translation since the touches went down (surface-local units)
  /// and velocity (surface-local units per second).
  case pan(translation: SurfaceVector, velocityPerSecond: SurfaceVector)
  /// A pinch: scale factor (1 at the start) and its velocity (scale factor per second).
  case pinch(scale: Double, velocityPerSecond: Double)
  /// A rotation: radians since the touches went down (clockwise-positive) and radians per
  /// second.
  case rotation(radians: Double, radiansPerSecond: Double)
  /// A recognized swipe: the direction actually swiped (nil if the compositor sent a value that
  /// is not exactly one direction bit).
  case swipe(direction: SwipedDirection?)
}
