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
    case .pinch, .rotation: [.minimumNumberOfTouches, .maximumNumberOfTouches]
    case .swipe: [.direction, .numberOfTouchesRequired]
    case .screenEdgePan: [.edges, .minimumNumberOfTouches, .maximumNumberOfTouches]
    case .transform: [.minimumNumberOfTouches, .maximumNumberOfTouches]
    }
  }

  /// Whether the kind takes `parameter`.
  public func takes(_ parameter: RecognizerParameter) -> Bool { parameters.contains(parameter) }

  /// The `minimumNumberOfTouches` of a recognizer that was not given one: 2 for the
  /// two-finger gestures (pinch, rotation), 1 for the others that take it. The recognizers
  /// start from these and the next one (their only statement).
  public var defaultMinimumNumberOfTouches: Int { isTwoFingerGesture ? 2 : 1 }

  /// The `maximumNumberOfTouches` of a recognizer that was not given one: 2 for pinch and
  /// rotation ("a pinch-close gesture has two touches", the event handling guide; UIKit's
  /// rotation is "two fingers rotating"), `Int.max` (no limit) for pan, screen-edge pan and
  /// transform (UIKit's `NSUIntegerMax`). A maximum below the minimum counts as the minimum
  /// (`TouchCountRule`), so a pinch given only a minimum of 4 is a four-finger pinch.
  public var defaultMaximumNumberOfTouches: Int { isTwoFingerGesture ? 2 : Int.max }

  private var isTwoFingerGesture: Bool { self == .pinch || self == .rotation }

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
