// SPDX-License-Identifier: MIT
import Foundation

/// Reads a byte range of a file line by line into one reused buffer, without creating a
/// `String` per line. Lines end at `\n`; a trailing `\r` is dropped. The bytes of the line last
/// returned stay valid until the next call of `nextLine()`.
final class ByteLineReader {
  let path: String
  private let handle: FileHandle
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private let chunkSize: Int
  /// Start of the unconsumed bytes in `buffer`.
  private var consumed = 0
  /// Number of valid bytes in `buffer`.
  private var filled = 0
  /// File offset of `buffer[0]`.
  private var bufferFileOffset: UInt64
  /// Bytes still to be read from the file (nil: up to the end of the file).
  private var remaining: UInt64?
  private var reachedEnd = false

  /// The 1-based number of the line last returned.
  private(set) var lineNumber: Int
  /// Where the line last returned starts in `buffer`.
  private var lineStart = 0
  /// The file offset where the line last returned starts.
  var lineFileOffset: UInt64 { bufferFileOffset + UInt64(lineStart) }
  /// The file offset just after the line last returned (after its newline).
  var nextLineFileOffset: UInt64 { bufferFileOffset + UInt64(consumed) }
  /// Whether the line last returned ended with a newline (false only for a last line).
  private(set) var lineEndedWithNewline = true

  /// Opens `path` to read from `fileOffset` for `length` bytes (to the end when nil); the
  /// first line read there is numbered `firstLineNumber`.
  init(
    path: String, fileOffset: UInt64 = 0, length: UInt64? = nil, firstLineNumber: Int = 1,
    chunkSize: Int = 1 << 20
  ) throws {
    self.path = path
    guard FileManager.default.fileExists(atPath: path) else {
      throw RecordingError(file: path, message: "cannot open recording (no such file)")
    }
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      if fileOffset > 0 { try handle.seek(toOffset: fileOffset) }
    } catch {
      throw RecordingError(
        file: path, message: "cannot open recording (\(error.localizedDescription))")
    }
    self.chunkSize = chunkSize
    capacity = chunkSize * 2
    buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    bufferFileOffset = fileOffset
    remaining = length
    lineNumber = firstLineNumber - 1
  }

  deinit {
    buffer.deallocate()
    try? handle.close()
  }

  /// The next line's bytes (without the line break), or nil at the end of the range.
  @inline(__always)
  func nextLine() throws -> UnsafeBufferPointer<UInt8>? {
    // The common case inline: the next newline is in the buffer.
    if let line = bufferedLine() { return line }
    return try nextLineAfterRefill()
  }

  /// The next complete line already in the buffer (consumed), or nil when the buffer holds
  /// no newline.
  @inline(__always)
  private func bufferedLine() -> UnsafeBufferPointer<UInt8>? {
    let unread = filled - consumed
    guard unread > 0,
      let newline = memchr(buffer + consumed, 0x0A, unread)?.assumingMemoryBound(to: UInt8.self)
    else { return nil }
    let start = consumed
    let end = buffer.distance(to: newline)
    consumed = end + 1
    return finishLine(start: start, end: end, newline: true)
  }

  /// Skips the lines for which `belongs` is true and stops before the first for which it is
  /// false (the next `nextLine()` returns that one) or at the end. Cheaper per line than
  /// `nextLine()`: only the line count is kept up to date (`lineFileOffset` still describes
  /// the line last returned by `nextLine()`).
  @inline(__always)
  func skipLines(while belongs: (UnsafeBufferPointer<UInt8>) -> Bool) throws {
    while true {
      let unread = filled - consumed
      if unread > 0,
        let newline = memchr(buffer + consumed, 0x0A, unread)?.assumingMemoryBound(to: UInt8.self)
      {
        let end = buffer.distance(to: newline)
        var length = end - consumed
        if length > 0 && buffer[end - 1] == 0x0D { length -= 1 }
        guard belongs(UnsafeBufferPointer(start: buffer + consumed, count: length)) else { return }
        consumed = end + 1
        lineNumber += 1
        continue
      }
      if reachedEnd {
        guard unread > 0 else { return }
        var length = unread
        if buffer[filled - 1] == 0x0D { length -= 1 }
        guard belongs(UnsafeBufferPointer(start: buffer + consumed, count: length)) else { return }
        consumed = filled
        lineNumber += 1
        lineEndedWithNewline = false
        return
      }
      try refill()
    }
  }

  /// Moves to `fileOffset` (the start of a line at or after the current position), counting
  /// `lines` lines passed over: the next `nextLine()` returns the line there, numbered
  /// `lineNumber + lines + 1`.
  func skip(toFileOffset fileOffset: UInt64, lines: Int) throws {
    precondition(fileOffset >= nextLineFileOffset, "skipping backwards")
    lineNumber += lines
    if fileOffset <= bufferFileOffset + UInt64(filled) {
      consumed = Int(fileOffset - bufferFileOffset)
      return
    }
    if let remaining {
      self.remaining =
        remaining - Swift.min(remaining, fileOffset - bufferFileOffset - UInt64(filled))
    }
    do {
      try handle.seek(toOffset: fileOffset)
    } catch {
      throw RecordingError(
        file: path, message: "cannot read recording (\(error.localizedDescription))")
    }
    bufferFileOffset = fileOffset
    filled = 0
    consumed = 0
    reachedEnd = false
  }

  /// `nextLine()` when the buffer holds no complete line.
  @inline(never)
  private func nextLineAfterRefill() throws -> UnsafeBufferPointer<UInt8>? {
    while true {
      if let line = bufferedLine() { return line }
      let unread = filled - consumed
      if reachedEnd {
        guard unread > 0 else { return nil }
        let start = consumed
        consumed = filled
        return finishLine(start: start, end: filled, newline: false)
      }
      try refill()
    }
  }

  @inline(__always)
  private func finishLine(start: Int, end: Int, newline: Bool) -> UnsafeBufferPointer<UInt8> {
    lineNumber += 1
    lineStart = start
    lineEndedWithNewline = newline
    var length = end - start
    if length > 0 && buffer[start + length - 1] == 0x0D { length -= 1 }
    return UnsafeBufferPointer(start: buffer + start, count: length)
  }

  /// Moves unread bytes to the front and reads the next chunk (growing the buffer for very
  /// long lines).
  private func refill() throws {
    if consumed > 0 {
      let unread = filled - consumed
      if unread > 0 { (buffer).update(from: buffer + consumed, count: unread) }
      bufferFileOffset += UInt64(consumed)
      filled = unread
      consumed = 0
    }
    if capacity - filled < chunkSize {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      grown.update(from: buffer, count: filled)
      buffer.deallocate()
      buffer = grown
      capacity *= 2
    }
    var wanted = capacity - filled
    if let remaining { wanted = Int(Swift.min(UInt64(wanted), remaining)) }
    guard wanted > 0 else {
      reachedEnd = true
      return
    }
    // Read straight into the buffer (no intermediate `Data`), retrying on EINTR.
    var count = 0
    repeat {
      count = read(handle.fileDescriptor, buffer + filled, wanted)
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      throw RecordingError(
        file: path, message: "cannot read recording (\(String(cString: strerror(errno))))")
    }
    guard count > 0 else {
      reachedEnd = true
      return
    }
    filled += count
    if let remaining { self.remaining = remaining - UInt64(count) }
  }
}
