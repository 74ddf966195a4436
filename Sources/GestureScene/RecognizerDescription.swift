// SPDX-License-Identifier: MIT
import GestureCore

/// One entry of a view's `"recognizers"` list. A parameter left out (nil) keeps the
/// recognizer's own default.
public struct RecognizerDescription: Sendable, Hashable {
  /// Unique within the scene; reports and relations use it.
  public var name: String
  public var type: RecognizerKind
  public var numberOfTapsRequired: Int?
  public var numberOfTouchesRequired: Int?
  /// Seconds.
  public var minimumPressDuration: Double?
  /// Screen pixels; nil: the default, `GestureSettings.longPressAllowableMovementPixels`
  /// (UIKit's 10 pt as 1.56 mm through the touchscreen's scale, 10 when that is unknown).
  public var allowableMovement: Double?
  public var minimumNumberOfTouches: Int?
  public var maximumNumberOfTouches: Int?
  /// Swipe directions (non-empty when given).
  public var direction: [SceneDirection]?
  /// Screen edges (non-empty when given).
  public var edges: [SceneEdge]?
  /// Names of recognizers that must fail before this one may recognize.
  public var requiresFailureOf: [String] = []
  /// Names of recognizers this one may recognize together with (both directions).
  public var recognizesSimultaneouslyWith: [String] = []
  public var cancelsTouchesInView: Bool?
  public var delaysTouchesBegan: Bool?
  public var delaysTouchesEnded: Bool?
  public var enabled: Bool?

  public init(name: String, type: RecognizerKind) {
    self.name = name
    self.type = type
  }

  /// The described parameters as the catalogue's values (names become GestureCore's
  /// `SwipeDirection` and `RectEdge` sets).
  public var parameters: RecognizerParameters {
    var parameters = RecognizerParameters()
    parameters.numberOfTapsRequired = numberOfTapsRequired
    parameters.numberOfTouchesRequired = numberOfTouchesRequired
    parameters.minimumPressDuration = minimumPressDuration
    parameters.allowableMovement = allowableMovement
    parameters.minimumNumberOfTouches = minimumNumberOfTouches
    parameters.maximumNumberOfTouches = maximumNumberOfTouches
    parameters.direction = direction.map { SwipeDirection($0.map(\.swipeDirection)) }
    parameters.edges = edges.map { RectEdge($0.map(\.rectEdge)) }
    parameters.cancelsTouchesInView = cancelsTouchesInView
    parameters.delaysTouchesBegan = delaysTouchesBegan
    parameters.delaysTouchesEnded = delaysTouchesEnded
    parameters.isEnabled = enabled
    return parameters
  }
}
