// SPDX-License-Identifier: MIT
/// Accumulates one recognizer's value events until its `frame` event and turns them into a
/// `Gesture` with the values sent (a failed frame has none). Location and
/// touches, which the compositor sends before every frame, fall back to those of the previous
/// frame (initially the origin and 0) if a frame arrives without them; kind-specific values are
/// forgotten after each frame.
struct GestureAssembler {
  let recognizerName: String
  let kind: RecognizerKind
  private var location = SurfacePoint.zero
  private var touches = 0
  /// The value events since the last frame.
  private var values = GestureValues.none

  init(recognizerName: String, kind: RecognizerKind) {
    self.recognizerName = recognizerName
    self.kind = kind
  }

  mutating func location(x: Double, y: Double) { location = SurfacePoint(x: x, y: y) }
  mutating func touches(_ number: UInt32) { touches = Int(number) }
  mutating func taps(_ number: UInt32) { values.taps = Int(number) }
  mutating func translation(dx: Double, dy: Double) {
    values.translation = SurfaceVector(dx: dx, dy: dy)
  }
  mutating func velocity(vx: Double, vy: Double) {
    values.velocityPerSecond = SurfaceVector(dx: vx, dy: vy)
  }
  mutating func scale(_ scale: Double, velocity: Double) {
    values.scale = scale
    values.scalePerSecond = velocity
  }
  mutating func rotation(_ radians: Double, velocity: Double) {
    values.rotationRadians = radians
    values.radiansPerSecond = velocity
  }
  /// A swipe's direction: one bit of the protocol's enum (nil for none, several or unknown).
  mutating func direction(_ bits: UInt32) {
    let direction = SwipeDirections(rawValue: bits)
    values.direction = direction.xmlName == nil ? nil : direction
  }

  /// Ends the group: returns the gesture for the frame's state (nil if `state` is not a value
  /// of the protocol's state enum) and forgets the kind-specific values.
  mutating func frame(state rawState: UInt32, high: UInt32, low: UInt32) -> Gesture? {
    defer { values = .none }
    guard let state = GestureState(rawValue: rawState) else { return nil }
    return Gesture(
      recognizerName: recognizerName, kind: kind, state: state, location: location,
      touches: touches, timestampMicroseconds: UInt64(high) << 32 | UInt64(low),
      values: state == .failed ? .none : values)
  }
}
