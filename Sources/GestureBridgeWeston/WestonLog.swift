// SPDX-License-Identifier: MIT
import CWeston

/// The module's messages, one line each in weston's log (`weston_log`: the `--log` file, or
/// weston's stderr without one), prefixed with the module's name.
enum WestonLog {
  static func write(_ message: String) {
    cweston_log("gesture-bridge-weston: \(message)")
  }
}
