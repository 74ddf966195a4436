// SPDX-License-Identifier: MIT
/// The evdev constants GestureBridge needs, with the names of `linux/input-event-codes.h`.
/// Kept here (not imported from Glibc) so the recording code stays platform-free.
public enum EvdevCodes {
  public static let EV_SYN: UInt16 = 0x00
  public static let EV_KEY: UInt16 = 0x01
  public static let EV_ABS: UInt16 = 0x03
  public static let EV_MSC: UInt16 = 0x04

  public static let SYN_REPORT: UInt16 = 0
  /// Ends one contact of a multitouch protocol-A packet.
  public static let SYN_MT_REPORT: UInt16 = 2
  public static let SYN_DROPPED: UInt16 = 3

  public static let BTN_TOUCH: UInt16 = 0x14a
  public static let BTN_TOOL_FINGER: UInt16 = 0x145
  public static let BTN_TOOL_DOUBLETAP: UInt16 = 0x14d
  public static let BTN_TOOL_TRIPLETAP: UInt16 = 0x14e

  public static let ABS_X: UInt16 = 0x00
  public static let ABS_Y: UInt16 = 0x01
  public static let ABS_MT_SLOT: UInt16 = 0x2f
  public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
  public static let ABS_MT_POSITION_X: UInt16 = 0x35
  public static let ABS_MT_POSITION_Y: UInt16 = 0x36
  public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
  public static let ABS_MT_TRACKING_ID: UInt16 = 0x39

  public static let MT_TOOL_FINGER: Int32 = 0
  public static let MT_TOOL_PALM: Int32 = 2

  public static let INPUT_PROP_DIRECT: UInt16 = 0x01
}
