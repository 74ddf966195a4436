// SPDX-License-Identifier: MIT
import GestureCore

/// The catalogue's recognizer kinds as gesture_bridge_manager_v1.type (`WireManagerType`,
/// generated from the protocol XML and shared with the client library): a kind is the entry
/// of the same name, `-` written `_` ("long-press" is `long_press`), so a kind added to the
/// catalogue and the XML needs nothing here.
extension RecognizerKind {
  /// The kind's entry name in the protocol's `type` enum ("long_press"), for error messages
  /// and recognizer names.
  var wireName: String { String(rawValue.map { $0 == "-" ? "_" : $0 }) }

  /// The kind's entry in the protocol's `type` enum; nil for a kind the protocol does not
  /// carry (a test in GestureBridgeServerTests keeps every kind carried).
  var wireType: WireManagerType? { WireManagerType.allCases.first { $0.xmlName == wireName } }

  /// The kind a get_recognizer request's `type` names, for a manager of `version`; nil for a
  /// value outside the enum or an entry newer than the client's version.
  init?(wireType value: UInt32, version: UInt32) {
    guard let type = WireManagerType(rawValue: value), type.since <= version,
      let kind = Self.allCases.first(where: { $0.wireName == type.xmlName })
    else { return nil }
    self = kind
  }

  /// Whether gesture-bridge-v1, on a binding of `version`, carries `parameter` for the kind:
  /// the catalogue's parameters, but the finger counts of pinch and rotation only from
  /// version 4 on (the XML's "since version 4" in the set_minimum_number_of_touches and
  /// set_maximum_number_of_touches descriptions; GestureBridgeClientCTests hold the client
  /// library, generated from those sentences, to this at every version).
  func takesOnTheWire(_ parameter: RecognizerParameter, version: UInt32) -> Bool {
    guard takes(parameter) else { return false }
    switch (self, parameter) {
    case (.pinch, .minimumNumberOfTouches), (.pinch, .maximumNumberOfTouches),
      (.rotation, .minimumNumberOfTouches), (.rotation, .maximumNumberOfTouches):
      return version >= 4
    default: return true
    }
  }
}
