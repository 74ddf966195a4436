// SPDX-License-Identifier: MIT
import TouchInput

/// Names of evdev types and codes (as in `linux/input-event-codes.h`) used in the comments
/// `RecordingWriter` writes. Covers the codes touchscreens use; others are written as numbers.
public enum EvdevCodeNames {
  /// `EV_*` name of `type`, e.g. `EV_ABS`, or nil when unknown.
  public static func typeName(_ type: UInt16) -> String? {
    switch type {
    case 0x00: "EV_SYN"
    case 0x01: "EV_KEY"
    case 0x02: "EV_REL"
    case 0x03: "EV_ABS"
    case 0x04: "EV_MSC"
    case 0x05: "EV_SW"
    case 0x11: "EV_LED"
    case 0x12: "EV_SND"
    case 0x14: "EV_REP"
    case 0x15: "EV_FF"
    default: nil
    }
  }

  /// Name of `code` within `type`, e.g. `ABS_MT_SLOT`, or nil when unknown.
  public static func codeName(type: UInt16, code: UInt16) -> String? {
    switch type {
    case EvdevCodes.EV_SYN: synNames[code]
    case EvdevCodes.EV_KEY: keyNames[code]
    case EvdevCodes.EV_ABS: absNames[code]
    case EvdevCodes.EV_MSC: mscNames[code]
    default: nil
    }
  }

  /// Name of an `INPUT_PROP_*` bit, or nil when unknown.
  public static func propertyName(_ property: UInt16) -> String? {
    propertyNames[property]
  }

  private static let synNames: [UInt16: String] = [
    0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED",
  ]
  private static let keyNames: [UInt16: String] = [
    0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x140: "BTN_TOOL_PEN",
    0x141: "BTN_TOOL_RUBBER", 0x145: "BTN_TOOL_FINGER", 0x14a: "BTN_TOUCH",
    0x14b: "BTN_STYLUS", 0x14c: "BTN_STYLUS2", 0x14d: "BTN_TOOL_DOUBLETAP",
    0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP", 0x148: "BTN_TOOL_QUINTTAP",
  ]
  private static let absNames: [UInt16: String] = [
    0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
    0x1c: "ABS_TOOL_WIDTH", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR",
    0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR",
    0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
    0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID",
    0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X",
    0x3d: "ABS_MT_TOOL_Y",
  ]
  private static let mscNames: [UInt16: String] = [
    0: "MSC_SERIAL", 4: "MSC_SCAN", 5: "MSC_TIMESTAMP",
  ]
  private static let propertyNames: [UInt16: String] = [
    0: "INPUT_PROP_POINTER", 1: "INPUT_PROP_DIRECT", 2: "INPUT_PROP_BUTTONPAD",
    3: "INPUT_PROP_SEMI_MT", 4: "INPUT_PROP_TOPBUTTONPAD", 5: "INPUT_PROP_POINTING_STICK",
    6: "INPUT_PROP_ACCELEROMETER",
  ]
}
