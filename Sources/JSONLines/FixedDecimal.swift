// SPDX-License-Identifier: MIT
/// Formats numbers with a fixed number of decimals, the same on every machine and run:
/// rounding half away from zero, no exponent, no negative zero. Used for every JSON Lines
/// output of the project (replay reports, the client library's lines, the touch dump) instead
/// of Foundation's float formatting.
public enum FixedDecimal {
  /// `value` with `decimals` digits after the point (0...9), e.g. `(2.5, 4)` -> `2.5000`,
  /// `(-0.001, 2)` -> `0.00`. Non-finite values and magnitudes of 1e15 or more give `nil`.
  public static func format(_ value: Double, decimals: Int) -> String? {
    scaled(value, decimals: decimals).map { format(integer: $0, decimals: decimals) }
  }

  /// `value` * 10^`decimals` (0...9) rounded half away from zero: the integer `format` writes
  /// out; nil for non-finite values and magnitudes of 1e15 or more.
  @inline(__always)
  public static func scaled(_ value: Double, decimals: Int) -> Int64? {
    precondition((0...9).contains(decimals), "decimals out of range")
    guard value.isFinite else { return nil }
    let factor = powerOfTen(decimals)
    let scaled = (value * factor).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 1e15 * factor, abs(scaled) < 9e18 else { return nil }
    return Int64(scaled)
  }

  /// `microseconds` as seconds with 6 decimals, exactly, e.g. `1_500_000` -> `1.500000`.
  public static func seconds(microseconds: Int64) -> String {
    format(integer: microseconds, decimals: 6)
  }

  /// `microseconds` as seconds with 6 decimals, exactly (Wayland timestamps are unsigned).
  public static func seconds(microseconds: UInt64) -> String {
    let magnitude = String(microseconds)
    let digits =
      magnitude.count <= 6
      ? String(repeating: "0", count: 7 - magnitude.count) + magnitude : magnitude
    var text = digits
    text.insert(".", at: text.index(text.endIndex, offsetBy: -6))
    return text
  }

  /// `integer` / 10^`decimals` written out: at least one digit before the point, a minus
  /// sign only for negative values.
  public static func format(integer: Int64, decimals: Int) -> String {
    String(unsafeUninitializedCapacity: maximumLength(decimals: decimals)) { buffer in
      write(integer: integer, decimals: decimals, into: buffer, at: 0)
    }
  }

  /// The most bytes `write(integer:decimals:into:at:)` writes for `decimals`.
  public static func maximumLength(decimals: Int) -> Int { max(20, decimals + 1) + 2 }

  /// Writes `integer` / 10^`decimals` as `format(integer:decimals:)` does into `buffer` at
  /// `start` (with room for `maximumLength(decimals:)` bytes), without allocating; returns the
  /// number of bytes written.
  @discardableResult
  public static func write(
    integer: Int64, decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    var position = start
    if integer < 0 {
      buffer[position] = UInt8(ascii: "-")
      position += 1
    }
    var magnitude = integer.magnitude
    // Digits of the magnitude (at most 20), at least one more than the decimals.
    var digits = 1
    var threshold: UInt64 = 10
    while digits < 20 && magnitude >= threshold {
      digits += 1
      threshold = digits < 20 ? threshold &* 10 : .max
    }
    let total = max(digits, decimals + 1)
    let length = decimals > 0 ? total + 1 : total
    precondition(position + length <= buffer.count, "number longer than its buffer")
    // Written from the last digit backwards: the decimals, the point, the integer part.
    var end = position + length
    if decimals > 0 {
      end -= decimals
      writeDigits(of: &magnitude, count: decimals, at: end, into: buffer)
      end -= 1
      buffer[end] = UInt8(ascii: ".")
    }
    writeDigits(of: &magnitude, count: total - decimals, at: end - (total - decimals), into: buffer)
    return position + length - start
  }

  /// Writes the last `digits` decimal digits of `magnitude` at `start` (zero-padded) and
  /// drops them from `magnitude`, two digits at a time.
  @inline(__always)
  private static func writeDigits(
    of magnitude: inout UInt64, count digits: Int, at start: Int,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) {
    let pairs: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    let pairDigits = pairs.utf8Start
    var position = start + digits
    var remaining = digits
    while remaining >= 2 {
      let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
      magnitude /= 100
      position -= 2
      buffer[position] = pairDigits[pair]
      buffer[position + 1] = pairDigits[pair + 1]
      remaining -= 2
    }
    if remaining == 1 {
      buffer[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    }
  }

  /// 10^`exponent` for 0...9, exactly.
  @inline(__always)
  private static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    default: 1e9
    }
  }
}
