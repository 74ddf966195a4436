/// The state a recognizer has just entered, as reported by the protocol's `frame` event (raw
/// values of `gesture_bridge_recognizer_v1.state`; `ProtocolEnumTests` checks them against the
/// header wayland-scanner generates from the protocol XML). `rawValue`s of UIKit's states,
/// except `recognized`, which UIKit aliases to `ended`.
public enum GestureState: UInt32, CaseIterable, Sendable {
  case began = 1
  case changed = 2
  case ended = 3
  case cancelled = 4
  case failed = 5
  case recognized = 6

  /// The name used by `gesture-bridge replay --format json`: the case's name.
  public var jsonName: String { "\(self)" }
}
