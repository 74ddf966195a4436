// SPDX-License-Identifier: MIT
/// The parameters and delivery properties of one recognizer, as a value. nil: the
/// recognizer's own default (UIKit's; for `allowableMovement`, the engine's
/// `GestureSettings.longPressAllowableMovementPixels`). Values for parameters a recognizer
/// does not take are ignored by `apply(to:)`; callers validate against
/// `RecognizerKind.parameters` first.
public struct RecognizerParameters: Sendable, Hashable {
  public var numberOfTapsRequired: Int?
  public var numberOfTouchesRequired: Int?
  /// Seconds.
  public var minimumPressDuration: Double?
  /// Pixels of the view's coordinate space.
  public var allowableMovement: Double?
  public var minimumNumberOfTouches: Int?
  /// nil: no limit (the default); `apply(to:)` always sets it, so nil after a limit removes it.
  public var maximumNumberOfTouches: Int?
  public var direction: SwipeDirection?
  public var edges: RectEdge?
  public var cancelsTouchesInView: Bool?
  public var delaysTouchesBegan: Bool?
  public var delaysTouchesEnded: Bool?
  public var isEnabled: Bool?

  public init() {}

  /// Sets every parameter that is not nil on `recognizer`.
  public func apply(to recognizer: GestureRecognizer) {
    if let value = cancelsTouchesInView { recognizer.cancelsTouchesInView = value }
    if let value = delaysTouchesBegan { recognizer.delaysTouchesBegan = value }
    if let value = delaysTouchesEnded { recognizer.delaysTouchesEnded = value }
    if let value = isEnabled { recognizer.isEnabled = value }
    switch recognizer {
    case let tap as TapGestureRecognizer:
      if let value = numberOfTapsRequired { tap.numberOfTapsRequired = value }
      if let value = numberOfTouchesRequired { tap.numberOfTouchesRequired = value }
    case let press as LongPressGestureRecognizer:
      if let value = minimumPressDuration { press.minimumPressDuration = value }
      if let value = numberOfTouchesRequired { press.numberOfTouchesRequired = value }
      if let value = numberOfTapsRequired { press.numberOfTapsRequired = value }
      if let value = allowableMovement { press.allowableMovement = value }
    case let swipe as SwipeGestureRecognizer:
      if let value = numberOfTouchesRequired { swipe.numberOfTouchesRequired = value }
      if let value = direction { swipe.direction = value }
    case let pinch as PinchGestureRecognizer:
      if let value = minimumNumberOfTouches { pinch.minimumNumberOfTouches = value }
    case let pan as PanGestureRecognizer:
      if let value = minimumNumberOfTouches { pan.minimumNumberOfTouches = value }
      pan.maximumNumberOfTouches = maximumNumberOfTouches ?? Int.max
      if let edgePan = pan as? ScreenEdgePanGestureRecognizer, let value = edges {
        edgePan.edges = value
      }
    default: break
    }
  }
}
