// SPDX-License-Identifier: MIT
import Glibc

/// Reads small text files (touch scripts, playlists) with the C library.
enum TextFileReader {
  /// The whole file at `path`; nil when it cannot be opened.
  static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      text += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    return text
  }
}
