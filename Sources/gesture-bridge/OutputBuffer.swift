// SPDX-License-Identifier: MIT
import GestureScene

/// Collects output lines and writes them to standard output in large chunks.
struct OutputBuffer {
  private var bytes: [UInt8] = []
  private let limit = 1 << 16

  init() { bytes.reserveCapacity(limit + 1024) }

  /// Appends `line` and a newline; writes out when the buffer is full.
  mutating func writeLine(_ line: String) {
    bytes.append(contentsOf: line.utf8)
    bytes.append(0x0A)
    if bytes.count >= limit { flush() }
  }

  /// Appends `report` as a JSON or text line (rendered straight into the buffer, no `String`
  /// per line); writes out when the buffer is full.
  mutating func write(_ report: GestureReport, json: Bool) {
    if json {
      report.appendJSONLine(to: &bytes)
    } else {
      report.appendTextLine(to: &bytes)
    }
    if bytes.count >= limit { flush() }
  }

  /// Writes everything collected so far.
  mutating func flush() {
    guard !bytes.isEmpty else { return }
    writeAll(bytes, to: 1)
    bytes.removeAll(keepingCapacity: true)
  }
}
