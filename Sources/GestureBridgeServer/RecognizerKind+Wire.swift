import GestureBridgeWire
import GestureCore

/// The catalogue's recognizer kinds as gesture_bridge_manager_v1.type (`WireManagerType`,
/// generated from the protocol XML and shared with the client library).
extension RecognizerKind {
  /// The kind's value of the protocol's `type` enum.
  var wireType: WireManagerType {
    switch self {
    case .tap: .tap
    case .longPress: .longPress
    case .pan: .pan
    case .pinch: .pinch
    case .rotation: .rotation
    case .swipe: .swipe
    case .screenEdgePan: .screenEdgePan
    }
  }

  /// The kind a get_recognizer request's `type` names; nil for a value outside the enum.
  init?(wireType value: UInt32) {
    guard let type = WireManagerType(rawValue: value),
      let kind = Self.allCases.first(where: { $0.wireType == type })
    else { return nil }
    self = kind
  }

  /// The kind's entry name in the protocol's `type` enum ("long_press"), for error messages
  /// and recognizer names.
  var wireName: String { wireType.xmlName }
}
