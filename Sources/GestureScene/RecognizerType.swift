/// The recognizer types a scene file can name in `"type"`, with the parameters each accepts
/// (UIKit's property names).
public enum RecognizerType: String, CaseIterable, Sendable, Hashable {
  case tap
  case longPress = "long-press"
  case pan
  case pinch
  case rotation
  case swipe
  case screenEdgePan = "screen-edge-pan"

  /// Discrete gestures (tap, swipe) are reported once, as `recognized`.
  public var isDiscrete: Bool { self == .tap || self == .swipe }

  /// The keys every recognizer accepts.
  public static let commonKeys = [
    "name", "type", "requiresFailureOf", "recognizesSimultaneouslyWith", "cancelsTouchesInView",
    "delaysTouchesBegan", "delaysTouchesEnded", "enabled",
  ]

  /// The type's own parameters, as UIKit names them.
  public var parameterKeys: [String] {
    switch self {
    case .tap: ["numberOfTapsRequired", "numberOfTouchesRequired"]
    case .longPress:
      [
        "minimumPressDuration", "numberOfTouchesRequired", "numberOfTapsRequired",
        "allowableMovement",
      ]
    case .pan: ["minimumNumberOfTouches", "maximumNumberOfTouches"]
    case .pinch, .rotation: []
    case .swipe: ["direction", "numberOfTouchesRequired"]
    case .screenEdgePan: ["edges", "minimumNumberOfTouches", "maximumNumberOfTouches"]
    }
  }

  /// Every key some recognizer type accepts.
  static let allKeys: Set<String> = Set(commonKeys + allCases.flatMap(\.parameterKeys))
}
