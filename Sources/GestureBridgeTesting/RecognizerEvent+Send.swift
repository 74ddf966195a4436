// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-recognizer-swift.awk (part=send).
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer

extension RecognizerEvent {
  /// Sends the event on `resource`, a compositor's `gesture_bridge_recognizer_v1`.
  func send(to resource: OpaquePointer?) {
    switch self {
    case .location(let x, let y):
      gesture_bridge_recognizer_v1_send_location(
        resource, wl_fixed_from_double(x), wl_fixed_from_double(y))
    case .touches(let number):
      gesture_bridge_recognizer_v1_send_touches(
        resource, number)
    case .translation(let dx, let dy):
      gesture_bridge_recognizer_v1_send_translation(
        resource, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
    case .velocity(let vx, let vy):
      gesture_bridge_recognizer_v1_send_velocity(
        resource, wl_fixed_from_double(vx), wl_fixed_from_double(vy))
    case .scale(let scale, let velocity):
      gesture_bridge_recognizer_v1_send_scale(
        resource, wl_fixed_from_double(scale), wl_fixed_from_double(velocity))
    case .rotation(let rotation, let velocity):
      gesture_bridge_recognizer_v1_send_rotation(
        resource, wl_fixed_from_double(rotation), wl_fixed_from_double(velocity))
    case .direction(let direction):
      gesture_bridge_recognizer_v1_send_direction(
        resource, direction)
    case .taps(let number):
      gesture_bridge_recognizer_v1_send_taps(
        resource, number)
    case .frame(let state, let utime):
      gesture_bridge_recognizer_v1_send_frame(
        resource, state, UInt32(truncatingIfNeeded: utime >> 32),
        UInt32(truncatingIfNeeded: utime))
    }
  }
}
