// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-recognizer-swift.awk (part=events).
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
import CWaylandClient
import CWaylandProtocols
import CWaylandProtocols.Client

/// One event of `gesture_bridge_recognizer_v1`, its arguments decoded: what a recognizer
/// receives, one case an event of the XML.
public enum RecognizerEvent: Equatable, Sendable {
  /// location of the gesture.
  case location(x: Double, y: Double)
  /// number of touches.
  case touches(UInt32)
  /// pan translation.
  case translation(dx: Double, dy: Double)
  /// pan velocity.
  case velocity(vx: Double, vy: Double)
  /// pinch scale.
  case scale(Double, velocity: Double)
  /// rotation angle.
  case rotation(Double, velocity: Double)
  /// direction actually swiped.
  case direction(UInt32)
  /// number of taps.
  case taps(UInt32)
  /// end of one state change.
  case frame(state: UInt32, utime: UInt64)
}

/// The listener of `gesture_bridge_recognizer_v1`: each event goes, decoded, to
/// `RecognizerEventLog.receive(data, event)`.
nonisolated(unsafe) let recognizerListener:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener> = {
    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: gesture_bridge_recognizer_v1_listener(
        location: { data, _, x, y in
          RecognizerEventLog.receive(
            data, .location(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
        },
        touches: { data, _, number in
          RecognizerEventLog.receive(
            data, .touches(number))
        },
        translation: { data, _, dx, dy in
          RecognizerEventLog.receive(
            data, .translation(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)))
        },
        velocity: { data, _, vx, vy in
          RecognizerEventLog.receive(
            data, .velocity(vx: wl_fixed_to_double(vx), vy: wl_fixed_to_double(vy)))
        },
        scale: { data, _, scale, velocity in
          RecognizerEventLog.receive(
            data, .scale(wl_fixed_to_double(scale), velocity: wl_fixed_to_double(velocity)))
        },
        rotation: { data, _, rotation, velocity in
          RecognizerEventLog.receive(
            data, .rotation(wl_fixed_to_double(rotation), velocity: wl_fixed_to_double(velocity)))
        },
        direction: { data, _, direction in
          RecognizerEventLog.receive(
            data, .direction(direction))
        },
        taps: { data, _, number in
          RecognizerEventLog.receive(
            data, .taps(number))
        },
        frame: { data, _, state, utimeHi, utimeLo in
          RecognizerEventLog.receive(
            data, .frame(state: state, utime: UInt64(utimeHi) << 32 | UInt64(utimeLo)))
        }))
    return pointer
  }()
