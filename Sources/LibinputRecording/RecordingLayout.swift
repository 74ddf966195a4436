// SPDX-License-Identifier: MIT
import Foundation

/// Where the parts of a recording file are: the header text (everything except the bodies of
/// the `events:` lists, for Yams) and the byte ranges of each `events:` list body (for the
/// streaming event parser). Found by one pass over the file's lines.
struct RecordingLayout {
  /// The byte range and first line of one device's `events:` list body.
  struct EventList {
    /// File line of the `events:` key.
    var keyLine: Int
    /// File offset of the first line after the key.
    var startOffset: UInt64
    /// File offset just after the last line of the list.
    var endOffset: UInt64
    /// Line number of the first line after the key.
    var firstLine: Int
    /// Whether the list runs to the end of the file.
    var endsAtEndOfFile: Bool
  }

  /// The file without the bodies of `events:` lists.
  var headerText: String
  /// File line number of each line of `headerText` (index 0 is its first line).
  var headerLineNumbers: [Int]
  var eventLists: [EventList]

  /// The file line of 1-based `headerLine`.
  func fileLine(ofHeaderLine headerLine: Int) -> Int {
    guard headerLine >= 1 else { return 1 }
    guard headerLine <= headerLineNumbers.count else {
      return (headerLineNumbers.last ?? 0) + 1
    }
    return headerLineNumbers[headerLine - 1]
  }

  /// Scans `path`. An `events:` key line (value on following lines) after a top-level
  /// `devices:` line opens a list; the list goes on while lines are blank, comments, indented
  /// deeper than the key, or `- ` items at the key's indentation.
  static func scan(path: String) throws -> RecordingLayout {
    let reader = try ByteLineReader(path: path)
    var header: [UInt8] = []
    var headerLineNumbers: [Int] = []
    var eventLists: [EventList] = []
    var inDevices = false
    var open: (keyLine: Int, indent: Int, startOffset: UInt64, firstLine: Int)?

    while let line = try reader.nextLine() {
      let indent = line.leadingSpaces
      let isBlank = indent == line.count
      if let list = open {
        if Self.continues(line, listAt: list.indent) { continue }
        eventLists.append(
          EventList(
            keyLine: list.keyLine, startOffset: list.startOffset,
            endOffset: reader.lineFileOffset, firstLine: list.firstLine, endsAtEndOfFile: false))
        open = nil
      }
      header.append(contentsOf: line)
      header.append(0x0A)
      headerLineNumbers.append(reader.lineNumber)
      if indent == 0 && line.isKeyWithoutInlineValue("devices", at: 0) {
        inDevices = true
      } else if inDevices && !isBlank && line.isKeyWithoutInlineValue("events", at: indent) {
        open = (reader.lineNumber, indent, reader.nextLineFileOffset, reader.lineNumber + 1)
        // The list's body (most of the file) is passed over, only its end looked for.
        let body = try EventListBodyScan.scan(
          path: path, from: reader.nextLineFileOffset, fileSize: Self.fileSize(path),
          keyIndent: indent)
        try reader.skip(toFileOffset: body.endOffset, lines: body.lines)
      }
    }
    if let list = open {
      eventLists.append(
        EventList(
          keyLine: list.keyLine, startOffset: list.startOffset,
          endOffset: reader.nextLineFileOffset, firstLine: list.firstLine,
          endsAtEndOfFile: true))
    }
    return RecordingLayout(
      headerText: String(decoding: header, as: UTF8.self), headerLineNumbers: headerLineNumbers,
      eventLists: eventLists)
  }
}

extension RecordingLayout {
  /// Whether `line` belongs to an events list whose key is indented by `indent`: blank, a
  /// comment, indented deeper, or a `- ` item at the key's indentation.
  @inline(__always)
  static func continues(_ line: UnsafeBufferPointer<UInt8>, listAt indent: Int) -> Bool {
    let lineIndent = line.leadingSpaces
    return lineIndent == line.count || line[lineIndent] == UInt8(ascii: "#")
      || lineIndent > indent || (lineIndent == indent && line.isSequenceItem(at: lineIndent))
  }

  /// The size of the file at `path` (0 if it cannot be found out: then nothing is split).
  fileprivate static func fileSize(_ path: String) -> UInt64 {
    var status = stat()
    guard stat(path, &status) == 0 else { return 0 }
    return UInt64(status.st_size)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The number of leading spaces.
  var leadingSpaces: Int { skippingSpaces(from: 0) }

  /// The index of the first byte at or after `index` that is not a space (`count` if none),
  /// looking at eight bytes at a time.
  @inline(__always)
  func skippingSpaces(from index: Int) -> Int {
    guard let bytes = baseAddress else { return index }
    var position = index
    while position + 8 <= count {
      let word = UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
      let difference = UInt64(littleEndian: word) ^ 0x2020_2020_2020_2020
      if difference != 0 { return position + difference.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < count && bytes[position] == UInt8(ascii: " ") { position += 1 }
    return position
  }

  /// Whether a `-` sequence item marker is at `index` (`-` followed by a space or line end).
  func isSequenceItem(at index: Int) -> Bool {
    index < count && self[index] == UInt8(ascii: "-")
      && (index + 1 == count || self[index + 1] == UInt8(ascii: " "))
  }

  /// Whether `key:` starts at `index`, followed only by spaces or a comment.
  func isKeyWithoutInlineValue(_ key: StaticString, at index: Int) -> Bool {
    let keyLength = key.utf8CodeUnitCount
    guard count - index >= keyLength + 1 else { return false }
    let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: keyLength)
    for offset in 0..<keyLength where self[index + offset] != keyBytes[offset] { return false }
    guard self[index + keyLength] == UInt8(ascii: ":") else { return false }
    return isBlankOrComment(from: index + keyLength + 1)
  }

  /// Whether the bytes from `index` on are only spaces, optionally followed by a `#` comment.
  func isBlankOrComment(from index: Int) -> Bool {
    var position = index
    while position < count && self[position] == UInt8(ascii: " ") { position += 1 }
    return position == count || self[position] == UInt8(ascii: "#")
  }
}
