// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeClient
import Glibc
import SignalPipe

/// Waits on the display's socket and the signal pipe together and dispatches the display's
/// default queue.
struct EventLoop {
  enum Outcome {
    case dispatched
    /// SIGINT or SIGTERM: stop.
    case signalled
    /// SIGUSR1 (and no stop signal): the caller roundtrips and says so.
    case syncRequested
  }

  let display: OpaquePointer
  let signals: SignalPipe

  /// Blocks until events or a signal arrive; dispatches the events. Throws the connection's
  /// error if it fails (for example when the compositor goes away).
  func waitAndDispatch() throws -> Outcome {
    while wl_display_prepare_read(display) != 0 {
      guard wl_display_dispatch_pending(display) >= 0 else { throw failure() }
    }
    guard flush() else {
      wl_display_cancel_read(display)
      throw failure()
    }
    var descriptors = [
      pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&descriptors, 2, -1)
    if ready < 0 {
      wl_display_cancel_read(display)
      if errno == EINTR { return .dispatched }
      throw GestureBridgeError.connectionLost(errno: errno)
    }
    if descriptors[0].revents != 0 {
      guard wl_display_read_events(display) >= 0 else { throw failure() }
    } else {
      wl_display_cancel_read(display)
    }
    guard wl_display_dispatch_pending(display) >= 0 else { throw failure() }
    guard descriptors[1].revents != 0 else { return .dispatched }
    let received = signals.drain()
    if received.contains(where: { $0 != SIGUSR1 }) { return .signalled }
    return received.isEmpty ? .dispatched : .syncRequested
  }

  /// Flushes, waiting for the socket to drain when it is full; false if the connection failed.
  private func flush() -> Bool {
    while wl_display_flush(display) < 0 {
      guard errno == EAGAIN else { return false }
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
      _ = poll(&descriptor, 1, 1_000)
    }
    return true
  }

  private func failure() -> GestureBridgeError {
    GestureBridgeClient.connectionError(of: display) ?? .connectionLost(errno: errno)
  }
}
