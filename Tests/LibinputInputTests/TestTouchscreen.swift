// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput

/// TouchInput's synthetic touchscreen (1920x1079 units at 8 units/mm, 240x135 mm, ten slots,
/// palm-capable tool type) under the tests' own name and ids, as the tests' mocked device.
enum TestTouchscreen {
  static func description(name: String = "GestureBridge Test Touchscreen") -> EvdevDeviceDescription
  {
    var description = EvdevDeviceDescription.syntheticTouchscreen
    description.name = name
    description.id = .init(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111)
    description.codes[EvdevCodes.EV_SYN] = [0]
    return description
  }
}

/// Builds evdev streams frame by frame.
struct EvdevStream {
  private(set) var events: [EvdevEvent] = []

  /// The lead-in: an empty frame at t=0.
  static func leadIn() -> EvdevStream {
    var stream = EvdevStream()
    stream.frame(at: 0, [])
    return stream
  }

  /// Appends `(type, code, value)` events at `time` and the closing SYN_REPORT.
  mutating func frame(at time: UInt64, _ events: [(UInt16, UInt16, Int32)]) {
    for (type, code, value) in events {
      self.events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }
    self.events.append(
      EvdevEvent(
        timeMicroseconds: time, type: EvdevCodes.EV_SYN, code: EvdevCodes.SYN_REPORT, value: 0))
  }

  static func slot(_ slot: Int32) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_SLOT, slot)
  }
  static func trackingID(_ id: Int32) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TRACKING_ID, id)
  }
  static func x(_ value: Int32) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_X, value)
  }
  static func y(_ value: Int32) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_Y, value)
  }
  static func toolType(_ value: Int32) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TOOL_TYPE, value)
  }
  static func touch(_ down: Bool) -> (UInt16, UInt16, Int32) {
    (EvdevCodes.EV_KEY, EvdevCodes.BTN_TOUCH, down ? 1 : 0)
  }
}
