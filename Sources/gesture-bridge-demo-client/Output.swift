// SPDX-License-Identifier: MIT
import Glibc

/// Writes whole lines straight to a file descriptor (unbuffered), so that a reader of a pipe sees
/// each JSON line as soon as it is printed.
enum Output {
  static func line(_ text: String) {
    write(text + "\n", to: STDOUT_FILENO)
  }

  static func error(_ text: String) {
    write("gesture-bridge-demo-client: " + text + "\n", to: STDERR_FILENO)
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
