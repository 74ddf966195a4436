// SPDX-License-Identifier: MIT
/// A compositor swipe recognizer (like `UISwipeGestureRecognizer`): discrete, reports
/// `recognized` with the direction swiped.
public final class SwipeRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.swipe

  /// UIKit `direction`: the permitted directions; default `.right`, not empty.
  public var direction: SwipeDirections = .right
  /// UIKit `numberOfTouchesRequired`; default 1, at least 1.
  public var numberOfTouchesRequired = 1

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    guard !direction.isEmpty, SwipeDirections.all.isSuperset(of: direction) else {
      throw check.invalid(
        "direction", "\(direction.rawValue)",
        "must be a non-empty combination of right/left/up/down")
    }
    return [
      .direction(direction: direction.rawValue),
      .numberOfTouchesRequired(
        touches: try check.count(numberOfTouchesRequired, "numberOfTouchesRequired", minimum: 1)),
    ]
  }
}
