// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-recognizer-swift.awk (part=requests).
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
import CWaylandClient
import CWaylandProtocols
import CWaylandProtocols.Client

/// One parameter request of `gesture_bridge_recognizer_v1` (a request with a Types line and
/// one int, uint or fixed argument), its wire value already checked and converted (fixed:
/// `wl_fixed_t`).
enum RecognizerRequest: Equatable {
  /// set numberOfTapsRequired.
  case numberOfTapsRequired(taps: Int32)
  /// set numberOfTouchesRequired.
  case numberOfTouchesRequired(touches: Int32)
  /// set minimumPressDuration.
  case minimumPressDuration(durationUsec: Int32)
  /// set allowableMovement.
  case allowableMovement(distance: Int32)
  /// set minimumNumberOfTouches.
  case minimumNumberOfTouches(touches: Int32)
  /// set maximumNumberOfTouches.
  case maximumNumberOfTouches(touches: Int32)
  /// set the permitted swipe directions.
  case direction(direction: UInt32)
  /// set the screen edges a pan may start from.
  case edges(edges: UInt32)
  /// set cancelsTouchesInView.
  case cancelsTouches(enabled: UInt32)
  /// set delaysTouchesBegan.
  case delaysTouchesBegan(enabled: UInt32)
  /// set delaysTouchesEnded.
  case delaysTouchesEnded(enabled: UInt32)
  /// enable or disable the recognizer.
  case enabled(enabled: UInt32)

  /// The request it is: a recognizer keeps one committed value per request.
  var parameter: WireRecognizerParameter {
    switch self {
    case .numberOfTapsRequired: .setNumberOfTapsRequired
    case .numberOfTouchesRequired: .setNumberOfTouchesRequired
    case .minimumPressDuration: .setMinimumPressDuration
    case .allowableMovement: .setAllowableMovement
    case .minimumNumberOfTouches: .setMinimumNumberOfTouches
    case .maximumNumberOfTouches: .setMaximumNumberOfTouches
    case .direction: .setDirection
    case .edges: .setEdges
    case .cancelsTouches: .setCancelsTouches
    case .delaysTouchesBegan: .setDelaysTouchesBegan
    case .delaysTouchesEnded: .setDelaysTouchesEnded
    case .enabled: .setEnabled
    }
  }

  /// Sends the request on `proxy` (a `gesture_bridge_recognizer_v1`).
  func send(to proxy: OpaquePointer) {
    switch self {
    case .numberOfTapsRequired(let taps):
      gesture_bridge_recognizer_v1_set_number_of_taps_required(proxy, taps)
    case .numberOfTouchesRequired(let touches):
      gesture_bridge_recognizer_v1_set_number_of_touches_required(proxy, touches)
    case .minimumPressDuration(let durationUsec):
      gesture_bridge_recognizer_v1_set_minimum_press_duration(proxy, durationUsec)
    case .allowableMovement(let distance):
      gesture_bridge_recognizer_v1_set_allowable_movement(proxy, distance)
    case .minimumNumberOfTouches(let touches):
      gesture_bridge_recognizer_v1_set_minimum_number_of_touches(proxy, touches)
    case .maximumNumberOfTouches(let touches):
      gesture_bridge_recognizer_v1_set_maximum_number_of_touches(proxy, touches)
    case .direction(let direction):
      gesture_bridge_recognizer_v1_set_direction(proxy, direction)
    case .edges(let edges):
      gesture_bridge_recognizer_v1_set_edges(proxy, edges)
    case .cancelsTouches(let enabled):
      gesture_bridge_recognizer_v1_set_cancels_touches(proxy, enabled)
    case .delaysTouchesBegan(let enabled):
      gesture_bridge_recognizer_v1_set_delays_touches_began(proxy, enabled)
    case .delaysTouchesEnded(let enabled):
      gesture_bridge_recognizer_v1_set_delays_touches_ended(proxy, enabled)
    case .enabled(let enabled):
      gesture_bridge_recognizer_v1_set_enabled(proxy, enabled)
    }
  }
}
