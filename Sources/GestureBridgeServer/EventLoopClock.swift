// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore
import Glibc
import TouchInput

/// A `GestureClock` on a `wl_event_loop`: time is CLOCK_MONOTONIC in microseconds, the clock
/// of libinput and compositor input events, and wake-ups come from one
/// `wl_event_loop_add_timer` source (millisecond resolution, rounded up). A target woken up
/// is told the deadline it asked for as "now", so a long press begins at the moment its
/// duration elapsed whatever the loop's latency.
///
/// Timers never overtake input stamped before their deadline. Input reaches the loop late
/// (a busy machine, a device fd read after the timer in the same loop iteration, a frame
/// played by a timer of its own that the loop's millisecond rounding puts after this one),
/// so a deadline that has passed is not applied at once: it waits `graceMicroseconds` (a
/// second timer expiry), during which input stamped before the deadline is handled first,
/// and the first input frame stamped at or after the deadline applies it before itself
/// (`fireDue(atOrBefore:)`, called by the server). So the order is that of the timestamps,
/// as the in-core replay's `ManualClock` gives it: deterministic however late the loop runs.
/// The cost: a timer's effect (a long press's `began`, stamped at its deadline) reaches
/// clients up to the grace later when no input follows.
public final class EventLoopClock: GestureClock {
  /// How long a due deadline waits for input stamped before it (microseconds).
  public static let graceMicroseconds: Int64 = 5_000
  private var timer: OpaquePointer?
  private weak var target: (any ClockWakeTarget)?
  private var deadlineMicroseconds: Int64?
  /// Set when the timer found the deadline due: it is applied when the grace is over.
  private var isInGrace = false
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

  public var nowMicroseconds: Int64 { MonotonicTime.nowMicroseconds() }

  public func requestWakeup(
    _ target: any ClockWakeTarget, atMicroseconds deadlineMicroseconds: Int64?
  ) {
    self.target = target
    self.deadlineMicroseconds = deadlineMicroseconds
    isInGrace = false
    arm()
  }

  /// Applies the pending deadline now if it is at or before `time` (an input frame stamped
  /// `time` is about to be handled): the timer comes first, as in virtual time.
  public func fireDue(atOrBefore time: Int64) {
    guard let deadline = deadlineMicroseconds, deadline <= time else { return }
    fire(deadline)
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
    guard let deadline = deadlineMicroseconds else { return }
    if nowMicroseconds < deadline {
      arm()
      return
    }
    if !isInGrace, let timer {
      isInGrace = true
      wl_event_source_timer_update(timer, Int32(max(1, Self.graceMicroseconds / 1_000)))
      return
    }
    fire(deadline)
  }

  private func fire(_ deadline: Int64) {
    deadlineMicroseconds = nil
    isInGrace = false
    if let timer { wl_event_source_timer_update(timer, 0) }
    target?.clockReachedDeadline(nowMicroseconds: deadline)
    afterWake?()
  }
}

private func eventLoopClockFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<EventLoopClock>.fromOpaque(data).takeUnretainedValue().fired()
  return 0
}
