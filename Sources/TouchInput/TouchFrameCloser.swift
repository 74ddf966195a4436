// SPDX-License-Identifier: MIT
/// Where a touch frame ends when its source never says so: the one rule, used by every
/// consumer of libinput-shaped touch events (`LibinputTouchSource` for live devices, the
/// through-libinput replay and the weston module's `device=` feed; `TouchFrameAssembler`
/// for the in-core replay; the compositor bridge behind the C ABI).
///
/// A frame is normally closed by its `.frame` event (`LIBINPUT_EVENT_TOUCH_FRAME`, or the
/// host's `gb_bridge_touch_frame`). libinput 1.22 sometimes never sends it: its touch frame
/// flush keeps only the result of the last dirty slot, so when the last finger of an evdev
/// frame only repeats a position inside its hysteresis (devices with fuzz on their MT axes),
/// the other fingers' `TOUCH_MOTION` comes with no `TOUCH_FRAME` after it, and a compositor
/// forwarding libinput's events forwards the gap. A consumer that waits for the frame holds
/// those motions, and every gesture they cause, until some later evdev frame. So an open
/// frame (touch events since the last `.frame`) is also closed
/// 1. by a touch event stamped later than the open frame, before that event: every event of
///    one evdev frame carries the time of its `SYN_REPORT`, so a later time is a later evdev
///    frame;
/// 2. when the source has nothing more to read: libinput queues all the events of an evdev
///    frame, `TOUCH_FRAME` included, in one `libinput_dispatch`, so a frame still open when
///    the queue is empty will never be closed by the source.
/// The closing frame carries the open frame's time, so the gestures it causes have the time
/// of the input that caused them and are never later than the frame they belong to.
///
/// Example (libinput, two fingers, fuzz 4): `motion(slot 0, t=10) motion(slot 1, t=10)
/// frame(t=10) motion(slot 0, t=20)` [slot 1 stayed inside its hysteresis: no frame]
/// `motion(slot 0, t=30) ...`: `frameToClose(beforeEventAtMicroseconds: 30)` returns 20, the
/// frame to close first; at the end of a read, `sourceDrained()` returns the time of a frame
/// still open. Callers: `if let t = closer.frameToClose(beforeEventAtMicroseconds: time)
/// { close(t) }` (closing calls `frameClosed()`), then add the event and call
/// `eventAdded(atMicroseconds: time)`; on the source's own frame, `frameClosed()`.
public struct TouchFrameCloser: Sendable, Hashable {
  /// The time of the open frame's events, in microseconds; nil when no frame is open.
  public private(set) var openFrameMicroseconds: UInt64?

  public init() {}

  /// A touch event (not a frame) stamped `timeMicroseconds` is about to be added: returns the
  /// time of the open frame when that frame must be closed first (rule 1), else nil.
  public func frameToClose(beforeEventAtMicroseconds timeMicroseconds: UInt64) -> UInt64? {
    guard let open = openFrameMicroseconds, timeMicroseconds > open else { return nil }
    return open
  }

  /// A touch event (not a frame) stamped `timeMicroseconds` was added to the open frame
  /// (opening one if none was open).
  public mutating func eventAdded(atMicroseconds timeMicroseconds: UInt64) {
    openFrameMicroseconds = max(openFrameMicroseconds ?? 0, timeMicroseconds)
  }

  /// The open frame was closed (by the source's `.frame`, or by the caller because
  /// `frameToClose` or `sourceDrained` said so).
  public mutating func frameClosed() {
    openFrameMicroseconds = nil
  }

  /// The source has nothing more to read. Returns the time of a frame still open, which must
  /// be closed now (rule 2), else nil.
  public func sourceDrained() -> UInt64? {
    openFrameMicroseconds
  }
}
