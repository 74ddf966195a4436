// SPDX-License-Identifier: MIT

/// The state a recognizer has just entered, as reported by the protocol's `frame` event:
/// `gesture_bridge_recognizer_v1.state`, generated from the protocol XML into
/// ProtocolEnums.swift. `rawValue`s of UIKit's states, except `recognized`, which UIKit aliases to
/// `ended`.
public typealias GestureState = WireRecognizerState

extension GestureState {
  /// The name used by `gesture-bridge replay --format json`: the XML's name.
  public var jsonName: String { xmlName }
}
