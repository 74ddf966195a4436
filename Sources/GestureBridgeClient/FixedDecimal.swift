/// Formats numbers with a fixed number of decimals, identically on every machine: rounding half
/// away from zero, no exponent, no negative zero (the rules of `gesture-bridge replay`'s
/// output).
enum FixedDecimal {
  /// `value` with `decimals` digits (0...9) after the point, e.g. `(2.5, 4)` -> `2.5000`,
  /// `(-0.001, 2)` -> `0.00`; nil for non-finite values and magnitudes of 1e15 or more.
  static func format(_ value: Double, decimals: Int) -> String? {
    guard value.isFinite, (0...9).contains(decimals) else { return nil }
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    guard abs(value) < 1e15 else { return nil }
    let scaled = (value * factor).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9e18 else { return nil }
    return write(Int64(scaled), decimals: decimals)
  }

  /// `microseconds` as seconds with exactly 6 decimals, e.g. `1_500_000` -> `1.500000`.
  static func seconds(microseconds: UInt64) -> String {
    let whole = microseconds / 1_000_000
    let fraction = String(microseconds % 1_000_000)
    return "\(whole)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// `integer` / 10^decimals written out.
  private static func write(_ integer: Int64, decimals: Int) -> String {
    var digits = String(integer.magnitude)
    if digits.count <= decimals {
      digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
    }
    if decimals > 0 {
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return integer < 0 ? "-" + digits : digits
  }
}
