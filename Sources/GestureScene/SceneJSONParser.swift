// SPDX-License-Identifier: MIT
/// A strict JSON parser (RFC 8259) for scene files, so that errors can name a line and column
/// and numbers keep their written text. Rejects trailing commas, comments, duplicate keys in an
/// object, and anything after the top-level value.
struct SceneJSONParser {
  /// A syntax error at a 1-based line and column.
  struct SyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  private static let maximumDepth = 64

  init(text: String) { bytes = Array(text.utf8) }

  /// Parses the whole text as one JSON value.
  static func parse(_ text: String) throws(SyntaxError) -> SceneJSONValue {
    var parser = SceneJSONParser(text: text)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.position < parser.bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return value
  }

  private mutating func parseValue() throws(SyntaxError) -> SceneJSONValue {
    guard position < bytes.count else { throw error("unexpected end of file, expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(SyntaxError) -> SceneJSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [(key: String, value: SceneJSONValue)] = []
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error("unexpected \(describeCurrent()), expected a key in double quotes")
      }
      let keyStart = position
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        position = keyStart
        throw error("duplicate key \"\(key)\"")
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error("unexpected \(describeCurrent()), expected ':' after key \"\(key)\"")
      }
      position += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        position += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        position += 1
        return .object(members)
      }
      throw error("unexpected \(describeCurrent()), expected ',' or '}'")
    }
  }

  private mutating func parseArray() throws(SyntaxError) -> SceneJSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [SceneJSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        position += 1
        continue
      }
      if peek(UInt8(ascii: "]")) {
        position += 1
        return .array(elements)
      }
      throw error("unexpected \(describeCurrent()), expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var chunkStart = position
    func flushChunk(_ end: Int, into scalars: inout String.UnicodeScalarView, _ bytes: [UInt8]) {
      if end > chunkStart {
        scalars.append(
          contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        flushChunk(position, into: &scalars, bytes)
        position += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string (escape it)") }
      if byte == UInt8(ascii: "\\") {
        flushChunk(position, into: &scalars, bytes)
        position += 1
        guard position < bytes.count else { break }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code), peek(UInt8(ascii: "\\")),
            position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
          {
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
        default:
          position -= 1
          throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        }
        chunkStart = position
        continue
      }
      position += 1
    }
    throw error("unexpected end of file in a string")
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
        throw error("expected 4 hexadecimal digits after \\u")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func parseNumber() throws(SyntaxError) -> SceneJSONValue {
    let start = position
    if peek(UInt8(ascii: "-")) { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw error("invalid number: expected a digit")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw error("invalid number: leading zeros are not allowed")
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("invalid number: expected a digit after '.'")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      position += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("invalid number: expected a digit in the exponent")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text) else { throw error("invalid number \(text)") }
    return .number(value, text: text)
  }

  private mutating func parseLiteral(_ word: String, _ value: SceneJSONValue) throws(SyntaxError)
    -> SceneJSONValue
  {
    let utf8 = Array(word.utf8)
    guard position + utf8.count <= bytes.count,
      Array(bytes[position..<position + utf8.count]) == utf8
    else { throw error("unexpected \(describeCurrent()), expected a value") }
    position += utf8.count
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private func describeCurrent() -> String {
    guard position < bytes.count else { return "end of file" }
    let byte = bytes[position]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    let hex = Array("0123456789ABCDEF")
    return "byte 0x" + String([hex[Int(byte >> 4)], hex[Int(byte & 15)]])
  }

  private func error(_ message: String) -> SyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(position, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SyntaxError(line: line, column: column, message: message)
  }
}
