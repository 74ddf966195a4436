// SPDX-License-Identifier: MIT
import Foundation

/// Finds where the body of an `events:` list ends: the first line that does not continue the
/// list (`RecordingLayout.continues`), or the end of the file. The body is most of a recording
/// and must be looked at line by line before any event is replayed (a line ending the list
/// means more header follows, say another device), so a large body is scanned in two halves
/// on two threads: the second half from the first line starting in its middle. The result is
/// what one pass from the start finds.
enum EventListBodyScan {
  struct Result: Sendable {
    /// Offset of the first line that does not continue the list, or of the end of the file.
    var endOffset: UInt64
    /// Whether the list runs to the end of the file.
    var reachedEnd: Bool
    /// Lines in the body (before `endOffset`).
    var lines: Int
  }

  /// Bodies at least this long are scanned in two halves.
  static let splitBytes: UInt64 = 8 << 20

  /// Scans the body starting at `start` (the line after the `events:` key, indented by
  /// `keyIndent`), the file being `fileSize` bytes long as far as is known; a body of at least
  /// `splitBytes` bytes in two halves.
  static func scan(
    path: String, from start: UInt64, fileSize: UInt64, keyIndent: Int,
    splitBytes: UInt64 = Self.splitBytes
  ) throws -> Result {
    guard fileSize > start, fileSize - start >= max(2, splitBytes),
      let middle = try lineStart(path: path, atOrAfter: start + (fileSize - start) / 2)
    else {
      return try scan(path: path, from: start, length: nil, keyIndent: keyIndent)
    }
    let second = Background {
      try scan(path: path, from: middle, length: nil, keyIndent: keyIndent)
    }
    let first = try scan(path: path, from: start, length: middle - start, keyIndent: keyIndent)
    // A line ending the list in the first half is the answer, whatever the second half found
    // (one pass would not have read it at all).
    let rest = second.wait()
    if !first.reachedEnd { return first }
    let tail = try rest.get()
    return Result(
      endOffset: tail.endOffset, reachedEnd: tail.reachedEnd, lines: first.lines + tail.lines)
  }

  /// One pass over `length` bytes from `start` (to the end of the file when nil).
  private static func scan(path: String, from start: UInt64, length: UInt64?, keyIndent: Int)
    throws -> Result
  {
    let reader = try ByteLineReader(path: path, fileOffset: start, length: length)
    try reader.skipLines { RecordingLayout.continues($0, listAt: keyIndent) }
    let lines = reader.lineNumber
    if try reader.nextLine() != nil {
      return Result(endOffset: reader.lineFileOffset, reachedEnd: false, lines: lines)
    }
    return Result(endOffset: reader.nextLineFileOffset, reachedEnd: true, lines: lines)
  }

  /// The offset of the first line starting at or after `offset`, or nil if none does.
  private static func lineStart(path: String, atOrAfter offset: UInt64) throws -> UInt64? {
    let reader = try ByteLineReader(path: path, fileOffset: offset - 1, chunkSize: 1 << 16)
    guard try reader.nextLine() != nil, reader.lineEndedWithNewline else { return nil }
    return reader.nextLineFileOffset
  }

  /// Runs `body` on a thread of its own; `wait()` returns its result.
  private final class Background: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var result: Swift.Result<EventListBodyScan.Result, any Error>?

    init(_ body: @escaping @Sendable () throws -> EventListBodyScan.Result) {
      let thread = Thread { [self] in
        let outcome = Swift.Result { try body() }
        condition.lock()
        result = outcome
        condition.signal()
        condition.unlock()
      }
      thread.name = "events list scan"
      thread.start()
    }

    func wait() -> Swift.Result<EventListBodyScan.Result, any Error> {
      condition.lock()
      defer { condition.unlock() }
      while result == nil { condition.wait() }
      return result!
    }
  }
}
