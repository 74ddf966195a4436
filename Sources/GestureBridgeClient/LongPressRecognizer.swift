// SPDX-License-Identifier: MIT
/// A compositor long-press recognizer (like `UILongPressGestureRecognizer`): continuous, begins
/// once the touches stayed down for `minimumPressDuration` within `allowableMovement`.
public final class LongPressRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.longPress

  /// UIKit `numberOfTapsRequired` (taps before the press); default 0, at least 0.
  public var numberOfTapsRequired = 0
  /// UIKit `numberOfTouchesRequired`; default 1, at least 1.
  public var numberOfTouchesRequired = 1
  /// UIKit `minimumPressDuration` in seconds (sent as integral microseconds, rounded), finite
  /// and at least 0. nil (the default): the compositor's default, UIKit's 0.5 s (the
  /// compositor's recognizer catalogue holds it). Setting nil after a value was committed
  /// keeps that value.
  public var minimumPressDuration: Double?
  /// UIKit `allowableMovement` in surface-local units (sent as `wl_fixed_t`), finite and at
  /// least 0. nil (the default): the compositor's default, UIKit's 10 pt as a physical
  /// distance (the reference compositor: 1.56 mm on the touch surface, 10 when it does not know
  /// the touch surface's size). Setting nil after a value was committed keeps that value.
  public var allowableMovement: Double?

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    var requests: [RecognizerRequest] = [
      .numberOfTapsRequired(
        taps: try check.count(numberOfTapsRequired, "numberOfTapsRequired", minimum: 0)),
      .numberOfTouchesRequired(
        touches: try check.count(numberOfTouchesRequired, "numberOfTouchesRequired", minimum: 1)),
    ]
    if let minimumPressDuration {
      requests.append(
        .minimumPressDuration(
          durationUsec: try check.microseconds(
            seconds: minimumPressDuration, "minimumPressDuration")))
    }
    if let allowableMovement {
      requests.append(
        .allowableMovement(
          distance: try check.nonNegativeFixed(allowableMovement, "allowableMovement")))
    }
    return requests
  }
}
