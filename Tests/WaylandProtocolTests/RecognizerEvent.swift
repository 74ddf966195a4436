/// One gesture_bridge_recognizer_v1 event as the test client received it, values decoded.
enum RecognizerEvent: Equatable {
  case location(x: Double, y: Double)
  case touches(UInt32)
  case translation(dx: Double, dy: Double)
  case velocity(vx: Double, vy: Double)
  case scale(scale: Double, velocity: Double)
  case rotation(radians: Double, velocity: Double)
  case direction(UInt32)
  case taps(UInt32)
  case frame(state: UInt32, microseconds: UInt64)
}
