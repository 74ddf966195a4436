// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// Device descriptions used by the tests, shaped like `libinput record` output.
enum TestDevices {
  static let id = EvdevDeviceDescription.InputID(
    bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111)

  /// A protocol B touchscreen; 1919x1079 at 8 units/mm and 10 slots unless told otherwise.
  static func multitouch(
    name: String = "Test Touchscreen", slotMaximum: Int32 = 9, xMaximum: Int32 = 1919,
    yMaximum: Int32 = 1079, minimum: Int32 = 0, resolution: Int32 = 8, fuzz: Int32 = 0,
    toolType: Bool = true
  ) -> EvdevDeviceDescription {
    let xInfo = AbsInfo(minimum: minimum, maximum: xMaximum, fuzz: fuzz, resolution: resolution)
    let yInfo = AbsInfo(minimum: minimum, maximum: yMaximum, fuzz: fuzz, resolution: resolution)
    var abs: [UInt16] = [0, 1, 47, 53, 54, 57]
    var absinfo: [UInt16: AbsInfo] = [
      0: xInfo, 1: yInfo, 47: AbsInfo(minimum: 0, maximum: slotMaximum), 53: xInfo, 54: yInfo,
      57: AbsInfo(minimum: 0, maximum: 65535),
    ]
    if toolType {
      abs.append(55)
      absinfo[55] = AbsInfo(minimum: 0, maximum: 2)
    }
    return EvdevDeviceDescription(
      node: "/dev/input/event5", name: name, id: id,
      codes: [0: Array(0...15), 1: [330], 3: abs.sorted(), 4: [5]], absinfo: absinfo,
      properties: [1],
      udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
  }

  /// A single-touch screen: ABS_X/ABS_Y + BTN_TOUCH only.
  static func singleTouch(resolution: Int32 = 8) -> EvdevDeviceDescription {
    let xInfo = AbsInfo(minimum: 0, maximum: 1919, resolution: resolution)
    let yInfo = AbsInfo(minimum: 0, maximum: 1079, resolution: resolution)
    return EvdevDeviceDescription(
      node: "/dev/input/event6", name: "Single Touch Panel", id: id,
      codes: [0: [0], 1: [330], 3: [0, 1]], absinfo: [0: xInfo, 1: yInfo], properties: [1],
      udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
  }

  static let keyboard = EvdevDeviceDescription(
    node: "/dev/input/event0", name: "AT Translated Set 2 keyboard", id: id,
    codes: [0: [0], 1: Array(1...88), 4: [4], 17: [0, 1, 2]], absinfo: [:], properties: [],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"])

  static let mouse = EvdevDeviceDescription(
    node: "/dev/input/event2", name: "Logitech USB Optical Mouse", id: id,
    codes: [0: [0], 1: [272, 273, 274], 2: [0, 1, 8]], absinfo: [:], properties: [],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_MOUSE=1"])

  /// A touchpad as the kernel describes it: not INPUT_PROP_DIRECT, has BTN_TOOL_FINGER.
  static func touchpad(udevTag: Bool) -> EvdevDeviceDescription {
    let info = AbsInfo(minimum: 0, maximum: 3000, resolution: 30)
    return EvdevDeviceDescription(
      node: "/dev/input/event3", name: "SynPS/2 Synaptics TouchPad", id: id,
      codes: [0: [0], 1: [272, 325, 330, 333, 334], 3: [0, 1, 47, 53, 54, 57]],
      absinfo: [
        0: info, 1: info, 47: AbsInfo(minimum: 0, maximum: 4), 53: info, 54: info,
        57: AbsInfo(minimum: 0, maximum: 65535),
      ], properties: [0],
      udevProperties: udevTag ? ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"] : ["ID_INPUT=1"])
  }

  /// Multitouch protocol A: positions but no ABS_MT_SLOT.
  static let protocolA = EvdevDeviceDescription(
    node: "/dev/input/event7", name: "Old Type A Panel", id: id,
    codes: [0: [0, 2], 1: [330], 3: [0, 1, 53, 54]],
    absinfo: [
      0: AbsInfo(minimum: 0, maximum: 4095), 1: AbsInfo(minimum: 0, maximum: 4095),
      53: AbsInfo(minimum: 0, maximum: 4095), 54: AbsInfo(minimum: 0, maximum: 4095),
    ], properties: [1], udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
}

/// Builds evdev event streams frame by frame.
struct EventScript {
  private(set) var events: [EvdevEvent] = []
  var time: UInt64 = 0

  mutating func abs(_ code: UInt16, _ value: Int32) {
    events.append(EvdevEvent(timeMicroseconds: time, type: 3, code: code, value: value))
  }
  mutating func key(_ code: UInt16, _ value: Int32) {
    events.append(EvdevEvent(timeMicroseconds: time, type: 1, code: code, value: value))
  }
  mutating func syn(_ code: UInt16 = EvdevCodes.SYN_REPORT) {
    events.append(EvdevEvent(timeMicroseconds: time, type: 0, code: code, value: 0))
  }
  mutating func slot(_ value: Int32) { abs(EvdevCodes.ABS_MT_SLOT, value) }
  mutating func trackingID(_ value: Int32) { abs(EvdevCodes.ABS_MT_TRACKING_ID, value) }
  mutating func x(_ value: Int32) { abs(EvdevCodes.ABS_MT_POSITION_X, value) }
  mutating func y(_ value: Int32) { abs(EvdevCodes.ABS_MT_POSITION_Y, value) }
  mutating func toolType(_ value: Int32) { abs(EvdevCodes.ABS_MT_TOOL_TYPE, value) }

  /// Events at `time` closed by a SYN_REPORT.
  mutating func frame(at time: UInt64, _ body: (inout EventScript) -> Void) {
    self.time = time
    body(&self)
    syn()
  }
}

/// Decodes `events` with a fresh decoder for `description` and, unless `finishAt` is nil,
/// finishes the stream.
func decode(
  _ events: [EvdevEvent], description: EvdevDeviceDescription,
  screen: ScreenSize = .fullHD, finishAt: UInt64? = nil
) throws -> (events: [TouchInputEvent], decoder: TouchscreenDecoder) {
  var decoder = try TouchscreenDecoder(description: description, screen: screen, deviceIndex: 0)
  var output: [TouchInputEvent] = []
  for event in events { decoder.decode(event) { output.append($0) } }
  if let finishAt { decoder.finish(at: finishAt) { output.append($0) } }
  return (output, decoder)
}

/// Checks the promises every touch stream makes, for the tests.
///
/// Every down is followed by exactly one up or cancel of the same device slot and seat slot;
/// no motion/up/cancel without a down; seat slots are unique on the seat while down; every
/// group of touch events is closed by a frame with the group's device and time; frames are
/// never empty; time never decreases per device; after the stream is finished nothing is down.
struct TouchStreamChecker {
  private struct Key: Hashable {
    var device: Int
    var slot: Int32
  }
  private var down: [Key: Int32] = [:]
  private var seatSlotsInUse: Set<Int32> = []
  private var groupDevice: Int?
  private var groupTime: UInt64 = 0
  private var groupSize = 0
  private var lastTime: [Int: UInt64] = [:]
  private(set) var violations: [String] = []
  private var index = 0

  private mutating func fail(_ message: String) {
    if violations.count < 20 { violations.append("event \(index): \(message)") }
  }

  mutating func check(_ event: TouchInputEvent) {
    defer { index += 1 }
    if let last = lastTime[event.device], event.timeMicroseconds < last {
      fail("time went back from \(last) to \(event.timeMicroseconds) on device \(event.device)")
    }
    lastTime[event.device] = event.timeMicroseconds
    if event.kind == .frame {
      if groupSize == 0 { fail("empty frame") }
      if let groupDevice, groupDevice != event.device {
        fail("frame of device \(event.device) closes a group of device \(groupDevice)")
      }
      if groupSize > 0 && groupTime != event.timeMicroseconds {
        fail("frame time \(event.timeMicroseconds) differs from its group's \(groupTime)")
      }
      groupSize = 0
      groupDevice = nil
      return
    }
    if groupSize == 0 {
      groupDevice = event.device
      groupTime = event.timeMicroseconds
    } else {
      if groupDevice != event.device { fail("group mixes devices") }
      if groupTime != event.timeMicroseconds { fail("group mixes times") }
    }
    groupSize += 1
    let key = Key(device: event.device, slot: event.slot)
    if event.slot < 0 { fail("touch event with slot \(event.slot)") }
    if event.seatSlot < 0 || event.seatSlot >= 32 { fail("seat slot \(event.seatSlot)") }
    switch event.kind {
    case .down:
      if down[key] != nil { fail("down on device \(key.device) slot \(key.slot) already down") }
      if seatSlotsInUse.contains(event.seatSlot) { fail("seat slot \(event.seatSlot) in use") }
      if !event.x.isFinite || !event.y.isFinite { fail("non-finite position") }
      down[key] = event.seatSlot
      seatSlotsInUse.insert(event.seatSlot)
    case .motion:
      if down[key] != event.seatSlot { fail("motion without down on slot \(key.slot)") }
      if !event.x.isFinite || !event.y.isFinite { fail("non-finite position") }
    case .up, .cancel:
      if down[key] != event.seatSlot {
        fail("\(event.kind) without down on slot \(key.slot)")
      } else {
        down[key] = nil
        seatSlotsInUse.remove(event.seatSlot)
      }
    case .frame:
      break
    }
  }

  /// Checks the end of the stream: the last group is closed and, if `finished`, nothing is
  /// down.
  mutating func checkEnd(finished: Bool) {
    if groupSize != 0 { fail("stream ends with \(groupSize) event(s) not closed by a frame") }
    if finished && !down.isEmpty { fail("\(down.count) touch(es) still down after finish") }
  }

  /// The violations of a whole stream.
  static func violations(of events: [TouchInputEvent], finished: Bool) -> [String] {
    var checker = TouchStreamChecker()
    for event in events { checker.check(event) }
    checker.checkEnd(finished: finished)
    return checker.violations
  }
}

/// SplitMix64: a small seeded generator so failing random streams can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
