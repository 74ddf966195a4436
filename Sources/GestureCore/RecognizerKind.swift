// SPDX-License-Identifier: MIT
/// The kinds of built-in recognizer, by the names scene files, reports and bindings use
/// (`"tap"`, `"long-press"`, ...). With `RecognizerParameter` and `RecognizerParameters` this
/// is the one catalogue of recognizers: which parameters each kind takes, their lowest
/// values, and the factory (`makeRecognizer(_:)`). The defaults are the recognizers' own
/// (UIKit's); a parameter left out keeps them.
public enum RecognizerKind: String, CaseIterable, Sendable, Hashable {
  case tap
  case longPress = "long-press"
  case pan
  case pinch
  case rotation
  case swipe
  case screenEdgePan = "screen-edge-pan"
  case transform

  /// Discrete gestures (tap, swipe) go from possible straight to recognized: what the kind's
  /// recognizer says (`GestureRecognizer.isContinuous`, the one place it is written).
  public var isDiscrete: Bool { !makeRecognizer().isContinuous }

  /// The kind's own parameters, in the order scene files document them.
  public var parameters: [RecognizerParameter] {
    switch self {
    case .tap: [.numberOfTapsRequired, .numberOfTouchesRequired]
    case .longPress:
      [.minimumPressDuration, .numberOfTouchesRequired, .numberOfTapsRequired, .allowableMovement]
    case .pan: [.minimumNumberOfTouches, .maximumNumberOfTouches]
    case .pinch: [.minimumNumberOfTouches]
    case .rotation: []
    case .swipe: [.direction, .numberOfTouchesRequired]
    case .screenEdgePan: [.edges, .minimumNumberOfTouches, .maximumNumberOfTouches]
    case .transform: [.minimumNumberOfTouches, .maximumNumberOfTouches]
    }
  }

  /// Whether the kind takes `parameter`.
  public func takes(_ parameter: RecognizerParameter) -> Bool { parameters.contains(parameter) }

  /// The lowest `numberOfTapsRequired` the kind accepts: a tap needs one, a long press may
  /// come without taps before it.
  public var minimumNumberOfTapsRequired: Int { self == .longPress ? 0 : 1 }

  /// A new recognizer of this kind with `parameters` applied (those left nil keep the
  /// recognizer's defaults).
  public func makeRecognizer(_ parameters: RecognizerParameters = RecognizerParameters())
    -> GestureRecognizer
  {
    let recognizer: GestureRecognizer
    switch self {
    case .tap: recognizer = TapGestureRecognizer()
    case .longPress: recognizer = LongPressGestureRecognizer()
    case .pan: recognizer = PanGestureRecognizer()
    case .pinch: recognizer = PinchGestureRecognizer()
    case .rotation: recognizer = RotationGestureRecognizer()
    case .swipe: recognizer = SwipeGestureRecognizer()
    case .screenEdgePan: recognizer = ScreenEdgePanGestureRecognizer()
    case .transform: recognizer = TransformGestureRecognizer()
    }
    parameters.apply(to: recognizer)
    return recognizer
  }
}
