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
  /// nil: the kind's default (`RecognizerKind.defaultMaximumNumberOfTouches`: no limit for pan,
  /// screen-edge pan and transform, 2 for pinch and rotation); `Int.max`: no limit.
  /// `apply(to:)` always sets it, so nil after a limit restores the default.
  public var maximumNumberOfTouches: Int?
  public var direction: SwipeDirection?
  public var edges: RectEdge?
  public var cancelsTouchesInView: Bool?
  public var delaysTouchesBegan: Bool?
  public var delaysTouchesEnded: Bool?
  public var isEnabled: Bool?

  public init() {}

  /// Sets every parameter that is not nil on `recognizer` (`GestureRecognizer.apply(_:)`).
  public func apply(to recognizer: GestureRecognizer) { recognizer.apply(self) }
}
