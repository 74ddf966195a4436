// SPDX-License-Identifier: MIT
/// One event of the touch stream a client (a wl_touch, or a view's `ViewTouchObserver`)
/// receives, for `TouchStreamChecker`.
public struct TouchStreamEvent: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// wl_touch.down, `touchesBegan`.
    case down
    /// wl_touch.motion, `touchesMoved`.
    case motion
    /// wl_touch.up, `touchesEnded`.
    case up
    /// The end of one touch without an up (`touchesCancelled` for that touch).
    case cancel
    /// wl_touch.cancel: every touch the client has down ends without an up.
    case cancelAll = "cancel-all"
    /// wl_touch.frame: the end of a group of events that belong together.
    case frame
  }

  public var kind: Kind
  /// The touch id (ignored for `cancelAll` and `frame`).
  public var id: Int64
  /// When the event happened, in microseconds (nil for events without a time).
  public var timeMicroseconds: Int64?

  public init(_ kind: Kind, id: Int64 = 0, timeMicroseconds: Int64? = nil) {
    self.kind = kind
    self.id = id
    self.timeMicroseconds = timeMicroseconds
  }

  public var description: String {
    switch kind {
    case .frame, .cancelAll: kind.rawValue
    default: "\(kind.rawValue) \(id)" + (timeMicroseconds.map { " @\($0)" } ?? "")
    }
  }
}

/// The invariant of every touch stream the project delivers, checked on the wl_touch log of
/// every weston end-to-end run and on the view deliveries of every random stream of the core
/// property test:
///
/// 1. Per touch id: `down`, then `motion`*, then exactly one `up` or a cancel (`cancel` for
///    that touch, or `cancelAll`). No event for an id that is not down; no second `down` for
///    an id still down (a toolkit would see one finger land twice).
/// 2. Time order per touch: each touch's events carry non-decreasing times. (Events of
///    different touches may go backwards: an event held back by `delaysTouchesBegan` or
///    `delaysTouchesEnded` is released later with its original time, after events of other
///    touches that happened after it, as UIKit delivers it.)
/// 3. A frame after each group: no `down`, `motion` or `up` after the stream's last `frame`.
/// 4. With `requireAllEnded`, no touch is left down at the end.
public enum TouchStreamChecker {
  /// The violations of the invariant in `events`, in stream order, each naming the event's
  /// position; empty when the stream is valid.
  public static func violations(
    in events: [TouchStreamEvent], requireAllEnded: Bool = true
  ) -> [String] {
    var problems: [String] = []
    var lastTime: [Int64: Int64] = [:]
    var open: [Int64] = []
    var unframed: Int?
    for (index, event) in events.enumerated() {
      let at = "event \(index) (\(event))"
      switch event.kind {
      case .down:
        if open.contains(event.id) {
          problems.append("\(at): down for touch \(event.id), which is already down")
        } else {
          open.append(event.id)
        }
        lastTime[event.id] = event.timeMicroseconds
        unframed = unframed ?? index
      case .motion, .up, .cancel:
        guard open.contains(event.id) else {
          problems.append("\(at): \(event.kind.rawValue) for touch \(event.id), which is not down")
          continue
        }
        if let time = event.timeMicroseconds {
          if let last = lastTime[event.id], time < last {
            problems.append("\(at): time \(time) before the touch's previous event at \(last)")
          }
          lastTime[event.id] = time
        }
        if event.kind != .motion {
          open.removeAll { $0 == event.id }
          lastTime[event.id] = nil
        }
        if event.kind != .cancel { unframed = unframed ?? index }
      case .cancelAll:
        open.removeAll()
        lastTime.removeAll()
      case .frame:
        unframed = nil
      }
    }
    if let unframed {
      problems.append("event \(unframed) (\(events[unframed])) and after: no frame follows")
    }
    if requireAllEnded && !open.isEmpty {
      problems.append("touches \(open) never ended (no up or cancel)")
    }
    return problems
  }
}
