// SPDX-License-Identifier: MIT
/// Errors of the mocked-device replay; `description` is one line saying what is wrong.
public enum MockedDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The process was not started with libumockdev-preload (and the fix library) preloaded.
  case preloadNotActive(String)
  /// The preload fix library was not found.
  case fixLibraryNotFound(searched: [String])
  /// umockdev refused the generated device description or ioctl record.
  case umockdevFailed(node: String, message: String)
  /// libinput did not report the mocked device in time.
  case deviceNotSeen(node: String, what: String)
  /// libinput stopped reading a mocked device (no progress within the time limit).
  case stalled(node: String, unacknowledgedFrames: Int)
  /// A reader in another process left `unreadBytes` unread in the mocked device's pty for the
  /// whole time limit.
  case readerStalled(node: String, unreadBytes: Int)
  /// A write to the mocked device's pty failed.
  case writeFailed(node: String, errno: Int32)
  /// The replay script is inconsistent (e.g. a step names a device that does not exist).
  case invalidScript(String)
  /// exec of the current executable failed.
  case reexecFailed(errno: Int32)

  public var description: String {
    switch self {
    case .preloadNotActive(let message): return message
    case .fixLibraryNotFound(let searched):
      return
        "the umockdev preload fix library was not found (looked at \(searched.joined(separator: ", "))); "
        + "build it with `swift build` or set GESTUREBRIDGE_UMOCKDEV_FIX to its path"
    case .umockdevFailed(let node, let message):
      return "umockdev could not create \(node): \(message)"
    case .deviceNotSeen(let node, let what):
      return
        "libinput did not report \(what) for mocked \(node) within 5 s "
        + "(is libUmockdevPreloadFix.so preloaded after libumockdev-preload.so.0?)"
    case .stalled(let node, let frames):
      return
        "libinput stopped reading mocked \(node) with \(frames) frame(s) unacknowledged "
        + "(device dropped after a short read?)"
    case .readerStalled(let node, let unread):
      return "the reader of mocked \(node) stopped reading with \(unread) bytes unread"
    case .writeFailed(let node, let errno):
      return "writing events to mocked \(node) failed (errno \(errno))"
    case .invalidScript(let message): return "invalid replay script: \(message)"
    case .reexecFailed(let errno): return "re-executing with LD_PRELOAD failed (errno \(errno))"
    }
  }
}
