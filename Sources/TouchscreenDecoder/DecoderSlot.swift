// SPDX-License-Identifier: MIT
import TouchInput

/// The state of one touch slot, split like the real stack: what libevdev knows about the slot
/// (its tracking id and tool type, used to drop invalid tracking ids) and what libinput's
/// `struct mt_slot` in evdev-fallback.c keeps.
struct DecoderSlot: Sendable {
  /// libinput's `enum mt_slot_state`.
  enum State: UInt8, Sendable {
    case none, begin, update, end
  }

  /// libinput's `enum palm_state` of evdev-fallback.c.
  enum PalmState: UInt8, Sendable {
    /// A finger (or no touch).
    case none
    /// Became a palm in this frame: the touch gets cancelled when it was already down.
    case new
    /// A palm; nothing is sent for it.
    case isPalm
    /// Was a palm (or began as one); ignored until its tracking id ends and a finger starts.
    case wasPalm
  }

  // libevdev's view.
  /// Last accepted `ABS_MT_TRACKING_ID`, -1 when the slot has no touch.
  var evdevTrackingID: Int32 = -1
  /// Last `ABS_MT_TOOL_TYPE` of the slot.
  var evdevToolType: Int32 = 0
  /// Set after `SYN_DROPPED`: the kernel's tracking id is unknown, so the next tracking id is
  /// accepted whatever it is.
  var evdevTrackingIDUnknown = false

  // libinput's view.
  var x: Int32 = 0
  var y: Int32 = 0
  var state: State = .none
  var palm: PalmState = .none
  var dirty = false
  /// A position changed in this frame (for the "motion without touch" diagnostic).
  var positionChanged = false
  /// The touch's seat slot while libinput considers it down, else -1.
  var seatSlot: Int32 = -1
  var hysteresisCenterX: Int32 = 0
  var hysteresisCenterY: Int32 = 0
}
