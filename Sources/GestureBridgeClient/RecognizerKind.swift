/// The kind of gesture a compositor recognizer recognizes: the protocol's
/// `gesture_bridge_manager_v1.type`, with the raw values of that enum. The client library does
/// not link GestureCore (whose `RecognizerKind` is the compositor's catalogue), so the kinds
/// are listed here too; `ProtocolEnumTests` checks every raw value against the header
/// wayland-scanner generates from the protocol XML, which is what the compositor decodes.
public enum RecognizerKind: UInt32, CaseIterable, Sendable {
  /// Discrete, like `UITapGestureRecognizer`.
  case tap = 1
  /// Continuous, like `UILongPressGestureRecognizer`.
  case longPress = 2
  /// Continuous, like `UIPanGestureRecognizer`.
  case pan = 3
  /// Continuous, like `UIPinchGestureRecognizer`.
  case pinch = 4
  /// Continuous, like `UIRotationGestureRecognizer`.
  case rotation = 5
  /// Discrete, like `UISwipeGestureRecognizer`.
  case swipe = 6
  /// Continuous, like `UIScreenEdgePanGestureRecognizer`.
  case screenEdgePan = 7

  /// The name used by `gesture-bridge replay --format json` ("tap", "long-press", ...).
  public var jsonName: String {
    switch self {
    case .tap: "tap"
    case .longPress: "long-press"
    case .pan: "pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .swipe: "swipe"
    case .screenEdgePan: "screen-edge-pan"
    }
  }

  /// Whether the kind goes from possible straight to recognized (tap, swipe).
  public var isDiscrete: Bool { self == .tap || self == .swipe }
}
