/// The state a recognizer has just entered, as reported by the protocol's `frame` event (raw
/// values of `gesture_bridge_recognizer_v1.state`). `rawValue`s of UIKit's states, except
/// `recognized`, which UIKit aliases to `ended`.
public enum GestureState: UInt32, CaseIterable, Sendable {
  case began = 1
  case changed = 2
  case ended = 3
  case cancelled = 4
  case failed = 5
  case recognized = 6

  /// The name used by `gesture-bridge replay --format json`.
  public var jsonName: String {
    switch self {
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    case .recognized: "recognized"
    }
  }
}
