// SPDX-License-Identifier: MIT
/// The touch-count requests of pinch and rotation, with defaults of 2 and 2. They apply to
/// pinch and rotation since version 4 of the protocol (their Types lines); on an older
/// binding the compositor uses those defaults, so the defaults, which a recognizer starts with
/// as committed, send nothing, and other values make `commit()` throw `unsupportedVersion`
/// (`GestureBridgeClient.checkApplies`, from the generated `WireRecognizerParameter`).
enum TwoFingerTouchLimits {
  /// The protocol's defaults for both counts.
  static let defaultCount = 2

  static func requests(minimum: Int, maximum: Int?, _ check: ParameterCheck) throws
    -> [RecognizerRequest]
  {
    let wireMinimum = try check.count(minimum, "minimumNumberOfTouches", minimum: 1)
    var wireMaximum: Int32 = 0
    if let maximum {
      // The default maximum counts as the minimum when that is higher, as in the compositor;
      // another one must not be below the minimum.
      let effective = maximum == defaultCount ? max(maximum, minimum) : maximum
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
