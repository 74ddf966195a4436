// SPDX-License-Identifier: MIT
/// Accumulates one recognizer's value events until its `frame` event and turns them into a
/// `Gesture`. Values that do not belong to the recognizer's kind are ignored. Location and
/// touches, which the compositor sends before every frame, fall back to those of the previous
/// frame (initially the origin and 0) if a frame arrives without them; kind-specific values are
/// forgotten after each frame.
struct GestureAssembler {
  let recognizerName: String
  let kind: RecognizerKind
  private var location = SurfacePoint.zero
  private var touches = 0
  private var taps: Int?
  private var translation: SurfaceVector?
  private var velocity: SurfaceVector?
  private var scale: (scale: Double, velocity: Double)?
  private var rotation: (radians: Double, velocity: Double)?
  private var directionBits: UInt32?

  init(recognizerName: String, kind: RecognizerKind) {
    self.recognizerName = recognizerName
    self.kind = kind
  }

  mutating func location(x: Double, y: Double) { location = SurfacePoint(x: x, y: y) }
  mutating func touches(_ number: UInt32) { touches = Int(number) }
  mutating func taps(_ number: UInt32) { taps = Int(number) }
  mutating func translation(dx: Double, dy: Double) {
    translation = SurfaceVector(dx: dx, dy: dy)
  }
  mutating func velocity(vx: Double, vy: Double) { velocity = SurfaceVector(dx: vx, dy: vy) }
  mutating func scale(_ scale: Double, velocity: Double) { self.scale = (scale, velocity) }
  mutating func rotation(_ radians: Double, velocity: Double) {
    rotation = (radians, velocity)
  }
  mutating func direction(_ bits: UInt32) { directionBits = bits }

  /// Ends the group: returns the gesture for the frame's state (nil if `state` is not a value
  /// of the protocol's state enum) and forgets the kind-specific values.
  mutating func frame(state rawState: UInt32, high: UInt32, low: UInt32) -> Gesture? {
    defer {
      taps = nil
      translation = nil
      velocity = nil
      scale = nil
      rotation = nil
      directionBits = nil
    }
    guard let state = GestureState(rawValue: rawState) else { return nil }
    return Gesture(
      recognizerName: recognizerName, kind: kind, state: state, location: location,
      touches: touches, timestampMicroseconds: UInt64(high) << 32 | UInt64(low),
      values: state == .failed ? .none : kindValues())
  }

  private func kindValues() -> GestureValues {
    switch kind {
    case .tap:
      return taps.map { .tap(taps: $0) } ?? .none
    case .longPress:
      return .none
    case .pan, .screenEdgePan:
      guard translation != nil || velocity != nil else { return .none }
      return .pan(translation: translation ?? .zero, velocityPerSecond: velocity ?? .zero)
    case .pinch:
      return scale.map { .pinch(scale: $0.scale, velocityPerSecond: $0.velocity) } ?? .none
    case .rotation:
      return rotation.map { .rotation(radians: $0.radians, radiansPerSecond: $0.velocity) }
        ?? .none
    case .swipe:
      return directionBits.map { .swipe(direction: SwipedDirection(bits: $0)) } ?? .none
    }
  }
}
