// SPDX-License-Identifier: MIT
/// The touch-count requests (set_minimum_number_of_touches, set_maximum_number_of_touches) of
/// the kinds that take them: pan, screen-edge pan and transform (no maximum by default), pinch
/// and rotation (2 and 2, since version 4 of the protocol: on an older binding the compositor
/// uses those defaults, so the defaults, which a recognizer starts with as committed, send
/// nothing, and other values make `commit()` throw `unsupportedVersion` through
/// `GestureBridgeClient.checkApplies`).
enum TouchLimits {
  /// The defaults of pinch and rotation.
  static let twoFingers = 2

  /// The requests for `minimum` and `maximum` (nil: no limit). A maximum equal to
  /// `risingDefault` (pinch's and rotation's default) counts as the minimum when that is
  /// higher, as in the compositor; any other maximum must not be below the minimum.
  static func requests(
    minimum: Int, maximum: Int?, risingDefault: Int? = nil, _ check: ParameterCheck
  ) throws -> [RecognizerRequest] {
    let wireMinimum = try check.count(minimum, "minimumNumberOfTouches", minimum: 1)
    var wireMaximum: Int32 = 0
    if let maximum {
      let effective = maximum == risingDefault ? max(maximum, minimum) : maximum
      wireMaximum = try check.count(effective, "maximumNumberOfTouches", minimum: 1)
      guard effective >= minimum else {
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
