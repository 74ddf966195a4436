// SPDX-License-Identifier: MIT
/// A compositor screen-edge pan recognizer (like `UIScreenEdgePanGestureRecognizer`): a pan
/// whose first touch goes down near one of `edges` of the output.
public final class ScreenEdgePanRecognizer: CompositorGestureRecognizer, KindedRecognizer {
  public static let recognizerKind = GestureKind.screenEdgePan

  /// UIKit `edges`; default empty, with which it never begins (like UIKit).
  public var edges: ScreenEdges = []
  /// UIKit `minimumNumberOfTouches`; default 1, at least 1.
  public var minimumNumberOfTouches = 1
  /// UIKit `maximumNumberOfTouches`; nil (the default) for no limit, else at least
  /// `minimumNumberOfTouches`.
  public var maximumNumberOfTouches: Int?

  override func parameterRequests(_ check: ParameterCheck) throws -> [RecognizerRequest] {
    guard ScreenEdges.all.isSuperset(of: edges) else {
      throw check.invalid("edges", "\(edges.rawValue)", "must only contain top/left/bottom/right")
    }
    return try TouchLimits.requests(
      minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches, check)
      + [.edges(edges: edges.rawValue)]
  }
}
