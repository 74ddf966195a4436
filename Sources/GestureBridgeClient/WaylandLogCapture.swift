// SPDX-License-Identifier: MIT
import CWaylandClientLog
import Glibc
import Synchronization

/// Captures libwayland-client's log lines so that a protocol error's message can be reported:
/// libwayland-client hands the compositor's error message only to its log handler, formatted as
/// `interface@id: error code: message` (`interface#id: ...` since libwayland 1.24). `install()`
/// replaces the process-wide client log handler (once) with one that records the line and still
/// writes it to stderr, as the default handler does.
enum WaylandLogCapture {
  private static let recentLines = Mutex<[String]>([])
  private static let maximumLines = 32
  private static let installation: Void = {
    gb_client_log_set_line_handler(handleLogLine)
  }()

  /// Installs the capturing handler; later calls do nothing.
  static func install() {
    _ = installation
  }

  /// The message of the most recent logged protocol error on `interfaceName@objectID` with
  /// `code`, if one was captured.
  static func message(interfaceName: String, objectID: UInt32, code: UInt32) -> String? {
    let prefixes = ["@", "#"].map { "\(interfaceName)\($0)\(objectID): error \(code): " }
    let lines = recentLines.withLock { $0 }
    guard let line = lines.last(where: { line in prefixes.contains { line.hasPrefix($0) } })
    else { return nil }
    var message = line.dropFirst(prefixes[0].count)
    while message.last == "\n" { message = message.dropLast() }
    return String(message)
  }

  fileprivate static func record(_ line: String) {
    recentLines.withLock { lines in
      lines.append(line)
      if lines.count > maximumLines { lines.removeFirst(lines.count - maximumLines) }
    }
  }
}

private func handleLogLine(_ line: UnsafePointer<CChar>?) {
  guard let line else { return }
  let text = String(cString: line)
  WaylandLogCapture.record(text)
  var bytes = Array(text.utf8)
  _ = write(STDERR_FILENO, &bytes, bytes.count)
}
