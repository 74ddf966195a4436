// SPDX-License-Identifier: MIT
/// A compositor transform recognizer (the compositor's `TransformGestureRecognizer`, Flutter's
/// `ScaleGestureRecognizer`; protocol version 3): continuous, one to many fingers, reporting
/// translation, scale and rotation together, each with its velocity, and the focal point as
/// the location. It begins when any of them passes its threshold.
public final class TransformRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.transform

  /// Fewest fingers that transform; default 1, at least 1.
  public var minimumNumberOfTouches = 1
  /// Most fingers that transform; nil (the default) for no limit, else at least
  /// `minimumNumberOfTouches`.
  public var maximumNumberOfTouches: Int?

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    try TouchLimits.requests(
      minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches, check)
  }
}
