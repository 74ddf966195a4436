import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client

/// One parameter request of `gesture_bridge_recognizer_v1`, with its wire value already
/// checked and converted.
enum RecognizerRequest: Equatable {
  case numberOfTapsRequired(Int32)
  case numberOfTouchesRequired(Int32)
  case minimumPressDuration(microseconds: Int32)
  /// Surface-local units as `wl_fixed_t`.
  case allowableMovement(fixed: Int32)
  case minimumNumberOfTouches(Int32)
  /// 0 for no limit.
  case maximumNumberOfTouches(Int32)
  case direction(UInt32)
  case edges(UInt32)
  case cancelsTouches(Bool)
  case delaysTouchesBegan(Bool)
  case delaysTouchesEnded(Bool)
  case enabled(Bool)

  /// Which parameter the request sets: a recognizer keeps one committed value per key.
  enum Key: Hashable {
    case numberOfTapsRequired, numberOfTouchesRequired, minimumPressDuration
    case allowableMovement, minimumNumberOfTouches, maximumNumberOfTouches
    case direction, edges, cancelsTouches, delaysTouchesBegan, delaysTouchesEnded, enabled
  }

  var key: Key {
    switch self {
    case .numberOfTapsRequired: .numberOfTapsRequired
    case .numberOfTouchesRequired: .numberOfTouchesRequired
    case .minimumPressDuration: .minimumPressDuration
    case .allowableMovement: .allowableMovement
    case .minimumNumberOfTouches: .minimumNumberOfTouches
    case .maximumNumberOfTouches: .maximumNumberOfTouches
    case .direction: .direction
    case .edges: .edges
    case .cancelsTouches: .cancelsTouches
    case .delaysTouchesBegan: .delaysTouchesBegan
    case .delaysTouchesEnded: .delaysTouchesEnded
    case .enabled: .enabled
    }
  }

  /// Sends the request on `proxy` (a `gesture_bridge_recognizer_v1`).
  func send(to proxy: OpaquePointer) {
    switch self {
    case .numberOfTapsRequired(let taps):
      gesture_bridge_recognizer_v1_set_number_of_taps_required(proxy, taps)
    case .numberOfTouchesRequired(let touches):
      gesture_bridge_recognizer_v1_set_number_of_touches_required(proxy, touches)
    case .minimumPressDuration(let microseconds):
      gesture_bridge_recognizer_v1_set_minimum_press_duration(proxy, microseconds)
    case .allowableMovement(let fixed):
      gesture_bridge_recognizer_v1_set_allowable_movement(proxy, fixed)
    case .minimumNumberOfTouches(let touches):
      gesture_bridge_recognizer_v1_set_minimum_number_of_touches(proxy, touches)
    case .maximumNumberOfTouches(let touches):
      gesture_bridge_recognizer_v1_set_maximum_number_of_touches(proxy, touches)
    case .direction(let bits):
      gesture_bridge_recognizer_v1_set_direction(proxy, bits)
    case .edges(let bits):
      gesture_bridge_recognizer_v1_set_edges(proxy, bits)
    case .cancelsTouches(let enabled):
      gesture_bridge_recognizer_v1_set_cancels_touches(proxy, enabled ? 1 : 0)
    case .delaysTouchesBegan(let enabled):
      gesture_bridge_recognizer_v1_set_delays_touches_began(proxy, enabled ? 1 : 0)
    case .delaysTouchesEnded(let enabled):
      gesture_bridge_recognizer_v1_set_delays_touches_ended(proxy, enabled ? 1 : 0)
    case .enabled(let enabled):
      gesture_bridge_recognizer_v1_set_enabled(proxy, enabled ? 1 : 0)
    }
  }
}
