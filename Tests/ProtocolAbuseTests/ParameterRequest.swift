// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client

/// One value-carrying request of gesture_bridge_recognizer_v1, with the recognizer types it
/// applies to and, per type, the values the XML rejects (invalid_value) and the extreme
/// values it accepts. Values are the raw 32-bit words on the wire (wl_fixed_t for fixed).
struct ParameterRequest: Sendable {
  typealias WireType = gesture_bridge_manager_v1_type

  let name: String
  let appliesTo: [WireType]
  let invalid: @Sendable (WireType) -> [Int64]
  let validExtremes: @Sendable (WireType) -> [Int64]
  let send: @Sendable (OpaquePointer, Int64) -> Void

  static let allTypes: [WireType] = [
    GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP, GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS,
    GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN, GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH,
    GESTURE_BRIDGE_MANAGER_V1_TYPE_ROTATION, GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE,
    GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN,
  ]

  private static let intMin = Int64(Int32.min)
  private static let intMax = Int64(Int32.max)
  private static let uintMax = Int64(UInt32.max)

  private static func int(_ value: Int64) -> Int32 { Int32(truncatingIfNeeded: value) }
  private static func uint(_ value: Int64) -> UInt32 { UInt32(truncatingIfNeeded: value) }

  /// A 0-or-1 property that applies to every type.
  private static func flag(
    _ name: String, _ send: @escaping @Sendable (OpaquePointer, UInt32) -> Void
  ) -> ParameterRequest {
    ParameterRequest(
      name: name, appliesTo: allTypes, invalid: { _ in [2, 3, uintMax] },
      validExtremes: { _ in [0, 1] }, send: { send($0, uint($1)) })
  }

  static let all: [ParameterRequest] = [
    ParameterRequest(
      name: "set_number_of_taps_required",
      appliesTo: [GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP, GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS],
      invalid: { $0 == GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP ? [0, -1, intMin] : [-1, intMin] },
      validExtremes: { $0 == GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP ? [1, intMax] : [0, intMax] },
      send: { gesture_bridge_recognizer_v1_set_number_of_taps_required($0, int($1)) }),
    ParameterRequest(
      name: "set_number_of_touches_required",
      appliesTo: [
        GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP, GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS,
        GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE,
      ],
      invalid: { _ in [0, -1, intMin] }, validExtremes: { _ in [1, intMax] },
      send: { gesture_bridge_recognizer_v1_set_number_of_touches_required($0, int($1)) }),
    ParameterRequest(
      name: "set_minimum_press_duration", appliesTo: [GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS],
      invalid: { _ in [-1, intMin] }, validExtremes: { _ in [0, intMax] },
      send: { gesture_bridge_recognizer_v1_set_minimum_press_duration($0, int($1)) }),
    // wl_fixed_t: -1 is -1/256; Int32.min is -8388608.0, Int32.max 8388607.996.
    ParameterRequest(
      name: "set_allowable_movement", appliesTo: [GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS],
      invalid: { _ in [-1, -256, intMin] }, validExtremes: { _ in [0, intMax] },
      send: { gesture_bridge_recognizer_v1_set_allowable_movement($0, int($1)) }),
    ParameterRequest(
      name: "set_minimum_number_of_touches",
      appliesTo: [
        GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN, GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN,
      ],
      invalid: { _ in [0, -1, intMin] }, validExtremes: { _ in [1, intMax] },
      send: { gesture_bridge_recognizer_v1_set_minimum_number_of_touches($0, int($1)) }),
    ParameterRequest(
      name: "set_maximum_number_of_touches",
      appliesTo: [
        GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN, GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN,
      ],
      invalid: { _ in [-1, intMin] }, validExtremes: { _ in [intMax, 0] },
      send: { gesture_bridge_recognizer_v1_set_maximum_number_of_touches($0, int($1)) }),
    ParameterRequest(
      name: "set_direction", appliesTo: [GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE],
      invalid: { _ in [0, 16, 0x11, uintMax] }, validExtremes: { _ in [1, 15] },
      send: { gesture_bridge_recognizer_v1_set_direction($0, uint($1)) }),
    ParameterRequest(
      name: "set_edges", appliesTo: [GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN],
      invalid: { _ in [16, 0x13, uintMax] }, validExtremes: { _ in [0, 15] },
      send: { gesture_bridge_recognizer_v1_set_edges($0, uint($1)) }),
    flag("set_cancels_touches") { gesture_bridge_recognizer_v1_set_cancels_touches($0, $1) },
    flag("set_delays_touches_began") {
      gesture_bridge_recognizer_v1_set_delays_touches_began($0, $1)
    },
    flag("set_delays_touches_ended") {
      gesture_bridge_recognizer_v1_set_delays_touches_ended($0, $1)
    },
    flag("set_enabled") { gesture_bridge_recognizer_v1_set_enabled($0, $1) },
  ]
}
