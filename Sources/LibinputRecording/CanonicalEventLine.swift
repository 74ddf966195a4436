/// The fast path of the evdev event parser, for event lines as `libinput record` writes
/// them: `n, n, n, n, n]` (after `- [`) with spaces around the numbers, a minus sign only on
/// the value, then only spaces or a comment, every number in range. `parse` returns nil for
/// anything else, which the general parser then parses or reports, so the fast path never
/// changes what is accepted or how it is read.
///
/// Numbers are read eight bytes at a time: the spaces before a number are counted in one
/// 64-bit word, its digits recognized in the next and converted together (SWAR), falling back
/// to one byte at a time near the end of the line or for numbers of eight digits or more.
enum CanonicalEventLine {
  /// The event on `line` whose numbers start at `start`, or nil (see the type).
  @inline(__always)
  static func parse(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> EvdevEvent? {
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
