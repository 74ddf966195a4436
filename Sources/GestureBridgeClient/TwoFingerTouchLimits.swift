// SPDX-License-Identifier: MIT
/// The touch-count requests of pinch and rotation: set_minimum_number_of_touches and
/// set_maximum_number_of_touches apply to them since version 4 of the protocol, with defaults
/// of 2 and 2. On an older binding the compositor uses those defaults and the requests are
/// protocol errors, so other values throw `unsupportedVersion` there and the defaults send
/// nothing.
enum TwoFingerTouchLimits {
  /// The version that brought the requests to pinch and rotation (the XML's "since version 4"
  /// in their descriptions).
  static let since: UInt32 = 4
  /// The protocol's defaults for both counts.
  static let defaultCount = 2

  static func requests(kind: RecognizerKind, minimum: Int, maximum: Int?, _ check: ParameterCheck)
    throws -> [RecognizerRequest]
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
    guard check.version >= since else {
      guard minimum == defaultCount, maximum == defaultCount else {
        let request = minimum == defaultCount ? "maximum" : "minimum"
        throw GestureBridgeError.unsupportedVersion(
          request: "set_\(request)_number_of_touches(\(kind.xmlName))", required: since,
          bound: check.version)
      }
      return []
    }
    return [.minimumNumberOfTouches(wireMinimum), .maximumNumberOfTouches(wireMaximum)]
  }
}
