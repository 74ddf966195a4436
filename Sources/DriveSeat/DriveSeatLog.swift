// SPDX-License-Identifier: MIT
import CWeston

/// The test seat module's messages, one line each in weston's log, prefixed with its name.
enum DriveSeatLog {
  static func write(_ message: String) {
    cweston_log("gesture-bridge-weston-test-seat: \(message)")
  }
}
