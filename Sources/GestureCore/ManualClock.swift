// SPDX-License-Identifier: MIT
/// A clock whose time moves only when told to: virtual time for tests and replays.
///
/// `advance(toMicroseconds:)` fires every wake-up that falls due on the way, in deadline
/// order, with the clock reading exactly each deadline when it fires, so a replay gives the
/// same output however fast the machine is.
public final class ManualClock: GestureClock {
  private struct Request {
    let target: ObjectIdentifier
    weak var object: (any ClockWakeTarget)?
    var deadline: Int64
  }

  public var nowMicroseconds: Int64 { now }
  /// `nowMicroseconds`' storage: private, so its exclusivity is checked when compiling (a
  /// public stored property of a class is checked at run time on every read).
  private var now: Int64
  private var requests: [Request] = []
  /// The earliest deadline among `requests` (`Int64.max` when there is none): a frame that
  /// comes before it moves time without looking at the requests.
  private var earliestDeadline = Int64.max

  public init(nowMicroseconds: Int64 = 0) {
    now = nowMicroseconds
  }

  public func requestWakeup(
    _ target: any ClockWakeTarget, atMicroseconds deadlineMicroseconds: Int64?
  ) {
    let key = ObjectIdentifier(target)
    // (The list is taken out while it changes: no access to it spans a call, so the
    // compiler checks every access to it.)
    var requests: [Request] = []
    swap(&requests, &self.requests)
    var found: Int?
    for index in requests.indices where requests[index].target == key {
      found = index
      break
    }
    if let index = found {
      if let deadline = deadlineMicroseconds {
        // A request left by a freed target at the same address is taken over as a new one
        // (a freed target's request is never fired, and goes once its deadline has passed).
        if requests[index].object == nil { requests[index].object = target }
        requests[index].deadline = deadline
      } else {
        requests.remove(at: index)
      }
    } else if let deadline = deadlineMicroseconds {
      requests.append(Request(target: key, object: target, deadline: deadline))
    }
    earliestDeadline = Self.earliestDeadline(of: requests)
    swap(&requests, &self.requests)
  }

  private static func earliestDeadline(of requests: [Request]) -> Int64 {
    var earliest = Int64.max
    for index in requests.indices where requests[index].deadline < earliest {
      earliest = requests[index].deadline
    }
    return earliest
  }

  /// The earliest pending wake-up, if any.
  public var nextDeadlineMicroseconds: Int64? {
    let requests = self.requests
    return requests.lazy.filter { $0.object != nil }.map(\.deadline).min()
  }

  /// Moves time forward to `time`, firing due wake-ups in order on the way. Time never moves
  /// backwards: an earlier `time` only fires what is already due.
  public func advance(toMicroseconds time: Int64) {
    guard time >= earliestDeadline else { return now.raise(to: time) }
    while let index = Self.earliestDue(in: requests, atOrBefore: time) {
      var requests: [Request] = []
      swap(&requests, &self.requests)
      let request = requests.remove(at: index)
      earliestDeadline = Self.earliestDeadline(of: requests)
      swap(&requests, &self.requests)
      now.raise(to: request.deadline)
      request.object?.clockReachedDeadline(nowMicroseconds: nowMicroseconds)
    }
    now.raise(to: time)
  }

  /// Moves time forward by `duration` microseconds.
  public func advance(byMicroseconds duration: Int64) {
    advance(toMicroseconds: nowMicroseconds + duration)
  }

  /// Moves time forward by `seconds`.
  public func advance(bySeconds seconds: Double) {
    advance(byMicroseconds: Int64((seconds * 1_000_000).rounded()))
  }

  /// Fires wake-ups until none is pending (each may schedule more), moving time to each
  /// deadline; stops after `limit` wake-ups so a timer that re-arms forever cannot hang.
  /// Returns the number fired.
  @discardableResult
  public func runUntilIdle(limit: Int = 10_000) -> Int {
    var fired = 0
    while fired < limit, let deadline = nextDeadlineMicroseconds {
      advance(toMicroseconds: deadline)
      fired += 1
    }
    return fired
  }

  private static func earliestDue(in requests: [Request], atOrBefore time: Int64) -> Int? {
    var best: Int?
    var bestDeadline = Int64.max
    for index in requests.indices {
      let deadline = requests[index].deadline
      if deadline <= time && (best == nil || deadline < bestDeadline) {
        best = index
        bestDeadline = deadline
      }
    }
    return best
  }
}
