// SPDX-License-Identifier: MIT
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

  /// Whether gesture-bridge-v1 carries `parameter` for the kind: the catalogue's parameters,
  /// but not the pinch's touch count (configs only, for the compositor's system gestures;
  /// the protocol's set_minimum_number_of_touches is pan's and screen_edge_pan's).
  func takesOnTheWire(_ parameter: RecognizerParameter) -> Bool {
    takes(parameter) && !(self == .pinch && parameter == .minimumNumberOfTouches)
  }

  /// The kind's entry name in the protocol's `type` enum ("long_press"), for error messages
  /// and recognizer names.
  var wireName: String { wireType.xmlName }
}
