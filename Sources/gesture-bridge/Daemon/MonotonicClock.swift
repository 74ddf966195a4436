// SPDX-License-Identifier: MIT
import GestureCore
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `GestureClock` for live input: `CLOCK_MONOTONIC` in microseconds, the timeline libinput
/// stamps its events with. It never sleeps or polls by itself: the event loop asks
/// `nextDeadlineMicroseconds` (to use as its `poll` timeout) and calls `fireDue()` when it
/// wakes; each due wake-up is called with the current time.
final class MonotonicClock: GestureClock {
  private struct Request {
    let target: ObjectIdentifier
    weak var object: (any ClockWakeTarget)?
    var deadline: Int64
  }

  private var requests: [Request] = []

  init() {}

  /// `CLOCK_MONOTONIC` now, in microseconds.
  var nowMicroseconds: Int64 { MonotonicTime.nowMicroseconds() }

  func requestWakeup(
    _ target: any ClockWakeTarget, atMicroseconds deadlineMicroseconds: Int64?
  ) {
    let key = ObjectIdentifier(target)
    requests.removeAll { $0.target == key || $0.object == nil }
    if let deadline = deadlineMicroseconds {
      requests.append(Request(target: key, object: target, deadline: deadline))
    }
  }

  /// The earliest pending wake-up, if any.
  var nextDeadlineMicroseconds: Int64? {
    requests.lazy.filter { $0.object != nil }.map(\.deadline).min()
  }

  /// The `poll(2)` timeout until the next wake-up in milliseconds, rounded up so the loop
  /// never wakes before it; -1 (wait forever) without one.
  func pollTimeoutMilliseconds() -> Int32 {
    guard let deadline = nextDeadlineMicroseconds else { return -1 }
    let remaining = deadline - nowMicroseconds
    if remaining <= 0 { return 0 }
    return Int32(clamping: (remaining + 999) / 1000)
  }

  /// Calls every wake-up whose deadline has come, earliest first (a wake-up may request
  /// another; it fires in the same call if it is already due). Returns the number fired.
  @discardableResult
  func fireDue() -> Int {
    var fired = 0
    while true {
      let now = nowMicroseconds
      requests.removeAll { $0.object == nil }
      guard
        let index = requests.indices.filter({ requests[$0].deadline <= now })
          .min(by: { requests[$0].deadline < requests[$1].deadline })
      else { return fired }
      let request = requests.remove(at: index)
      request.object?.clockReachedDeadline(nowMicroseconds: now)
      fired += 1
    }
  }
}
