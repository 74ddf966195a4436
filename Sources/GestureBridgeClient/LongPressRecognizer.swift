/// A compositor long-press recognizer (like `UILongPressGestureRecognizer`): continuous, begins
/// once the touches stayed down for `minimumPressDuration` within `allowableMovement`.
public final class LongPressRecognizer: CompositorGestureRecognizer {
  /// UIKit `numberOfTapsRequired` (taps before the press); default 0, at least 0.
  public var numberOfTapsRequired = 0
  /// UIKit `numberOfTouchesRequired`; default 1, at least 1.
  public var numberOfTouchesRequired = 1
  /// UIKit `minimumPressDuration` in seconds (sent as integral microseconds, rounded);
  /// default 0.5, finite and at least 0.
  public var minimumPressDuration = 0.5
  /// UIKit `allowableMovement` in surface-local units (sent as `wl_fixed_t`); default 10,
  /// finite and at least 0.
  public var allowableMovement = 10.0

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    [
      .numberOfTapsRequired(
        try check.count(numberOfTapsRequired, "numberOfTapsRequired", minimum: 0)),
      .numberOfTouchesRequired(
        try check.count(numberOfTouchesRequired, "numberOfTouchesRequired", minimum: 1)),
      .minimumPressDuration(
        microseconds: try check.microseconds(
          seconds: minimumPressDuration, "minimumPressDuration")),
      .allowableMovement(fixed: try check.nonNegativeFixed(allowableMovement, "allowableMovement")),
    ]
  }
}
