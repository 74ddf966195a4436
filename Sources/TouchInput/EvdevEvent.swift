// SPDX-License-Identifier: MIT
/// One evdev `struct input_event` as `libinput record` writes it:
/// `[sec, usec, type, code, value]`, with the time relative to the recording's start.
public struct EvdevEvent: Sendable, Hashable {
  /// Time since the start of the recording, in microseconds (`sec * 1_000_000 + usec`).
  public var timeMicroseconds: UInt64
  /// `EV_*` event type (`EV_SYN` 0, `EV_KEY` 1, `EV_ABS` 3, ...).
  public var type: UInt16
  /// Event code within the type (`ABS_MT_SLOT` 47, `SYN_REPORT` 0, ...).
  public var code: UInt16
  public var value: Int32

  public init(timeMicroseconds: UInt64, type: UInt16, code: UInt16, value: Int32) {
    self.timeMicroseconds = timeMicroseconds
    self.type = type
    self.code = code
    self.value = value
  }
}
