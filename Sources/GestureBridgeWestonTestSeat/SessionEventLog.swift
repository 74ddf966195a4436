// SPDX-License-Identifier: MIT
import Glibc
import JSONLines
import WestonModuleSupport

/// The test seat's event log (weston.ini `event-log=PATH`), read by `gesture-bridge drive`:
/// one JSON object a line, flushed as written, each with `"t"` (CLOCK_MONOTONIC seconds) and
/// `"type"`: what clients received (`wl_touch`, `gesture_bridge`: `ClientEventRecorder`),
/// client windows (`window`), what the seat plays (`recording`, `touch-script`, `note`), the
/// `screenshot`s, `error`s and, after the playlist's last item, `done`.
///
/// Example: `{"t":12.345678,"type":"wl_touch","client":4711,"event":"down","serial":9,
/// "time":12345,"surface":3,"id":0,"x":100.5,"y":20.0}`.
final class SessionEventLog {
  enum Value {
    case string(String)
    case integer(Int64)
    case number(Double)
  }

  private let file: UnsafeMutablePointer<FILE>

  /// Opens (truncates) `path`; nil, after logging why, when it cannot be written.
  init?(path: String) {
    guard let file = fopen(path, "w") else {
      TestSeatLog.write(
        "error: cannot write the event log \(path): \(String(cString: strerror(errno)))")
      return nil
    }
    self.file = file
  }

  deinit { fclose(file) }

  /// Writes one line: `type` and `fields` in order.
  func write(_ type: String, _ fields: [(String, Value)] = []) {
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    var line = "{\"t\":\(FixedDecimal.seconds(microseconds: now)),\"type\":\(JSONText.quoted(type))"
    for (key, value) in fields {
      line += ",\(JSONText.quoted(key)):"
      switch value {
      case .string(let text): line += JSONText.quoted(text)
      case .integer(let number): line += String(number)
      case .number(let number): line += FixedDecimal.format(number, decimals: 4) ?? "null"
      }
    }
    line += "}\n"
    fputs(line, file)
    fflush(file)
  }

  /// A one-line message of the playback (`note`), also in weston's log.
  func note(_ message: String) {
    TestSeatLog.write(message)
    write("note", [("message", .string(message))])
  }

  /// An error of the playback, also in weston's log.
  func error(_ message: String) {
    TestSeatLog.write("error: \(message)")
    write("error", [("message", .string(message))])
  }
}
