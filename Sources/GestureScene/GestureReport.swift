// SPDX-License-Identifier: MIT
import GestureCore

/// What a recognizer did at one moment, as `gesture-bridge` reports it: built in a
/// recognizer's action from the recognizer's state and values at that moment.
public struct GestureReport: Sendable, Hashable {
  /// The reported state: `recognized` for discrete gestures (tap, swipe), the continuous
  /// states for the others.
  public enum State: String, Sendable, Hashable {
    case recognized, began, changed, ended, cancelled
  }

  /// The values particular to the recognizer's type.
  public enum Details: Sendable, Hashable {
    /// Taps completed (`taps`).
    case tap(taps: Int)
    case longPress
    /// Pan and screen-edge pan: translation in pixels, velocity in pixels per second.
    case pan(translation: Point, velocity: Point)
    /// Scale factor and its rate of change per second.
    case pinch(scale: Double, velocity: Double)
    /// Radians, clockwise positive, and radians per second.
    case rotation(rotation: Double, velocity: Double)
    /// The direction swiped (nil if the recognizer reports none).
    case swipe(direction: SceneDirection?)
  }

  /// Microseconds since the start of the input (the recording's first event for replays).
  public var timeMicroseconds: Int64
  public var recognizer: String
  public var type: RecognizerKind
  public var view: String
  public var state: State
  /// The gesture's location in its view's coordinates, in pixels.
  public var location: Point
  /// Touches the gesture involves at this moment.
  public var touches: Int
  public var details: Details

  public init(
    timeMicroseconds: Int64, recognizer: String, type: RecognizerKind, view: String,
    state: State, location: Point, touches: Int, details: Details
  ) {
    self.timeMicroseconds = timeMicroseconds
    self.recognizer = recognizer
    self.type = type
    self.view = view
    self.state = state
    self.location = location
    self.touches = touches
    self.details = details
  }

  /// Reads `recognizer` (of scene type `type`) as it is now, in an action.
  public init(
    _ recognizer: GestureRecognizer, name: String, type: RecognizerKind, viewName: String,
    timeMicroseconds: Int64
  ) {
    self.timeMicroseconds = timeMicroseconds
    self.recognizer = name
    self.type = type
    view = viewName
    state = Self.state(recognizer.state, discrete: type.isDiscrete)
    location = recognizer.location(in: recognizer.view)
    touches = recognizer.numberOfTouches
    switch recognizer {
    case let tap as TapGestureRecognizer:
      details = .tap(taps: tap.taps)
    case let pan as PanGestureRecognizer:
      details = .pan(
        translation: pan.translation(in: pan.view), velocity: pan.velocity(in: pan.view))
    case let pinch as PinchGestureRecognizer:
      details = .pinch(scale: pinch.scale, velocity: pinch.velocity)
    case let rotation as RotationGestureRecognizer:
      details = .rotation(rotation: rotation.rotation, velocity: rotation.velocity)
    case let swipe as SwipeGestureRecognizer:
      details = .swipe(direction: swipe.swipedDirection.flatMap(SceneDirection.init))
    default:
      details = .longPress
    }
  }

  static func state(_ state: GestureRecognizerState, discrete: Bool) -> State {
    switch state {
    case .began: .began
    case .changed: .changed
    case .ended: discrete ? .recognized : .ended
    // Actions never run for possible or failed; report them as cancelled if they ever do.
    case .cancelled, .possible, .failed: .cancelled
    }
  }
}
