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
    try PanTouchLimits.requests(
      minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches, check)
  }
}

/// The touch-count requests shared by pan and screen-edge pan.
enum PanTouchLimits {
  static func requests(minimum: Int, maximum: Int?, _ check: ParameterCheck) throws
    -> [RecognizerRequest]
  {
    let wireMinimum = try check.count(minimum, "minimumNumberOfTouches", minimum: 1)
    var wireMaximum: Int32 = 0
    if let maximum {
      wireMaximum = try check.count(maximum, "maximumNumberOfTouches", minimum: 1)
      guard maximum >= minimum else {
        throw check.invalid(
          "maximumNumberOfTouches", "\(maximum)",
          "must be at least minimumNumberOfTouches (\(minimum))")
      }
    }
    return [
      .minimumNumberOfTouches(touches: wireMinimum), .maximumNumberOfTouches(touches: wireMaximum),
    ]
  }
}
