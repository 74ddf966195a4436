// SPDX-License-Identifier: MIT
import TouchInput

/// Streams the events of one device's `events:` list body, parsing bytes directly.
///
/// Understands the layout `libinput record` writes: items `- evdev:` followed by lines
/// `- [sec, usec, type, code, value] # comment` indented deeper. Other item kinds
/// (`- libinput:`, `- hid:`, ...) and everything indented under them are skipped; blank lines
/// and comments are ignored.
final class EvdevEventListParser {
  private let reader: ByteLineReader
  private let list: RecordingLayout.EventList
  /// Indentation of the list's `- ` items, known after the first item.
  private var itemIndent: Int?
  private var inEvdevItem = false
  /// Line of the `- evdev:` item not yet closed by a SYN_REPORT.
  private var openItemLine: Int?
  private var lastEventLine: Int?
  private var finished = false

  init(path: String, list: RecordingLayout.EventList) throws {
    self.list = list
    reader = try ByteLineReader(
      path: path, fileOffset: list.startOffset, length: list.endOffset - list.startOffset,
      firstLineNumber: list.firstLine)
  }

  private var path: String { reader.path }

  /// Bytes of the list's body read so far (up to the end of the line last parsed).
  var bytesConsumed: UInt64 { reader.nextLineFileOffset - list.startOffset }

  /// Bytes of the list's body in all.
  var byteLength: UInt64 { list.endOffset - list.startOffset }

  /// The next event, or nil at the end of the list.
  func next() throws -> EvdevEvent? {
    guard !finished else { return nil }
    while let line = try reader.nextLine() {
      let indent = line.leadingSpaces
      if indent == line.count || line[indent] == UInt8(ascii: "#") { continue }
      let isItem = line.isSequenceItem(at: indent)
      guard let itemIndent else {
        guard isItem else { throw failure("expected a list of '- evdev:' entries") }
        self.itemIndent = indent
        try startItem(line, indent: indent)
        continue
      }
      if indent == itemIndent && isItem {
        try startItem(line, indent: indent)
      } else if indent > itemIndent {
        guard inEvdevItem else { continue }
        guard isItem, indent + 2 < line.count, line[indent + 2] == UInt8(ascii: "[") else {
          throw failure("expected an evdev event '- [sec, usec, type, code, value]'")
        }
        let event =
          try CanonicalEventLine.parse(line, from: indent + 3)
          ?? parseEvent(line, from: indent + 3)
        lastEventLine = reader.lineNumber
        if event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_REPORT {
          openItemLine = nil
        } else if openItemLine == nil {
          openItemLine = reader.lineNumber
        }
        return event
      } else {
        throw failure("unexpected indentation in events list")
      }
    }
    finished = true
    if let openItemLine {
      let place = list.endsAtEndOfFile ? "file" : "events list"
      if let lastEventLine, lastEventLine >= openItemLine {
        throw RecordingError(
          file: path, line: lastEventLine,
          message: "\(place) ends inside an evdev entry (its last event is not SYN_REPORT)")
      }
      throw RecordingError(
        file: path, line: openItemLine,
        message: "\(place) ends inside an evdev entry (no events after '- evdev:')")
    }
    return nil
  }

  private func startItem(_ line: UnsafeBufferPointer<UInt8>, indent: Int) throws {
    var position = indent + 1
    while position < line.count && line[position] == UInt8(ascii: " ") { position += 1 }
    let key: StaticString = "evdev"
    if line.isKeyWithoutInlineValue(key, at: position) {
      inEvdevItem = true
      openItemLine = reader.lineNumber
    } else if line.hasPrefix(key, at: position) {
      throw failure("unsupported evdev entry layout (expected '- evdev:' then one event per line)")
    } else {
      inEvdevItem = false
    }
  }

  private func failure(_ message: String) -> RecordingError {
    RecordingError(file: path, line: reader.lineNumber, message: message)
  }

  /// Parses `n, n, n, n, n]` (spaces allowed around numbers) starting at `start`, then allows
  /// only spaces or a comment.
  private func parseEvent(_ line: UnsafeBufferPointer<UInt8>, from start: Int) throws
    -> EvdevEvent
  {
    let space = UInt8(ascii: " ")
    var values: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
    var found = 0
    var position = start
    var closed = false
    while position < line.count {
      while position < line.count && line[position] == space { position += 1 }
      if found == 0 && position < line.count && line[position] == UInt8(ascii: "]") {
        position += 1
        closed = true
        break
      }
      var negative = false
      if position < line.count && line[position] == UInt8(ascii: "-") {
        negative = true
        position += 1
      }
      var value: Int64 = 0
      var digits = 0
      while position < line.count {
        let digit = line[position] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        value = value &* 10 &+ Int64(digit)
        digits += 1
        position += 1
      }
      guard digits > 0 else {
        if position >= line.count { break }
        throw failure("evdev event has a non-number at column \(position + 1)")
      }
      guard digits <= 15 else {
        throw failure("evdev event number at column \(position - digits + 1) is out of range")
      }
      if negative { value = -value }
      switch found {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      case 3: values.3 = value
      case 4: values.4 = value
      default: break
      }
      found += 1
      while position < line.count && line[position] == space { position += 1 }
      guard position < line.count else { break }
      if line[position] == UInt8(ascii: ",") {
        position += 1
      } else if line[position] == UInt8(ascii: "]") {
        position += 1
        closed = true
        break
      } else {
        throw failure("evdev event expects ',' or ']' at column \(position + 1)")
      }
    }
    guard closed else {
      if !reader.lineEndedWithNewline {
        throw failure("file ends inside an evdev event (found \(found) of 5 numbers, no ']')")
      }
      throw failure("evdev event is missing its closing ']'")
    }
    guard line.isBlankOrComment(from: position) else {
      throw failure("unexpected text after evdev event at column \(position + 1)")
    }
    guard found == 5 else { throw failure("evdev event needs 5 numbers, found \(found)") }
    let (seconds, microseconds, type, code, value) = values
    guard seconds >= 0 else { throw failure("evdev event time has negative seconds \(seconds)") }
    guard (0..<1_000_000).contains(microseconds) else {
      throw failure("evdev event microseconds \(microseconds) out of range 0...999999")
    }
    guard (0...Int64(UInt16.max)).contains(type) else {
      throw failure("evdev event type \(type) out of range 0...65535")
    }
    guard (0...Int64(UInt16.max)).contains(code) else {
      throw failure("evdev event code \(code) out of range 0...65535")
    }
    guard (Int64(Int32.min)...Int64(Int32.max)).contains(value) else {
      throw failure("evdev event value \(value) out of range for a 32-bit value")
    }
    return EvdevEvent(
      timeMicroseconds: UInt64(seconds) * 1_000_000 + UInt64(microseconds), type: UInt16(type),
      code: UInt16(code), value: Int32(value))
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether `prefix` starts at `index`.
  func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard count - index >= length else { return false }
    let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: length)
    for offset in 0..<length where self[index + offset] != bytes[offset] { return false }
    return true
  }
}
