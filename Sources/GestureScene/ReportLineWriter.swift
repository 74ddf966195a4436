// SPDX-License-Identifier: MIT
import GestureCore
import JSONLines

/// Writes one report line straight into a `String`'s storage: ASCII pieces, names (raw or
/// JSON-quoted) and numbers (written by `FixedDecimal`), with the same text `JSONText`
/// produces, but without building a `String` per piece (one allocation per line).
struct ReportLineWriter {
  private let base: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private(set) var count = 0

  /// Room for a line with these names: fixed text, up to 8 numbers of at most 28 characters
  /// each, and the names JSON-escaped (at most 6 bytes per byte).
  static func capacity(names first: String, _ second: String) -> Int {
    512 + 6 * (first.utf8.count + second.utf8.count)
  }

  /// Renders a line with `body` into a new string of at most `capacity` bytes.
  static func line(capacity: Int, _ body: (inout ReportLineWriter) -> Void) -> String {
    String(unsafeUninitializedCapacity: capacity) { buffer in
      var writer = ReportLineWriter(base: buffer.baseAddress!, capacity: buffer.count)
      body(&writer)
      return writer.count
    }
  }

  /// Renders a line with `body`, then a newline, and appends both to `output`. The line is
  /// written into a temporary buffer (on the stack for up to 1 KiB), so nothing is allocated
  /// while `output` has room.
  static func appendLine(
    to output: inout [UInt8], capacity: Int, _ body: (inout ReportLineWriter) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity + 1) { buffer in
      var writer = ReportLineWriter(base: buffer.baseAddress!, capacity: buffer.count)
      body(&writer)
      writer.byte(0x0A)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
    }
  }

  private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  private mutating func byte(_ value: UInt8) {
    precondition(count < capacity, "report line longer than its buffer")
    base[count] = value
    count += 1
  }

  /// Appends ASCII text.
  mutating func append(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    precondition(count + length <= capacity, "report line longer than its buffer")
    (base + count).update(from: text.utf8Start, count: length)
    count += length
  }

  /// Appends `text` as it is.
  mutating func append(string text: String) {
    var text = text
    text.withUTF8 { bytes in
      precondition(count + bytes.count <= capacity, "report line longer than its buffer")
      if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
      count += bytes.count
    }
  }

  /// Appends `text` as a JSON string (as `JSONText.quoted`): quotes, backslashes and control
  /// characters escaped.
  mutating func appendQuoted(_ text: String) {
    byte(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      for value in bytes {
        switch value {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0..<0x20:
          append("\\u00")
          byte(Self.hexDigit(value >> 4))
          byte(Self.hexDigit(value & 0x0F))
        default: byte(value)
        }
      }
    }
    byte(UInt8(ascii: "\""))
  }

  /// Appends static text that needs no escaping between quotes.
  mutating func appendQuoted(static text: StaticString) {
    byte(UInt8(ascii: "\""))
    append(text)
    byte(UInt8(ascii: "\""))
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Appends an integer in decimal, as `String(value)`.
  mutating func append(_ value: Int) {
    append(fixed: Int64(value), decimals: 0)
  }

  /// Appends `integer` / 10^`decimals` written out by `FixedDecimal`: at least one digit
  /// before the point, a minus sign only for negative values.
  mutating func append(fixed integer: Int64, decimals: Int) {
    // `write` checks the room left.
    count += FixedDecimal.write(
      integer: integer, decimals: decimals,
      into: UnsafeMutableBufferPointer(start: base, count: capacity), at: count)
  }

  /// Appends a point: `[x,y]` in JSON, `(x, y)` as text, each coordinate as
  /// `append(_:decimals:)` writes it.
  mutating func appendPoint(_ point: Point, decimals: Int, json: Bool) {
    append(json ? "[" : "(")
    append(point.x, decimals: decimals)
    append(json ? "," : ", ")
    append(point.y, decimals: decimals)
    append(json ? "]" : ")")
  }

  /// Appends the start of a field after others: `,"name":` in JSON, `, name ` as text.
  mutating func appendField(_ name: StaticString, json: Bool) {
    append(json ? ",\"" : ", ")
    append(name)
    append(json ? "\":" : " ")
  }

  /// Appends `value` with `decimals` digits after the point (0...9), rounded half away from
  /// zero, or `null` when `FixedDecimal.format` gives none (non-finite, or 1e15 or more).
  mutating func append(_ value: Double, decimals: Int) {
    guard let scaled = FixedDecimal.scaled(value, decimals: decimals) else { return append("null") }
    append(fixed: scaled, decimals: decimals)
  }
}
