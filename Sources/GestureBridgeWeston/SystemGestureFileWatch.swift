// SPDX-License-Identifier: MIT
import CGestureBridge
import CWeston
import Glibc

/// Reloads the system-gesture config (`[gesture-bridge] system-gestures=PATH`) when the file
/// changes: an inotify watch on the file's directory, read on weston's event loop, for the
/// file's name being closed after writing (`IN_CLOSE_WRITE`) or renamed into place
/// (`IN_MOVED_TO`, how editors and atomic writers replace a file). The directory is watched,
/// not the file, so a replaced file (a new inode) keeps being noticed.
///
/// Each change loads the file through `gb_bridge_load_system_gestures`: on success one line
/// `system gestures reloaded from PATH (N recognizers)`; on failure one line `error: system
/// gestures not reloaded: MESSAGE; keeping the previous config`, and the config in use stays.
/// A watch that cannot be set up (no directory, inotify failing) is one `error:` line and no
/// reloads; weston keeps serving. `close()` leaves the event loop and closes the inotify fd
/// (the module calls it when the compositor is destroyed).
final class SystemGestureFileWatch {
  private let bridge: OpaquePointer
  private let path: String
  /// The file's name in its directory, as inotify reports it.
  private let name: [UInt8]
  private var fd: Int32 = -1
  private var eventSource: OpaquePointer?
  private var buffer = [UInt8](repeating: 0, count: 4096)
  /// The size of `struct inotify_event` without its name.
  private static let headerSize = 16

  /// Starts watching `path`'s directory; nil (after logging why) when it cannot.
  init?(bridge: OpaquePointer, path: String, compositor: UnsafeMutablePointer<weston_compositor>) {
    self.bridge = bridge
    self.path = path
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    name = Array((slash.map { String(path[path.index(after: $0)...]) } ?? path).utf8)
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else {
      Self.cannotWatch(path, "inotify_init1: \(String(cString: strerror(errno)))")
      return nil
    }
    guard inotify_add_watch(fd, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
      Self.cannotWatch(path, "directory \(directory): \(String(cString: strerror(errno)))")
      Glibc.close(fd)
      fd = -1
      return nil
    }
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    eventSource = wl_event_loop_add_fd(
      loop, fd, UInt32(WL_EVENT_READABLE), systemGestureFileChanged,
      Unmanaged.passUnretained(self).toOpaque())
    guard eventSource != nil else {
      Self.cannotWatch(path, "cannot add the watch to weston's event loop")
      close()
      return nil
    }
    WestonLog.write("system gestures: watching \(path) for changes")
  }

  deinit { close() }

  private static func cannotWatch(_ path: String, _ reason: String) {
    WestonLog.write("error: system gestures not watched, \(path) will not be reloaded: \(reason)")
  }

  /// Leaves the event loop and closes the inotify fd.
  func close() {
    if let eventSource { wl_event_source_remove(eventSource) }
    eventSource = nil
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
  }

  /// Reads every pending event; reloads once if any names the file.
  fileprivate func readable() {
    var changed = false
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      var offset = 0
      while offset + Self.headerSize <= count {
        let length = Int(word(at: offset + 12))
        let start = offset + Self.headerSize
        let end = min(start + length, count)
        if !changed, (word(at: offset + 4) & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) != 0 {
          // The name is NUL-padded to `length`.
          let nameEnd = buffer[start..<end].firstIndex(of: 0) ?? end
          changed = buffer[start..<nameEnd].elementsEqual(name)
        }
        offset = start + length
      }
    }
    if changed { reload() }
  }

  /// The native-endian 32-bit word at `offset` of `buffer`.
  private func word(at offset: Int) -> UInt32 {
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(buffer[offset + index]) << (8 * index) }
    return UInt32(littleEndian: value)
  }

  private func reload() {
    var message: UnsafeMutablePointer<CChar>?
    if gb_bridge_load_system_gestures(bridge, path, &message) {
      let count = gb_bridge_system_recognizer_count(bridge)
      WestonLog.write("system gestures reloaded from \(path) (\(count) recognizers)")
    } else {
      let text = message.map { String(cString: $0) } ?? "unknown error"
      gb_string_free(message)
      WestonLog.write(
        "error: system gestures not reloaded: \(text); keeping the previous config")
    }
  }
}

private func systemGestureFileChanged(
  _ fd: Int32, _ mask: UInt32, _ data: UnsafeMutableRawPointer?
) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<SystemGestureFileWatch>.fromOpaque(data).takeUnretainedValue().readable()
  return 0
}
