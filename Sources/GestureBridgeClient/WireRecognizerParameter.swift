// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-recognizer-swift.awk (part=types).
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.

/// The requests of `gesture_bridge_recognizer_v1` that set a parameter (those with a Types
/// line in the XML), by their XML name.
enum WireRecognizerParameter: String, CaseIterable, Sendable {
  /// set numberOfTapsRequired.
  case setNumberOfTapsRequired = "set_number_of_taps_required"
  /// set numberOfTouchesRequired.
  case setNumberOfTouchesRequired = "set_number_of_touches_required"
  /// set minimumPressDuration.
  case setMinimumPressDuration = "set_minimum_press_duration"
  /// set allowableMovement.
  case setAllowableMovement = "set_allowable_movement"
  /// set minimumNumberOfTouches.
  case setMinimumNumberOfTouches = "set_minimum_number_of_touches"
  /// set maximumNumberOfTouches.
  case setMaximumNumberOfTouches = "set_maximum_number_of_touches"
  /// set the permitted swipe directions.
  case setDirection = "set_direction"
  /// set the screen edges a pan may start from.
  case setEdges = "set_edges"
  /// limit where the recognizer listens.
  case setRegion = "set_region"
  /// set cancelsTouchesInView.
  case setCancelsTouches = "set_cancels_touches"
  /// set delaysTouchesBegan.
  case setDelaysTouchesBegan = "set_delays_touches_began"
  /// set delaysTouchesEnded.
  case setDelaysTouchesEnded = "set_delays_touches_ended"
  /// enable or disable the recognizer.
  case setEnabled = "set_enabled"

  /// Whether the request applies to a recognizer of `type` on a binding of `version` (its
  /// Types line); on a recognizer of any other type it raises not_applicable.
  func applies(to type: WireManagerType, version: UInt32) -> Bool {
    switch self {
    case .setNumberOfTapsRequired:
      switch type {
      case .tap, .longPress: true
      default: false
      }
    case .setNumberOfTouchesRequired:
      switch type {
      case .tap, .longPress, .swipe: true
      default: false
      }
    case .setMinimumPressDuration:
      switch type {
      case .longPress: true
      default: false
      }
    case .setAllowableMovement:
      switch type {
      case .longPress: true
      default: false
      }
    case .setMinimumNumberOfTouches:
      switch type {
      case .pan, .screenEdgePan, .transform: true
      case .pinch, .rotation: version >= 4
      default: false
      }
    case .setMaximumNumberOfTouches:
      switch type {
      case .pan, .screenEdgePan, .transform: true
      case .pinch, .rotation: version >= 4
      default: false
      }
    case .setDirection:
      switch type {
      case .swipe: true
      default: false
      }
    case .setEdges:
      switch type {
      case .screenEdgePan: true
      default: false
      }
    case .setRegion: true
    case .setCancelsTouches: true
    case .setDelaysTouchesBegan: true
    case .setDelaysTouchesEnded: true
    case .setEnabled: true
    }
  }
}
