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
  /// What the recognizer's kind reports besides (its `GestureRecognizer.values`).
  public var values: GestureValues

  public init(
    timeMicroseconds: Int64, recognizer: String, type: RecognizerKind, view: String,
    state: State, location: Point, touches: Int, values: GestureValues
  ) {
    self.timeMicroseconds = timeMicroseconds
    self.recognizer = recognizer
    self.type = type
    self.view = view
    self.state = state
    self.location = location
    self.touches = touches
    self.values = values
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
    state = Self.state(recognizer.state, discrete: !recognizer.isContinuous)
    // (The view, held weakly by the recognizer, is loaded once: each load and release of a
    // weakly referenced object takes the runtime's slow path.)
    let view = recognizer.view
    location = recognizer.location(in: view)
    touches = recognizer.numberOfTouches
    values = recognizer.values(in: view)
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
