// SPDX-License-Identifier: MIT
/// A compositor tap recognizer (like `UITapGestureRecognizer`): discrete, reports `recognized`
/// with the number of taps.
public final class TapRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.tap

  /// UIKit `numberOfTapsRequired`; default 1, at least 1.
  public var numberOfTapsRequired = 1
  /// UIKit `numberOfTouchesRequired`; default 1, at least 1.
  public var numberOfTouchesRequired = 1

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    [
      .numberOfTapsRequired(
        taps: try check.count(numberOfTapsRequired, "numberOfTapsRequired", minimum: 1)),
      .numberOfTouchesRequired(
        touches: try check.count(numberOfTouchesRequired, "numberOfTouchesRequired", minimum: 1)),
    ]
  }
}
