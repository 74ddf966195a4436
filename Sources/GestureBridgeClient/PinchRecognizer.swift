// SPDX-License-Identifier: MIT
/// A compositor pinch recognizer (like `UIPinchGestureRecognizer`): continuous, with scale and
/// its velocity.
public final class PinchRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = RecognizerKind.pinch

  /// `minimumNumberOfTouches`: the fingers that must be down for it to begin; default 2, at
  /// least 1 (1 counts as 2). Another value than 2 needs version 4 of the compositor's global.
  public var minimumNumberOfTouches = 2
  /// `maximumNumberOfTouches`: more fingers before it began make it fail, fingers beyond it
  /// after it began are ignored; default 2 (counting as the minimum when that is higher), nil
  /// for no limit, else at least the minimum. Another value than 2 needs version 4 of the
  /// compositor's global.
  public var maximumNumberOfTouches: Int? = 2

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    try TwoFingerTouchLimits.requests(
      kind: Self.recognizerKind, minimum: minimumNumberOfTouches,
      maximum: maximumNumberOfTouches, check)
  }
}
