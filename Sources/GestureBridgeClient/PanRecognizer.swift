// SPDX-License-Identifier: MIT
/// A compositor pan recognizer (like `UIPanGestureRecognizer`): continuous, with translation
/// and velocity.
public final class PanRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.pan

  /// UIKit `minimumNumberOfTouches`; default 1, at least 1.
  public var minimumNumberOfTouches = 1
  /// UIKit `maximumNumberOfTouches`; nil (the default) for no limit, else at least
  /// `minimumNumberOfTouches`.
  public var maximumNumberOfTouches: Int?

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    try TouchLimits.requests(
      minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches, check)
  }
}
