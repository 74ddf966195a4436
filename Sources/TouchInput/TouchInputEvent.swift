// SPDX-License-Identifier: MIT
/// One raw touchscreen event, shaped like libinput's `LIBINPUT_EVENT_TOUCH_*` events.
///
/// Every touch source of GestureBridge produces these: the in-process decoder of
/// `libinput record` files, and real libinput (live devices and mocked ones). A group of
/// events is closed by a `.frame` event, exactly like `LIBINPUT_EVENT_TOUCH_FRAME`.
///
/// Example: a one-finger tap on a 1920x1080 screen arrives as
/// `down(slot 0, 960, 540) frame ... up(slot 0) frame`.
public struct TouchInputEvent: Sendable, Hashable {
  /// The kind of the event, one per `LIBINPUT_EVENT_TOUCH_*` type.
  public enum Kind: Sendable, Hashable {
    /// `LIBINPUT_EVENT_TOUCH_DOWN`: a finger touched; position fields are valid.
    case down
    /// `LIBINPUT_EVENT_TOUCH_MOTION`: a finger moved; position fields are valid.
    case motion
    /// `LIBINPUT_EVENT_TOUCH_UP`: a finger lifted; position fields are not valid.
    case up
    /// `LIBINPUT_EVENT_TOUCH_CANCEL`: the touch was cancelled (palm, device removed,
    /// kernel misbehaviour); position fields are not valid.
    case cancel
    /// `LIBINPUT_EVENT_TOUCH_FRAME`: the end of a group of events at one timestamp.
    case frame
  }

  public var kind: Kind
  /// Event time in microseconds (`libinput_event_touch_get_time_usec`), CLOCK_MONOTONIC for
  /// live devices, the recorded time for recordings.
  public var timeMicroseconds: UInt64
  /// Identifies the device within its source (index of the device in a recording, or the
  /// input module's own device number). Not meaningful for `.frame`.
  public var device: Int
  /// The slot on the device (`libinput_event_touch_get_slot`); -1 for `.frame`.
  public var slot: Int32
  /// The seat-wide slot (`libinput_event_touch_get_seat_slot`), unique across all devices of
  /// the seat while the touch is down; -1 for `.frame`.
  public var seatSlot: Int32
  /// Position mapped to the screen in screen pixels (`libinput_event_touch_get_x_transformed`).
  public var x: Double
  public var y: Double
  /// Position in millimetres from the device's top-left corner (`libinput_event_touch_get_x`),
  /// or in device units when the device reports no resolution.
  public var xMillimetres: Double
  public var yMillimetres: Double

  public init(
    kind: Kind, timeMicroseconds: UInt64, device: Int = 0, slot: Int32 = -1,
    seatSlot: Int32 = -1, x: Double = 0, y: Double = 0, xMillimetres: Double = 0,
    yMillimetres: Double = 0
  ) {
    self.kind = kind
    self.timeMicroseconds = timeMicroseconds
    self.device = device
    self.slot = slot
    self.seatSlot = seatSlot
    self.x = x
    self.y = y
    self.xMillimetres = xMillimetres
    self.yMillimetres = yMillimetres
  }

  /// A `.frame` event at `timeMicroseconds`.
  public static func frame(at timeMicroseconds: UInt64) -> TouchInputEvent {
    TouchInputEvent(kind: .frame, timeMicroseconds: timeMicroseconds)
  }
}
