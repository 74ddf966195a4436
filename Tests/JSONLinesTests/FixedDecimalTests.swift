// SPDX-License-Identifier: MIT
import JSONLines
import Testing

/// The fixed-decimal numbers every JSON Lines output writes: the same text on every machine.
struct FixedDecimalTests {
  @Test(arguments: [
    (2.5, 4, "2.5000"), (0.125, 2, "0.13"), (-0.125, 2, "-0.13"), (-0.001, 2, "0.00"),
    (1919.995, 2, "1920.00"), (-3.0, 0, "-3"), (999_999_999_999_999.0, 0, "999999999999999"),
  ])
  func roundsHalfAwayFromZeroWithoutNegativeZero(value: Double, decimals: Int, text: String) {
    #expect(FixedDecimal.format(value, decimals: decimals) == text)
  }

  @Test func nonFiniteAndHugeValuesHaveNoText() {
    #expect(FixedDecimal.format(.nan, decimals: 2) == nil)
    #expect(FixedDecimal.format(-.infinity, decimals: 1) == nil)
    #expect(FixedDecimal.format(1e15, decimals: 0) == nil)
  }

  @Test func microsecondsAreSecondsWithSixDecimalsExactly() {
    #expect(FixedDecimal.seconds(microseconds: Int64(1_500_000)) == "1.500000")
    #expect(FixedDecimal.seconds(microseconds: Int64(-1)) == "-0.000001")
    #expect(FixedDecimal.seconds(microseconds: UInt64(5)) == "0.000005")
    #expect(FixedDecimal.seconds(microseconds: UInt64.max) == "18446744073709.551615")
  }

  @Test func theWidestIntegerFitsItsMaximumLength() {
    let text = FixedDecimal.format(integer: .min, decimals: 9)
    #expect(text == "-9223372036.854775808")
    #expect(text.utf8.count <= FixedDecimal.maximumLength(decimals: 9))
    #expect(FixedDecimal.format(integer: 7, decimals: 3) == "0.007")
  }
}
