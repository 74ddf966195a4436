// SPDX-License-Identifier: MIT
/// The source of time for an engine: where "now" comes from and who wakes it up when a
/// timer (long press, multi-tap window, swipe deadline) is due.
///
/// Time is in microseconds on the same timeline as the touch frames' timestamps
/// (CLOCK_MONOTONIC for live libinput input, recording time for replays). `ManualClock`
/// gives virtual time for tests and replay; live hosts supply one over their event loop.
public protocol GestureClock: AnyObject {
  /// The current time in microseconds.
  var nowMicroseconds: Int64 { get }
  /// Asks the clock to call `target.clockReachedDeadline(nowMicroseconds:)` once
  /// `deadlineMicroseconds` has come, replacing the target's earlier request; `nil` withdraws
  /// the request.
  func requestWakeup(_ target: any ClockWakeTarget, atMicroseconds deadlineMicroseconds: Int64?)
}

/// Something a `GestureClock` wakes when its deadline has come (the engine).
public protocol ClockWakeTarget: AnyObject {
  func clockReachedDeadline(nowMicroseconds: Int64)
}
