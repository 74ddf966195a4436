// SPDX-License-Identifier: MIT
import TouchInput

/// The fast path of the evdev event parser, for event lines as `libinput record` writes
/// them: `n, n, n, n, n]` (after `- [`) with spaces around the numbers, a minus sign only on
/// the value, then only spaces or a comment, every number in range. `parse` returns nil for
/// anything else, which the general parser then parses or reports, so the fast path never
/// changes what is accepted or how it is read.
///
/// The exact fixed-width layout `libinput record` prints is read first, each field with a few
/// operations on the eight bytes ending at its known place (`parseFixedWidth`). Otherwise
/// (`parseSpaced`) numbers are read eight bytes at a time: the spaces before a number are
/// counted in one 64-bit word, its digits recognized in the next and converted together
/// (SWAR), falling back to one byte at a time near the end of the line or for numbers of eight
/// digits or more.
enum CanonicalEventLine {
  /// The event on `line` whose numbers start at `start`, or nil (see the type).
  @inline(__always)
  static func parse(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> EvdevEvent? {
    if let event = parseFixedWidth(line, from: start) { return event }
    return parseSpaced(line, from: start)
  }

  /// The exact layout `libinput record` prints, `%3lu, %6u, %3d, %3d, %7d]`, then nothing or
  /// spaces and a comment: every field read with a few word operations at a fixed place.
  /// Nil for anything else (a wider number, other spacing), which `parseSpaced` then reads.
  @inline(__always)
  static func parseFixedWidth(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> EvdevEvent? {
    // Fields end at start + 3, 11, 16, 21 and 30; each is read as the eight bytes ending
    // there, so the line must hold five bytes before `start`.
    guard let bytes = line.baseAddress, start >= 5, line.count >= start + 31 else { return nil }
    let at = bytes + start
    guard at[3] == UInt8(ascii: ","), at[4] == UInt8(ascii: " "), at[11] == UInt8(ascii: ","),
      at[12] == UInt8(ascii: " "), at[16] == UInt8(ascii: ","), at[17] == UInt8(ascii: " "),
      at[21] == UInt8(ascii: ","), at[22] == UInt8(ascii: " "), at[30] == UInt8(ascii: "]")
    else { return nil }
    if line.count > start + 31 {
      // After `]`: the usual ` #`, or spaces and then a comment or the end.
      var position = start + 31
      while position < line.count && line[position] == UInt8(ascii: " ") { position += 1 }
      guard position == line.count || line[position] == UInt8(ascii: "#") else { return nil }
    }
    guard let seconds = FixedField.read(at + 3, width: 3, signed: false),
      let microseconds = FixedField.read(at + 11, width: 6, signed: false),
      let type = FixedField.read(at + 16, width: 3, signed: false),
      let code = FixedField.read(at + 21, width: 3, signed: false),
      let value = FixedField.read(at + 30, width: 7, signed: true)
    else { return nil }
    // Three, six, three, three and seven digits are always in range.
    return EvdevEvent(
      timeMicroseconds: UInt64(seconds) * 1_000_000 + UInt64(microseconds), type: UInt16(type),
      code: UInt16(code), value: Int32(value))
  }

  /// A right-aligned number in a fixed-width field: spaces, an optional minus sign (when
  /// `signed`), one or more digits.
  private enum FixedField {
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The number in the `width` (1...8) bytes before `end`, or nil.
    @inline(__always)
    static func read(_ end: UnsafePointer<UInt8>, width: Int, signed: Bool) -> Int64? {
      let word = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
      // The field is the word's top `width` bytes; one flag bit (0x80) per byte below.
      let field = highBits << (8 * UInt64(8 - width))
      let values = word ^ 0x3030_3030_3030_3030
      let digits = ~((values &+ 0x7676_7676_7676_7676) | values) & field
      guard digits != 0 else { return nil }
      let lowest = digits & (0 &- digits)
      // The digits must run up to the field's end.
      guard digits == (0 &- lowest) & highBits else { return nil }
      var rest = field & ~digits
      var negative = false
      if signed {
        let sign = (lowest >> 8) & field
        if sign != 0 && equalBytes(word, UInt8(ascii: "-")) & sign != 0 {
          negative = true
          rest &= ~sign
        }
      }
      guard equalBytes(word, UInt8(ascii: " ")) & rest == rest else { return nil }
      // Digit values in the top bytes, zeros below, most significant first: combine pairs,
      // pairs of pairs, then the halves.
      var value = values & ((digits >> 7) &* 0xFF)
      value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
      value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
      value = (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
      return negative ? -Int64(value) : Int64(value)
    }

    /// 0x80 in every byte of `word` equal to `byte`, 0 in the others.
    @inline(__always)
    static func equalBytes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
      let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
      let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
      return ~(((difference & low) &+ low) | difference) & highBits
    }
  }

  /// Numbers separated by commas with any spacing (see the type), or nil.
  @inline(__always)
  static func parseSpaced(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> EvdevEvent? {
    guard let bytes = line.baseAddress else { return nil }
    var scanner = Scanner(bytes: bytes, end: line.count, position: start)
    let comma = UInt8(ascii: ",")
    guard let seconds = scanner.number(), scanner.expect(comma),
      let microseconds = scanner.number(), microseconds < 1_000_000, scanner.expect(comma),
      let type = scanner.number(), type <= UInt64(UInt16.max), scanner.expect(comma),
      let code = scanner.number(), code <= UInt64(UInt16.max), scanner.expect(comma)
    else { return nil }
    scanner.skipSpaces()
    let negative = scanner.expect(UInt8(ascii: "-"))
    guard !scanner.atSpace, let magnitude = scanner.number(),
      scanner.expect(UInt8(ascii: "]"))
    else { return nil }
    let value = negative ? -Int64(magnitude) : Int64(magnitude)
    guard let value32 = Int32(exactly: value) else { return nil }
    scanner.skipSpaces()
    guard scanner.atEnd || scanner.expect(UInt8(ascii: "#")) else { return nil }
    return EvdevEvent(
      timeMicroseconds: seconds * 1_000_000 + microseconds, type: UInt16(type),
      code: UInt16(code), value: value32)
  }

  private struct Scanner {
    let bytes: UnsafePointer<UInt8>
    let end: Int
    var position: Int

    var atEnd: Bool { position >= end }
    var atSpace: Bool { position < end && bytes[position] == UInt8(ascii: " ") }

    /// The eight bytes at `offset`, first byte lowest.
    @inline(__always)
    private func word(at offset: Int) -> UInt64 {
      UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    mutating func skipSpaces() {
      while position < end && bytes[position] == UInt8(ascii: " ") { position += 1 }
    }

    /// `byte` at the position, stepped over.
    @inline(__always)
    mutating func expect(_ byte: UInt8) -> Bool {
      guard position < end, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    /// Spaces, 1 to 15 digits, spaces; nil when there is no digit or more than 15.
    @inline(__always)
    mutating func number() -> UInt64? {
      if position + 16 <= end {
        let spaces = (word(at: position) ^ 0x2020_2020_2020_2020).trailingZeroBitCount / 8
        if spaces < 8 {
          // Each digit byte becomes its value 0...9; any other byte gets its top bit set.
          let values = word(at: position + spaces) ^ 0x3030_3030_3030_3030
          let others = ((values &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
          let digits = others.trailingZeroBitCount / 8
          if digits == 0 { return nil }
          if digits < 8 {
            // The digits in the top bytes (zeros below), most significant first: combine
            // pairs, then pairs of pairs, then the two halves.
            var value = values << (64 - 8 * UInt64(digits))
            value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
            value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
            value = (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
            position += spaces + digits
            skipSpaces()
            return value
          }
        }
      }
      return numberByBytes()
    }

    private mutating func numberByBytes() -> UInt64? {
      skipSpaces()
      var value: UInt64 = 0
      let first = position
      while position < end {
        let digit = bytes[position] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        value = value &* 10 &+ UInt64(digit)
        position += 1
      }
      let digits = position - first
      guard digits > 0, digits <= 15 else { return nil }
      skipSpaces()
      return value
    }
  }
}
