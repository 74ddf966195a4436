// SPDX-License-Identifier: MIT
import CWaylandClient
import Glibc

/// Dispatches one event queue of a display (nil: the default queue) until a condition holds,
/// reading the socket with `poll` so that no wait lasts longer than the deadline.
struct BoundedDispatch {
  let display: OpaquePointer
  let queue: OpaquePointer?

  /// Flushes, then reads and dispatches until `condition()` is true. Throws the connection's
  /// error if it fails, `timedOut` when the deadline passes.
  func run(timeoutMilliseconds: Int, until condition: () -> Bool) throws {
    let deadline = Self.nowMilliseconds() + timeoutMilliseconds
    while !condition() {
      if let error = GestureBridgeClient.connectionError(of: display) { throw error }
      if prepareRead() != 0 {
        guard dispatchPending() >= 0 else { throw failure() }
        continue
      }
      _ = wl_display_flush(display)
      let remaining = Int32(clamping: max(0, deadline - Self.nowMilliseconds()))
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, remaining)
      if ready > 0 {
        guard wl_display_read_events(display) >= 0 else { throw failure() }
      } else {
        let pollErrno = errno
        wl_display_cancel_read(display)
        if ready == 0 { throw GestureBridgeError.timedOut(milliseconds: timeoutMilliseconds) }
        if pollErrno != EINTR { throw GestureBridgeError.connectionLost(errno: pollErrno) }
      }
      guard dispatchPending() >= 0 else { throw failure() }
    }
  }

  private func prepareRead() -> Int32 {
    if let queue { return wl_display_prepare_read_queue(display, queue) }
    return wl_display_prepare_read(display)
  }

  private func dispatchPending() -> Int32 {
    if let queue { return wl_display_dispatch_queue_pending(display, queue) }
    return wl_display_dispatch_pending(display)
  }

  private func failure() -> GestureBridgeError {
    GestureBridgeClient.connectionError(of: display) ?? .connectionLost(errno: errno)
  }

  static func nowMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }
}
