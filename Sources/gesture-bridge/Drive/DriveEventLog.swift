// SPDX-License-Identifier: MIT
import DriveLog
import Foundation

/// The test seat's event log (`event-log=`: one `DriveLogEvent` a line, the schema the test
/// seat writes with) read while it grows: `readNew()` returns the complete lines written
/// since the last call, decoded; every line read is kept (`lines`, `events`) for the report.
final class DriveEventLog {
  let path: String
  private var offset: UInt64 = 0
  private var pending = Data()
  private(set) var lines: [String] = []
  private(set) var events: [DriveLogEvent] = []
  private let decoder = JSONDecoder()

  init(path: String) {
    self.path = path
  }

  /// The lines completed since the last call, decoded (lines that are not events of the
  /// schema are kept in `lines` and skipped here).
  func readNew() -> [DriveLogEvent] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    do {
      try handle.seek(toOffset: offset)
      let data = try handle.readToEnd() ?? Data()
      offset += UInt64(data.count)
      pending.append(data)
    } catch {
      return []
    }
    var parsed: [DriveLogEvent] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      let line = pending[pending.startIndex..<newline]
      pending.removeSubrange(pending.startIndex...newline)
      guard !line.isEmpty else { continue }
      lines.append(String(decoding: line, as: UTF8.self))
      if let event = try? decoder.decode(DriveLogEvent.self, from: Data(line)) {
        parsed.append(event)
      }
    }
    events += parsed
    return parsed
  }
}
