// SPDX-License-Identifier: MIT
import Foundation

/// The test seat's event log (`event-log=`: JSON Lines, see the test seat's `SessionEventLog`)
/// read while it grows: `readNew()` returns the complete lines written since the last call,
/// parsed; every line read is kept (`lines`, `events`) for the report.
final class DriveEventLog {
  let path: String
  private var offset: UInt64 = 0
  private var pending = Data()
  private(set) var lines: [String] = []
  private(set) var events: [[String: Any]] = []

  init(path: String) {
    self.path = path
  }

  /// The lines completed since the last call, parsed (lines that are not JSON objects are
  /// kept in `lines` and skipped here).
  func readNew() -> [[String: Any]] {
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
    var parsed: [[String: Any]] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      let line = pending[pending.startIndex..<newline]
      pending.removeSubrange(pending.startIndex...newline)
      guard !line.isEmpty else { continue }
      lines.append(String(decoding: line, as: UTF8.self))
      if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] {
        parsed.append(object)
      }
    }
    events += parsed
    return parsed
  }
}
