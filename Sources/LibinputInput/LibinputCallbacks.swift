// SPDX-License-Identifier: MIT
import CLibinput
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state libinput's C callbacks reach through the context's user data: the logger for
/// libinput's own messages and the outcome of every `open_restricted` call.
final class LibinputCallbacks {
  let logger: Logger
  /// errno of the last failed open per path (cleared by a successful open).
  var openFailures: [String: Int32] = [:]

  init(logger: Logger) {
    self.logger = logger
  }

  static func from(_ userData: UnsafeMutableRawPointer?) -> LibinputCallbacks? {
    guard let userData else { return nil }
    let context = userData.assumingMemoryBound(to: gb_libinput_context.self)
    guard let owner = context.pointee.owner else { return nil }
    return Unmanaged<LibinputCallbacks>.fromOpaque(owner).takeUnretainedValue()
  }

  /// libinput's `open_restricted`: opens with O_CLOEXEC|O_NONBLOCK, returns the fd or -errno
  /// and remembers a failure's errno for the error message.
  static let openRestricted:
    @convention(c) (UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?) -> Int32 = {
      path, flags, userData in
      guard let path else { return -EINVAL }
      let fd = open(path, flags | O_CLOEXEC | O_NONBLOCK)
      let error = errno
      let callbacks = from(userData)
      let pathString = String(cString: path)
      if fd < 0 {
        callbacks?.openFailures[pathString] = error
        callbacks?.logger.warning(
          "cannot open \(pathString): \(DeviceAccess.explain(path: pathString, errno: error))")
        return -error
      }
      callbacks?.openFailures[pathString] = nil
      return fd
    }

  /// libinput's `close_restricted`.
  static let closeRestricted: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = {
    fd, _ in
    _ = close(fd)
  }

  /// Receives libinput's log messages, already formatted by the C shim.
  static let logSink:
    @convention(c) (UnsafeMutableRawPointer?, libinput_log_priority, UnsafePointer<CChar>?) ->
      Void = { owner, priority, message in
        guard let owner, let message else { return }
        let callbacks = Unmanaged<LibinputCallbacks>.fromOpaque(owner).takeUnretainedValue()
        var text = String(cString: message)
        while text.last == "\n" { text.removeLast() }
        let level: Logger.Level
        switch priority {
        case LIBINPUT_LOG_PRIORITY_DEBUG: level = .debug
        case LIBINPUT_LOG_PRIORITY_INFO: level = .info
        default: level = .error
        }
        callbacks.logger.log(level: level, "libinput: \(text)")
      }
}
