import CGestureBridgeProtocol
import CGestureBridgeProtocol.Server
import GestureCore

/// The catalogue's recognizer kinds as gesture_bridge_manager_v1.type: the values come from
/// the header wayland-scanner generates from `Protocols/gesture-bridge-v1.xml`
/// (`scripts/check-generated.sh` keeps it current), so the XML is their one source.
extension RecognizerKind {
  /// The kind a get_recognizer request's `type` names; nil for a value outside the enum.
  init?(wireType value: UInt32) {
    switch gesture_bridge_manager_v1_type(rawValue: value) {
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP: self = .tap
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS: self = .longPress
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN: self = .pan
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH: self = .pinch
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_ROTATION: self = .rotation
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE: self = .swipe
    case GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN: self = .screenEdgePan
    default: return nil
    }
  }

  /// The kind's entry name in the protocol's `type` enum ("long_press"), for error messages
  /// and recognizer names.
  var wireName: String {
    switch self {
    case .tap: "tap"
    case .longPress: "long_press"
    case .pan: "pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .swipe: "swipe"
    case .screenEdgePan: "screen_edge_pan"
    }
  }
}
