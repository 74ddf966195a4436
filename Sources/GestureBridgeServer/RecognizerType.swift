import GestureCore

/// The recognizer types of gesture_bridge_manager_v1.type, with their wire values.
enum RecognizerType: UInt32, Sendable, CaseIterable {
  case tap = 1
  case longPress = 2
  case pan = 3
  case pinch = 4
  case rotation = 5
  case swipe = 6
  case screenEdgePan = 7

  /// A new GestureCore recognizer of this type (its failures reach the resource through the
  /// engine's state observer, see `RecognizerResource.engineStateChanged(_:)`).
  func makeRecognizer() -> GestureRecognizer {
    switch self {
    case .tap: TapGestureRecognizer()
    case .longPress: LongPressGestureRecognizer()
    case .pan: PanGestureRecognizer()
    case .pinch: PinchGestureRecognizer()
    case .rotation: RotationGestureRecognizer()
    case .swipe: SwipeGestureRecognizer()
    case .screenEdgePan: ScreenEdgePanGestureRecognizer()
    }
  }

  var name: String {
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
