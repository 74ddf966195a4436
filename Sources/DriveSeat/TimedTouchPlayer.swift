// SPDX-License-Identifier: MIT
import CWeston
import TouchInput
import WestonModuleSupport

/// Plays touch events into the seat's one feed (`SeatTouchFeed`) with their own timing, on
/// weston's event loop (from its timer, never inside the caller): each event is played when
/// its time has come, relative to the moment `play` was called. Recordings are stamped with
/// that intended time (start + the event's offset), not with the moment a busy loop got round
/// to it, so the bridge sees the recording's own timing; touch scripts (`stampsPlayTime`) with
/// the moment they enter weston, so the latency benchmark measures from there. Recordings and
/// touch scripts both play through it.
final class TimedTouchPlayer {
  private let feed: SeatTouchFeed
  private let stampsPlayTime: Bool
  private var timer: OpaquePointer?
  private var events: [TouchInputEvent] = []
  private var firstMicroseconds: UInt64 = 0
  private var originX = 0.0
  private var originY = 0.0
  private var next = 0
  private var finished: (() -> Void)?
  /// CLOCK_MONOTONIC microseconds the current events started at.
  private(set) var originMicroseconds: UInt64 = 0

  /// `stampsPlayTime`: events carry the time they are played instead of their intended time.
  init(feed: SeatTouchFeed, loop: OpaquePointer, stampsPlayTime: Bool = false) {
    self.feed = feed
    self.stampsPlayTime = stampsPlayTime
    timer = wl_event_loop_add_timer(
      loop, playerTimerFired, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Whether events are still to be played.
  var isPlaying: Bool { next < events.count }

  /// Starts playing `events` (times in microseconds on any clock; `startMicroseconds` on that
  /// clock plays now) with positions moved by (`originX`, `originY`); `finished` runs after
  /// the last.
  func play(
    _ events: [TouchInputEvent], startMicroseconds: UInt64, originX: Double = 0,
    originY: Double = 0, finished: @escaping () -> Void
  ) {
    self.events = events
    self.originX = originX
    self.originY = originY
    self.finished = finished
    next = 0
    firstMicroseconds = startMicroseconds
    originMicroseconds = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    // From the event loop, not from the caller's callback (a repaint, a poll).
    wl_event_source_timer_update(timer, 1)
  }

  fileprivate func tick() {
    let now = VirtualTouchSeat.microseconds(VirtualTouchSeat.now())
    while next < events.count, dueMicroseconds(events[next]) <= now {
      var event = events[next]
      event.timeMicroseconds =
        stampsPlayTime
        ? VirtualTouchSeat.microseconds(VirtualTouchSeat.now()) : dueMicroseconds(event)
      feed.feed(event, originX: originX, originY: originY)
      next += 1
    }
    guard next < events.count else {
      let done = finished
      finished = nil
      done?()
      return
    }
    let due = dueMicroseconds(events[next])
    let wait = due > now ? (due - now + 999) / 1000 : 1
    wl_event_source_timer_update(timer, Int32(clamping: max(1, wait)))
  }

  private func dueMicroseconds(_ event: TouchInputEvent) -> UInt64 {
    originMicroseconds
      + (event.timeMicroseconds > firstMicroseconds
        ? event.timeMicroseconds - firstMicroseconds : 0)
  }
}

private func playerTimerFired(_ data: UnsafeMutableRawPointer?) -> Int32 {
  guard let data else { return 0 }
  Unmanaged<TimedTouchPlayer>.fromOpaque(data).takeUnretainedValue().tick()
  return 0
}
