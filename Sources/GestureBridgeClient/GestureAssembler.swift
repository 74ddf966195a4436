// SPDX-License-Identifier: MIT
/// Accumulates one recognizer's value events until its `frame` event and turns them into a
/// `Gesture` with the values sent (a failed frame has none). Location and
/// touches, which the compositor sends before every frame, fall back to those of the previous
/// frame (initially the origin and 0) if a frame arrives without them; kind-specific values are
/// forgotten after each frame.
struct GestureAssembler {
  let recognizerName: String
  let kind: GestureKind
  private var location = SurfacePoint.zero
  private var touches = 0
  /// The value events since the last frame.
  private var values = GestureValues.none

  init(recognizerName: String, kind: GestureKind) {
    self.recognizerName = recognizerName
    self.kind = kind
  }

  /// Takes one event of the recognizer: a value event is kept; `frame` ends the group and
  /// returns its gesture (nil for a state that is not a value of the protocol's state enum).
  mutating func receive(_ event: RecognizerEvent) -> Gesture? {
    switch event {
    case .location(let x, let y): location = SurfacePoint(x: x, y: y)
    case .touches(let number): touches = Int(number)
    case .taps(let number): values.taps = Int(number)
    case .translation(let dx, let dy): values.translation = SurfaceVector(dx: dx, dy: dy)
    case .velocity(let vx, let vy): values.velocityPerSecond = SurfaceVector(dx: vx, dy: vy)
    case .scale(let scale, let velocity):
      values.scale = scale
      values.scalePerSecond = velocity
    case .rotation(let radians, let velocity):
      values.rotationRadians = radians
      values.radiansPerSecond = velocity
    case .direction(let bits):
      // One bit of the protocol's enum (nil for none, several or unknown).
      let direction = SwipeDirections(rawValue: bits)
      values.direction = direction.xmlName == nil ? nil : direction
    case .frame(let state, let utime): return frame(state: state, microseconds: utime)
    }
    return nil
  }

  /// Ends the group: returns the gesture for the frame's state (nil if `state` is not a value
  /// of the protocol's state enum) and forgets the kind-specific values.
  private mutating func frame(state rawState: UInt32, microseconds: UInt64) -> Gesture? {
    defer { values = .none }
    guard let state = GestureState(rawValue: rawState) else { return nil }
    return Gesture(
      recognizerName: recognizerName, kind: kind, state: state, location: location,
      touches: touches, timestampMicroseconds: microseconds,
      values: state == .failed ? .none : values)
  }
}
