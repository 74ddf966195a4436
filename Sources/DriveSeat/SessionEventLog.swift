// SPDX-License-Identifier: MIT
import DriveLog
import Glibc
import WestonModuleSupport

/// The test seat's event log (weston.ini `event-log=PATH`), read by `gesture-bridge drive`:
/// one `DriveLogEvent` a line (the schema both sides use), flushed as written, each with `"t"`
/// (CLOCK_MONOTONIC seconds) and `"type"`: what clients received (`wl_touch`,
/// `gesture_bridge`: `ClientEventRecorder`), client windows (`window`), what the seat plays
/// (`recording`, `touch-script`, `note`), the `screenshot`s, `error`s and, after the
/// playlist's last item, `done`.
///
/// Example: `{"t":12.345678,"type":"wl_touch","client":4711,"event":"down","serial":9,
/// "time":12345,"surface":3,"id":0,"x":100.5000,"y":20.0000}`.
final class SessionEventLog {
  private let file: UnsafeMutablePointer<FILE>

  /// Opens (truncates) `path`; nil, after logging why, when it cannot be written.
  init?(path: String) {
    guard let file = fopen(path, "w") else {
      DriveSeatLog.write(
        "error: cannot write the event log \(path): \(String(cString: strerror(errno)))")
      return nil
    }
    self.file = file
  }

  deinit { fclose(file) }

  /// Writes one line: `event`, stamped with the time now.
  func write(_ event: DriveLogEvent) {
    var stamped = event
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    stamped.timeMicroseconds = Int64(clamping: now)
    fputs(stamped.jsonLine + "\n", file)
    fflush(file)
  }

  /// A one-line message of the playback (`note`), also in weston's log.
  func note(_ message: String) {
    DriveSeatLog.write(message)
    var event = DriveLogEvent(.note)
    event.message = message
    write(event)
  }

  /// An error of the playback, also in weston's log.
  func error(_ message: String) {
    DriveSeatLog.write("error: \(message)")
    write(.errorEvent(message))
  }
}

extension DriveLogEvent {
  /// An `error` line with `message` (weston's log has it already).
  static func errorEvent(_ message: String) -> DriveLogEvent {
    var event = DriveLogEvent(.error)
    event.message = message
    return event
  }
}
