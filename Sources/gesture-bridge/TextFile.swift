// SPDX-License-Identifier: MIT
import Glibc

/// Writing whole text files the way a reader never sees half of one: the text goes to a
/// temporary file next to the target, which is then renamed over it.
enum TextFile {
  /// Replaces the file at `path` with `text`; throws an `InputFailure` naming the file and
  /// the system's reason when it cannot.
  static func write(_ text: String, to path: String) throws {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure(path, errno) }
    var bytes = Array(text.utf8)
    var offset = 0
    var error: Int32 = 0
    bytes.withUnsafeMutableBufferPointer { buffer in
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 {
          error = written < 0 ? errno : EIO
          return
        }
        offset += written
      }
    }
    if close(descriptor) != 0 && error == 0 { error = errno }
    if error == 0 && rename(temporary, path) != 0 { error = errno }
    if error != 0 {
      unlink(temporary)
      throw failure(path, error)
    }
  }

  private static func failure(_ path: String, _ error: Int32) -> InputFailure {
    InputFailure(message: "cannot write \(path): \(String(cString: strerror(error)))")
  }
}
