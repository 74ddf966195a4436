// SPDX-License-Identifier: MIT
import TouchInput

/// A `TouchScript` frame the encoder cannot express on its device, e.g. more fingers than
/// slots. `description` is one line.
public struct MultitouchEncoderError: Error, Sendable, Hashable, CustomStringConvertible {
  public var timeMicroseconds: UInt64
  public var message: String

  public var description: String {
    "cannot encode touch script frame at \(timeMicroseconds) µs: \(message)"
  }
}

/// Turns `TouchScript` frames into the evdev events a kernel multitouch touchscreen driver
/// emits for them: protocol B when the device has `ABS_MT_SLOT`, else protocol A.
///
/// Protocol B, per frame, in slot order: `ABS_MT_SLOT` when the slot differs from the last one written,
/// `ABS_MT_TRACKING_ID` (a new, incrementing id) on touch down and -1 on release,
/// `ABS_MT_POSITION_X`/`Y` only when the value changed; then `BTN_TOUCH` 1 when the first
/// contact starts and 0 when the last one ends, `ABS_X`/`ABS_Y` of the lowest active slot
/// when changed (single-touch emulation), and `SYN_REPORT`. A lift reports no position (like
/// real hardware; libinput ignores positions in a release frame).
///
/// Protocol A (no `ABS_MT_SLOT`; `EvdevDeviceDescription.syntheticProtocolATouchscreen`):
/// every frame lists every finger down, each as `ABS_MT_TRACKING_ID` (only when the device has
/// that axis), `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y` and `SYN_MT_REPORT`, in the order the
/// fingers landed in (a lifted finger is simply no longer listed); a frame without fingers is a
/// lone `SYN_MT_REPORT`. `BTN_TOUCH`, single-touch emulation and `SYN_REPORT` follow as for
/// protocol B. At most `protocolAContacts` fingers; no palms (`.cancel` throws).
///
/// Protocol B: a `.cancel` sets `ABS_MT_TOOL_TYPE` to `MT_TOOL_PALM` on that slot (libinput then sends
/// TOUCH_CANCEL); the slot is released (tracking id -1) in the next frame encoded, or in a frame
/// of its own `palmReleaseDelayMicroseconds` later if that comes first. The tool type is set
/// back to `MT_TOOL_FINGER` just before that slot's next tracking id.
///
/// Screen pixels map to device units as libinput maps back:
/// `unit = min + round(pixel * (max - min + 1) / screenSize)`, clamped to the axis range.
public struct MultitouchEncoder: Sendable {
  private struct Slot: Sendable {
    var finger: Int?
    var trackingID: Int32 = -1
    var x: Int32?
    var y: Int32?
    var toolIsPalm = false
    /// Set while a palm waits for its release.
    var releaseDueMicroseconds: UInt64?
  }

  private enum Operation {
    case release, down(x: Int32, y: Int32), move(x: Int32, y: Int32), palm(x: Int32, y: Int32)
  }

  public let device: EvdevDeviceDescription
  public let screenWidth: Double
  public let screenHeight: Double
  public let palmReleaseDelayMicroseconds: UInt64
  /// Fingers a protocol-A device takes at once: libinput's 10 slots for such devices.
  public static let protocolAContacts = 10
  /// True for a protocol-A device (multitouch positions without `ABS_MT_SLOT`).
  public let isProtocolA: Bool

  private let xAxis: AbsInfo
  private let yAxis: AbsInfo
  private let maximumTrackingID: Int32
  private let hasToolType: Bool
  private let reportsTrackingID: Bool
  /// Protocol A: the slots of the fingers down, in the order they landed.
  private var contactOrder: [Int] = []
  private let hasButtonTouch: Bool
  private let hasSingleTouchX: Bool
  private let hasSingleTouchY: Bool
  private var slots: [Slot]
  private var slotOfFinger: [Int: Int] = [:]
  private var currentSlot = 0
  private var nextTrackingID: Int32 = 1
  private var buttonTouchDown = false
  private var emulatedX: Int32?
  private var emulatedY: Int32?

  /// An encoder for `device` (which needs `ABS_MT_SLOT`, `ABS_MT_POSITION_X`/`Y` and
  /// `ABS_MT_TRACKING_ID` axes) on a screen of `screenWidth` x `screenHeight` pixels.
  public init(
    device: EvdevDeviceDescription = .syntheticTouchscreen, screenWidth: Double = 1920,
    screenHeight: Double = 1080, palmReleaseDelayMicroseconds: UInt64 = 8_333
  ) throws {
    guard screenWidth > 0, screenHeight > 0 else {
      throw MultitouchEncoderError(timeMicroseconds: 0, message: "screen size must be positive")
    }
    let isProtocolA = !device.supports(type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_MT_SLOT)
    // Protocol A without tracking ids: the encoder still numbers fingers for itself.
    let slotAxis =
      isProtocolA
      ? AbsInfo(minimum: 0, maximum: Int32(Self.protocolAContacts - 1))
      : device.absinfo[EvdevCodes.ABS_MT_SLOT]
    let trackingAxis =
      device.absinfo[EvdevCodes.ABS_MT_TRACKING_ID]
      ?? (isProtocolA ? AbsInfo(minimum: 0, maximum: 65535) : nil)
    guard let slotAxis, let xAxis = device.absinfo[EvdevCodes.ABS_MT_POSITION_X],
      let yAxis = device.absinfo[EvdevCodes.ABS_MT_POSITION_Y], let trackingAxis,
      slotAxis.maximum >= 0, slotAxis.maximum < 256, xAxis.maximum > xAxis.minimum,
      yAxis.maximum > yAxis.minimum, trackingAxis.maximum > 0
    else {
      throw MultitouchEncoderError(
        timeMicroseconds: 0,
        message: "device '\(device.name)' is not a multitouch device (needs "
          + "ABS_MT_POSITION_X/Y ranges, and ABS_MT_SLOT and ABS_MT_TRACKING_ID ranges for "
          + "protocol B)")
    }
    self.isProtocolA = isProtocolA
    reportsTrackingID = device.absinfo[EvdevCodes.ABS_MT_TRACKING_ID] != nil
    self.device = device
    self.screenWidth = screenWidth
    self.screenHeight = screenHeight
    self.palmReleaseDelayMicroseconds = palmReleaseDelayMicroseconds
    self.xAxis = xAxis
    self.yAxis = yAxis
    maximumTrackingID = trackingAxis.maximum
    hasToolType = device.absinfo[EvdevCodes.ABS_MT_TOOL_TYPE] != nil
    hasButtonTouch = device.supports(type: EvdevCodes.EV_KEY, code: EvdevCodes.BTN_TOUCH)
    hasSingleTouchX = device.supports(type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_X)
    hasSingleTouchY = device.supports(type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_Y)
    slots = Array(repeating: Slot(), count: Int(slotAxis.maximum) + 1)
  }

  /// The events of `script` sampled at `rateHz`, as a complete recording's event stream: an
  /// empty SYN_REPORT frame at time 0 first (when `leadInFrame`), then every frame, then any
  /// pending palm release. Fingers of `.stayDown` strokes stay down. Events go to `sink` as
  /// they are produced.
  public static func encode(
    _ script: TouchScript, rateHz: Int, device: EvdevDeviceDescription = .syntheticTouchscreen,
    screenWidth: Double = 1920, screenHeight: Double = 1080, leadInFrame: Bool = true,
    into sink: (EvdevEvent) throws -> Void
  ) throws {
    var encoder = try MultitouchEncoder(
      device: device, screenWidth: screenWidth, screenHeight: screenHeight)
    if leadInFrame { try encoder.emptyFrame(at: 0).forEach(sink) }
    for frame in script.frameSequence(rateHz: rateHz) {
      try encoder.encode(frame).forEach(sink)
    }
    try encoder.finish().forEach(sink)
  }

  /// `encode(_:rateHz:...into:)` collected into an array.
  public static func events(
    for script: TouchScript, rateHz: Int,
    device: EvdevDeviceDescription = .syntheticTouchscreen, screenWidth: Double = 1920,
    screenHeight: Double = 1080, leadInFrame: Bool = true
  ) throws -> [EvdevEvent] {
    var events: [EvdevEvent] = []
    try encode(
      script, rateHz: rateHz, device: device, screenWidth: screenWidth,
      screenHeight: screenHeight, leadInFrame: leadInFrame
    ) { events.append($0) }
    return events
  }

  /// A frame with only a SYN_REPORT.
  public func emptyFrame(at timeMicroseconds: UInt64) -> [EvdevEvent] {
    [
      EvdevEvent(
        timeMicroseconds: timeMicroseconds, type: EvdevCodes.EV_SYN, code: EvdevCodes.SYN_REPORT,
        value: 0)
    ]
  }

  /// The events for `frame`, preceded by the frames of palm releases that fell due before it.
  /// Frames must come in increasing time order.
  public mutating func encode(_ frame: ScriptFrame) throws -> [EvdevEvent] {
    let time = frame.timeMicroseconds
    var events = releaseFrames(before: time)
    var operations: [Int: [Operation]] = [:]
    // Palms still waiting are released in this frame.
    for index in slots.indices where slots[index].releaseDueMicroseconds != nil {
      operations[index, default: []].append(.release)
    }
    let free = slots.indices.filter { slots[$0].trackingID < 0 }
    var nextFree = free.makeIterator()
    for change in frame.changes {
      let x = deviceUnits(change.x, axis: xAxis, screenSize: screenWidth)
      let y = deviceUnits(change.y, axis: yAxis, screenSize: screenHeight)
      if change.phase == .down {
        guard slotOfFinger[change.finger] == nil else {
          throw MultitouchEncoderError(
            timeMicroseconds: time, message: "finger \(change.finger) touches down twice")
        }
        guard let slot = nextFree.next() else {
          throw MultitouchEncoderError(
            timeMicroseconds: time,
            message: "more than \(slots.count) fingers down at once (the device has "
              + "\(slots.count) slots)")
        }
        slotOfFinger[change.finger] = slot
        operations[slot, default: []].append(.down(x: x, y: y))
        continue
      }
      guard let slot = slotOfFinger[change.finger] else {
        throw MultitouchEncoderError(
          timeMicroseconds: time, message: "finger \(change.finger) is not down")
      }
      switch change.phase {
      case .down: break
      case .move: operations[slot, default: []].append(.move(x: x, y: y))
      case .up:
        slotOfFinger[change.finger] = nil
        operations[slot, default: []].append(.release)
      case .cancel:
        guard hasToolType, !isProtocolA else {
          throw MultitouchEncoderError(
            timeMicroseconds: time,
            message: "device '\(device.name)' has no ABS_MT_TOOL_TYPE to report a palm")
        }
        slotOfFinger[change.finger] = nil
        operations[slot, default: []].append(.palm(x: x, y: y))
      }
    }
    if isProtocolA {
      var unused: [EvdevEvent] = []
      for slot in operations.keys.sorted() {
        for operation in operations[slot] ?? [] {
          apply(operation, slot: slot, time: time, into: &unused)
        }
      }
      contactList(at: time, into: &events)
    } else {
      for slot in operations.keys.sorted() {
        for operation in operations[slot] ?? [] {
          apply(operation, slot: slot, time: time, into: &events)
        }
      }
    }
    finishFrame(at: time, into: &events)
    return events
  }

  /// Protocol A: every finger down (in landing order) and `SYN_MT_REPORT` after each, or a
  /// lone `SYN_MT_REPORT` when none is.
  private mutating func contactList(at time: UInt64, into events: inout [EvdevEvent]) {
    func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
      events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }
    contactOrder.removeAll { slots[$0].trackingID < 0 }
    for index in slots.indices where slots[index].trackingID >= 0 && !contactOrder.contains(index) {
      contactOrder.append(index)
    }
    for index in contactOrder {
      if reportsTrackingID {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TRACKING_ID, slots[index].trackingID)
      }
      emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_X, slots[index].x ?? xAxis.minimum)
      emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_Y, slots[index].y ?? yAxis.minimum)
      emit(EvdevCodes.EV_SYN, EvdevCodes.SYN_MT_REPORT, 0)
    }
    if contactOrder.isEmpty { emit(EvdevCodes.EV_SYN, EvdevCodes.SYN_MT_REPORT, 0) }
  }

  /// The frames of palm releases still pending, each at its due time.
  public mutating func finish() -> [EvdevEvent] {
    releaseFrames(before: .max)
  }

  // MARK: - Frame building

  private mutating func releaseFrames(before time: UInt64) -> [EvdevEvent] {
    var events: [EvdevEvent] = []
    while true {
      let due = slots.compactMap(\.releaseDueMicroseconds).filter { $0 < time }.min()
      guard let due else { return events }
      for index in slots.indices where slots[index].releaseDueMicroseconds == due {
        apply(.release, slot: index, time: due, into: &events)
      }
      finishFrame(at: due, into: &events)
    }
  }

  private mutating func apply(
    _ operation: Operation, slot index: Int, time: UInt64, into events: inout [EvdevEvent]
  ) {
    func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
      events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }
    func selectSlot() {
      if currentSlot != index {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_SLOT, Int32(index))
        currentSlot = index
      }
    }
    func position(_ x: Int32, _ y: Int32) {
      if slots[index].x != x {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_X, x)
        slots[index].x = x
      }
      if slots[index].y != y {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_Y, y)
        slots[index].y = y
      }
    }
    selectSlot()
    switch operation {
    case .release:
      emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TRACKING_ID, -1)
      slots[index].trackingID = -1
      slots[index].releaseDueMicroseconds = nil
    case .down(let x, let y):
      if slots[index].toolIsPalm {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TOOL_TYPE, EvdevCodes.MT_TOOL_FINGER)
        slots[index].toolIsPalm = false
      }
      let id = nextTrackingID
      nextTrackingID = id >= maximumTrackingID ? 0 : id + 1
      emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TRACKING_ID, id)
      slots[index].trackingID = id
      position(x, y)
    case .move(let x, let y):
      position(x, y)
    case .palm(let x, let y):
      position(x, y)
      emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TOOL_TYPE, EvdevCodes.MT_TOOL_PALM)
      slots[index].toolIsPalm = true
      slots[index].releaseDueMicroseconds = time + palmReleaseDelayMicroseconds
    }
  }

  /// Appends BTN_TOUCH and single-touch emulation changes, then SYN_REPORT.
  private mutating func finishFrame(at time: UInt64, into events: inout [EvdevEvent]) {
    func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
      events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
    }
    let first = slots.firstIndex { $0.trackingID >= 0 }
    let anyDown = first != nil
    if hasButtonTouch && anyDown != buttonTouchDown {
      emit(EvdevCodes.EV_KEY, EvdevCodes.BTN_TOUCH, anyDown ? 1 : 0)
    }
    buttonTouchDown = anyDown
    if let first {
      if hasSingleTouchX, let x = slots[first].x, x != emulatedX {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_X, x)
        emulatedX = x
      }
      if hasSingleTouchY, let y = slots[first].y, y != emulatedY {
        emit(EvdevCodes.EV_ABS, EvdevCodes.ABS_Y, y)
        emulatedY = y
      }
    }
    emit(EvdevCodes.EV_SYN, EvdevCodes.SYN_REPORT, 0)
  }

  private func deviceUnits(_ pixels: Double, axis: AbsInfo, screenSize: Double) -> Int32 {
    let span = Double(axis.maximum) - Double(axis.minimum) + 1
    let units = Double(axis.minimum) + (pixels * span / screenSize).rounded()
    guard units.isFinite else { return axis.minimum }
    return Int32(Swift.min(Swift.max(units, Double(axis.minimum)), Double(axis.maximum)))
  }
}
