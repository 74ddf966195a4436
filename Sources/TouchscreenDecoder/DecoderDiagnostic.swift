// SPDX-License-Identifier: MIT
import TouchInput

/// One problem the touchscreen decoder noticed in a device's event stream, with blame.
///
/// The decoder never stops on bad input: it handles every problem the way libinput 1.22 does
/// (or, where a recording cannot be handled like a live device, as documented on
/// `TouchscreenDecoder`) and reports it here. Messages are one line and name the device, e.g.
/// `kernel bug: device 0 "X": tracking id 7 on slot 2 which already has touch 5; ignored (as
/// libinput does)`. Only the decoder makes them (the memberwise initializer is internal).
public struct DecoderDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// What went wrong. Each kind is rate-limited separately per device.
  public enum Kind: Int, Sendable, Hashable, CaseIterable {
    /// `ABS_MT_TRACKING_ID` >= 0 on a slot that already has a touch; libevdev drops the event.
    case trackingIDOnBusySlot
    /// `ABS_MT_TRACKING_ID` -1 on a slot without a touch; libevdev drops the event.
    case releaseOfEmptySlot
    /// `ABS_MT_SLOT` outside `0...maximum`; libevdev and libinput use the last slot instead.
    case slotOutOfRange
    /// A position value outside the axis range plus libinput's 5% margin (not clamped).
    case valueOutOfRange
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    case synDropped
    /// An event time earlier than the previous frame's time.
    case timeWentBackwards
    /// A touch down for a slot whose touch is still down (libinput's "multiple touch down").
    case multipleTouchDown
    /// Position data for a slot that has no touch; ignored.
    case motionWithoutTouch
    /// More touches down on the seat than libinput has seat slots (32); the new touch is ignored.
    case seatSlotsExhausted
    /// An event type/code the device does not advertise; libevdev drops such events.
    case unsupportedEvent
    /// The stream ended while a touch was down; the decoder sent `TOUCH_CANCEL` for it.
    case touchNeverReleased
    /// The stream ended after events that no `SYN_REPORT` closed; they were discarded.
    case incompleteFrame
    /// An event arrived after `finish(at:)`; ignored.
    case eventAfterFinish
    /// Protocol A: a contact lacked a value mtdev needs (dropped), or multitouch values came
    /// after the packet's last `SYN_MT_REPORT` (mtdev ignores them).
    case contactDropped
    /// Protocol A: more contacts in a packet than reach mtdev (15), or than libinput has slots
    /// for (10).
    case tooManyContacts
    /// Protocol A: a packet with more events than reach mtdev (256); dropped.
    case packetTooLarge
  }

  /// Time of the event that caused the diagnostic (microseconds, the recording's clock).
  public var timeMicroseconds: UInt64
  /// Index of the device (as given to the decoder).
  public var device: Int
  public var kind: Kind
  /// One line naming the device and what it did wrong.
  public var message: String

  public var description: String { message }
}
