/// Formats numbers with a fixed number of decimals, the same on every machine and run:
/// rounding half away from zero, no exponent, no negative zero. Used by the report renderings
/// instead of Foundation's float formatting.
enum FixedDecimal {
  /// `value` with `decimals` digits after the point (0...9), e.g. `(2.5, 4)` -> `2.5000`,
  /// `(-0.001, 2)` -> `0.00`. Non-finite values and magnitudes of 1e15 or more give `nil`.
  static func format(_ value: Double, decimals: Int) -> String? {
    precondition((0...9).contains(decimals), "decimals out of range")
    guard value.isFinite else { return nil }
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = (value * factor).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 1e15 * factor, abs(scaled) < 9e18 else { return nil }
    return format(integer: Int64(scaled), decimals: decimals)
  }

  /// `microseconds` as seconds with 6 decimals, exactly, e.g. `1_500_000` -> `1.500000`.
  static func seconds(microseconds: Int64) -> String {
    format(integer: microseconds, decimals: 6)
  }

  /// `integer` / 10^decimals written out.
  private static func format(integer: Int64, decimals: Int) -> String {
    let negative = integer < 0
    let magnitude = integer.magnitude
    var digits = String(magnitude)
    if digits.count <= decimals {
      digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
    }
    var text = digits
    if decimals > 0 {
      text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
    }
    return negative ? "-" + text : text
  }
}
