/// One event the fake compositor sends to a recognizer when it receives its commit.
enum ScriptedEvent {
  case location(x: Double, y: Double)
  case touches(UInt32)
  case translation(dx: Double, dy: Double)
  case velocity(vx: Double, vy: Double)
  case scale(Double, velocity: Double)
  case rotation(Double, velocity: Double)
  case direction(UInt32)
  case taps(UInt32)
  case frame(state: UInt32, microseconds: UInt64)
  /// Posts a protocol error on the recognizer (the connection dies).
  case error(code: UInt32, message: String)
}
