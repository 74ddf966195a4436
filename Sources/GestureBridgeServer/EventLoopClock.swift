import CWaylandServer
import GestureCore
import Glibc

/// A `GestureClock` on a `wl_event_loop`: time is CLOCK_MONOTONIC in microseconds, the clock
/// of libinput and compositor input events, and wake-ups come from one
/// `wl_event_loop_add_timer` source (millisecond resolution, rounded up). A target woken up
/// is told the deadline it asked for as "now", so a long press begins at the moment its
/// duration elapsed whatever the loop's latency.
public final class EventLoopClock: GestureClock {
  private var timer: OpaquePointer?
  private weak var target: (any ClockWakeTarget)?
  private var deadlineMicroseconds: Int64?
  /// Runs after each wake-up, once the target has handled it.
  public var afterWake: (() -> Void)?

  /// Adds the timer source to `eventLoop` (a `wl_event_loop *`).
  public init(eventLoop: OpaquePointer) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    timer = wl_event_loop_add_timer(eventLoop, eventLoopClockFired, context)
  }

  deinit {
    if let timer { wl_event_source_remove(timer) }
  }

  /// Removes the timer source while its event loop still exists: the display is being
  /// destroyed, and `wl_event_loop_destroy` frees only the sources already removed (a source
  /// left attached leaked, one per display, found by LeakSanitizer).
  func eventLoopWillBeDestroyed() {
    if let timer { wl_event_source_remove(timer) }
    timer = nil
  }

  public var nowMicroseconds: Int64 { Self.monotonicMicroseconds() }

  /// CLOCK_MONOTONIC now, in microseconds.
  public static func monotonicMicroseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
  }

  public func requestWakeup(
    _ target: any ClockWakeTarget, atMicroseconds deadlineMicroseconds: Int64?
  ) {
    self.target = target
    self.deadlineMicroseconds = deadlineMicroseconds
    arm()
  }

  private func arm() {
    guard let timer else { return }
    guard let deadline = deadlineMicroseconds else {
      wl_event_source_timer_update(timer, 0)
      return
    }
    let remaining = deadline - nowMicroseconds
    // 0 would disarm the timer: a due deadline fires after 1 ms.
    let milliseconds = max(1, min(Int64(Int32.max), (remaining + 999) / 1_000))
    wl_event_source_timer_update(timer, Int32(milliseconds))
  }

  fileprivate func fired() {
    guard let deadline = deadlineMicroseconds, let target else { return }
    if nowMicroseconds < deadline {
      arm()
      return
    }
    deadlineMicroseconds = nil
    target.clockReachedDeadline(nowMicroseconds: deadline)
    afterWake?()
  }
}

private func eventLoopClockFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<EventLoopClock>.fromOpaque(data).takeUnretainedValue().fired()
  return 0
}
