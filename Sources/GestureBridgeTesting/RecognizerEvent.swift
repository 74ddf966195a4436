// SPDX-License-Identifier: MIT
/// One gesture_bridge_recognizer_v1 event, values decoded: what a `TestClient` receives, and
/// what a `TestCompositor` with the scripted manager sends when a recognizer commits.
public enum RecognizerEvent: Equatable, Sendable {
  case location(x: Double, y: Double)
  case touches(UInt32)
  case translation(dx: Double, dy: Double)
  case velocity(vx: Double, vy: Double)
  case scale(Double, velocity: Double)
  case rotation(Double, velocity: Double)
  case direction(UInt32)
  case taps(UInt32)
  case frame(state: UInt32, microseconds: UInt64)
}
