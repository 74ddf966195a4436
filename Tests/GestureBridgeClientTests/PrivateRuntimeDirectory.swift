import Foundation

/// A fresh directory with mode 0700 under /tmp, used as the test server's XDG_RUNTIME_DIR so the
/// Wayland socket and its lock file never touch the user's runtime directory.
final class PrivateRuntimeDirectory {
  let path: String

  /// Creates the directory; throws a one-line error naming the failed call.
  init() throws {
    var template = Array("/tmp/gesture-bridge-client-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      throw TestSetupError("PrivateRuntimeDirectory: mkdtemp failed: errno \(errno)")
    }
    path = String(cString: created)
    guard chmod(path, 0o700) == 0 else {
      throw TestSetupError("PrivateRuntimeDirectory: chmod 0700 \(path) failed: errno \(errno)")
    }
  }

  /// Removes whatever the server left (socket, lock file) and the directory itself.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
