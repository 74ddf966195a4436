// SPDX-License-Identifier: MIT
import Foundation

/// A fresh directory with mode 0700 under /tmp, used as a test compositor's XDG_RUNTIME_DIR so
/// the Wayland socket and its lock file never touch the user's runtime directory.
public final class PrivateRuntimeDirectory: Sendable {
  public let path: String

  /// Creates the directory; throws a one-line error naming the failed call.
  public init() throws {
    var template = Array("/tmp/gesture-bridge-test-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      throw TestFailure("PrivateRuntimeDirectory: mkdtemp failed: errno \(errno)")
    }
    path = String(cString: created)
    guard chmod(path, 0o700) == 0 else {
      throw TestFailure("PrivateRuntimeDirectory: chmod 0700 \(path) failed: errno \(errno)")
    }
  }

  /// The permission bits of the directory as they are on disk now.
  public var permissionBits: UInt32 {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return UInt32(info.st_mode) & 0o777
  }

  /// Removes whatever was left in it (socket, lock file, logs) and the directory itself.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
