// SPDX-License-Identifier: MIT
import GestureBridgeClientC

/// A copy of one `struct gbc_gesture` the library delivered, its recognizer as an address.
struct RecordedGesture: Equatable {
  var recognizer: OpaquePointer?
  var userData: UnsafeMutableRawPointer?
  var kind: UInt32
  var state: UInt32
  var timeMicroseconds: UInt64
  var values: UInt32
  var location: [Double]
  var touches: UInt32
  var translation: [Double]
  var velocity: [Double]
  var scale: [Double]
  var rotation: [Double]
  var direction: UInt32
  var taps: UInt32

  init(_ gesture: gbc_gesture) {
    recognizer = gesture.recognizer
    userData = gesture.user_data
    kind = gesture.kind.rawValue
    state = gesture.state.rawValue
    timeMicroseconds = gesture.time_usec
    values = gesture.values
    location = [gesture.location.x, gesture.location.y]
    touches = gesture.touches.number
    translation = [gesture.translation.dx, gesture.translation.dy]
    velocity = [gesture.velocity.vx, gesture.velocity.vy]
    scale = [gesture.scale.scale, gesture.scale.velocity]
    rotation = [gesture.rotation.rotation, gesture.rotation.velocity]
    direction = gesture.direction.direction
    taps = gesture.taps.number
  }

  /// The state's name in the protocol XML ("began", ...).
  var stateName: String {
    gbc_state_name(gbc_state(rawValue: state)).map { String(cString: $0) } ?? "unknown \(state)"
  }

  /// Which GBC_VALUE_* bits are set, by name, for readable failures.
  var valueNames: [String] {
    let names: [(gbc_value, String)] = [
      (GBC_VALUE_LOCATION, "location"), (GBC_VALUE_TOUCHES, "touches"),
      (GBC_VALUE_TRANSLATION, "translation"), (GBC_VALUE_VELOCITY, "velocity"),
      (GBC_VALUE_SCALE, "scale"), (GBC_VALUE_ROTATION, "rotation"),
      (GBC_VALUE_DIRECTION, "direction"), (GBC_VALUE_TAPS, "taps"),
    ]
    return names.filter { values & $0.0.rawValue != 0 }.map(\.1)
  }
}
