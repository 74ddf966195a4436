// SPDX-License-Identifier: MIT
/// Checks and converts typed parameter values to their wire form, throwing
/// `GestureBridgeError.invalidValue` naming the recognizer and parameter when a value is out of
/// the protocol's range or not finite.
struct ParameterCheck {
  let recognizer: String
  /// The version of gesture_bridge_manager_v1 the client bound.
  let version: UInt32

  /// `value` as a wire count (`int`), which must be at least `minimum`.
  func count(_ value: Int, _ parameter: String, minimum: Int) throws -> Int32 {
    guard value >= minimum else {
      throw invalid(parameter, "\(value)", "must be at least \(minimum)")
    }
    guard let wire = Int32(exactly: value) else {
      throw invalid(parameter, "\(value)", "must be at most \(Int32.max)")
    }
    return wire
  }

  /// `seconds` as non-negative integral microseconds (rounded to the nearest one).
  func microseconds(seconds: Double, _ parameter: String) throws -> Int32 {
    guard seconds.isFinite, seconds >= 0 else {
      throw invalid(parameter, "\(seconds)", "must be a finite number of seconds >= 0")
    }
    let microseconds = (seconds * 1_000_000).rounded()
    guard microseconds <= Double(Int32.max) else {
      throw invalid(parameter, "\(seconds)", "must be at most \(Double(Int32.max) / 1e6) s")
    }
    return Int32(microseconds)
  }

  /// `value` as a non-negative `wl_fixed_t` (24.8 fixed point, rounded to 1/256).
  func nonNegativeFixed(_ value: Double, _ parameter: String) throws -> Int32 {
    let largest = Double(Int32.max) / 256
    guard value.isFinite, value >= 0, value <= largest else {
      throw invalid(parameter, "\(value)", "must be finite, >= 0 and <= \(largest)")
    }
    return Int32((value * 256).rounded())
  }

  func invalid(_ parameter: String, _ value: String, _ requirement: String) -> GestureBridgeError {
    .invalidValue(
      recognizer: recognizer, parameter: parameter, value: value, requirement: requirement)
  }
}
