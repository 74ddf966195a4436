// SPDX-License-Identifier: MIT
import TouchInput

/// Turns one touchscreen's recorded evdev events into libinput-shaped touch events, the way
/// libinput 1.22's fallback dispatch (evdev-fallback.c) on top of libevdev does it.
///
/// Multitouch protocol B devices: events are collected per slot (`ABS_MT_SLOT`, initially
/// slot 0) and flushed per `SYN_REPORT`: one down / motion / up per changed slot, in slot
/// order, with the `SYN_REPORT`'s time, then one `.frame` when any touch event was sent.
/// Multitouch protocol A devices (`ABS_MT_POSITION_X/Y` without `ABS_MT_SLOT`): like libinput
/// (`evdev_device_dispatch_one`), each packet goes through libmtdev (`MtdevConverter`) at its
/// `SYN_REPORT`, which tracks the contacts and turns the packet into protocol-B slot events
/// (10 slots, libinput's number for such devices); those then take the protocol-B path above.
/// Single-touch devices (`ABS_X/ABS_Y` + `BTN_TOUCH`): one touch, reported as slot 0
/// (libinput reports slot -1 there; -1 means "frame" in `TouchInputEvent`).
///
/// Coordinates: `x`/`y` = `(value - min) * width / (max - min + 1)` like
/// `libinput_event_touch_get_x_transformed`; millimetres = `(value - min) / resolution` like
/// `libinput_event_touch_get_x`, where a device reporting resolution 0 gets libinput's fake
/// resolution 1 (so its "millimetres" are device units). Values outside the axis range are not
/// clamped (libinput does not clamp either); a value more than 5% outside is reported once per
/// axis (libinput logs it too). The touch hysteresis libinput applies when an axis has fuzz is
/// reproduced, including its quirk of emitting the unfiltered position.
///
/// Misbehaving streams never stop the decoder or leave a touch down:
/// - a tracking id on a busy slot, or -1 on an empty slot, is dropped (libevdev does that);
/// - `ABS_MT_SLOT` beyond the slot range selects the last slot (libevdev and libinput do);
/// - `ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM` on a touch sends `.cancel`; the slot is then ignored
///   until a new tracking id starts with a finger tool type (libinput's palm states);
/// - `SYN_DROPPED`: what was pending is flushed (libinput does), every touch that is down is
///   cancelled (a recording cannot be re-synced with the kernel), events are dropped until the
///   next `SYN_REPORT`, and each slot accepts its next tracking id whatever the old one was;
/// - a time earlier than the previous frame's is replaced by the previous time;
/// - more than 32 touches on a seat: the extra touches are ignored (libinput's seat slot map);
/// - protocol A: a contact lacking a value mtdev would read anyway (its tracking id, or its
///   touch size on devices that report one but no tracking id) or a position is dropped, and
///   so are contacts beyond 15 (mtdev 1.1.6 hangs once its 32nd slot is used) and packets of
///   more than 256 events; more than 10 contacts put the extra ones on the last slot (libinput
///   does); values after the last `SYN_MT_REPORT` are ignored (mtdev does); at `SYN_DROPPED`
///   the partial packet is dropped (`ProtocolAPacket`);
/// - `finish(at:)` cancels every touch still down.
/// Each problem is recorded as a `DecoderDiagnostic` (at most `diagnosticsPerKindLimit` per
/// kind, then one "suppressed" message).
///
/// Unlike libinput 1.22, whose `fallback_flush_mt_events` keeps only the last slot's result
/// and can then omit the `TOUCH_FRAME`, every group of touch events is closed by a frame.
///
/// Decoding an event does not allocate: slot state lives in an array sized once at init, and a
/// protocol-A packet and mtdev's output go into buffers that are reused.
///
/// A protocol-A decoder's mtdev state is shared by copies of the decoder (it is C state that
/// cannot be copied): decode with one copy only.
public struct TouchscreenDecoder: Sendable {
  public let capabilities: TouchscreenCapabilities
  /// Index of the device (in its recording); set as `device` on every emitted event.
  public let deviceIndex: Int
  public let deviceName: String
  public let screen: ScreenSize
  /// Diagnostics kept per kind before one "further messages suppressed" line.
  public var diagnosticsPerKindLimit = 5

  /// Diagnostics recorded so far (drain with `takeDiagnostics()`).
  public private(set) var diagnostics: [DecoderDiagnostic] = []
  /// Whether `finish(at:)` has ended the stream.
  public private(set) var isFinished = false

  private var diagnosticCounts: [Int]

  private var slots: [DecoderSlot]
  private var currentSlot = 0
  private var dirtyLow = Int.max
  private var dirtyHigh = -1

  private var singleX: Int32 = 0
  private var singleY: Int32 = 0
  private var singleSeatSlot: Int32 = -1
  private var singlePendingDown = false
  private var singlePendingMotion = false
  private var singlePendingUp = false

  private var droppingUntilReport = false
  /// Protocol A: mtdev, the packet being collected for it, and what it sent on.
  private let mtdev: MtdevConverter?
  private var packet: ProtocolAPacket
  private var converted: [EvdevEvent] = []
  private var lastTime: UInt64 = 0
  private var eventsSinceReport = 0
  private var warnedX = false
  private var warnedY = false
  /// Seat slots for `decode(_:emit:)` when the decoder is used on its own.
  private var ownSeat = SeatSlotAllocator()

  private let absSupported: UInt64
  private let supportsBtnTouch: Bool
  private let otherSupported: Set<UInt32>
  private let xCode: UInt16
  private let yCode: UInt16
  private let warnMinX: Int64
  private let warnMaxX: Int64
  private let warnMinY: Int64
  private let warnMaxY: Int64
  private let xMinimum: Double
  private let yMinimum: Double
  private let xRange: Double
  private let yRange: Double
  private let xResolution: Double
  private let yResolution: Double
  private let screenWidth: Double
  private let screenHeight: Double

  /// Creates a decoder for device `deviceIndex`, or throws why libinput would not treat the
  /// description as a touchscreen.
  public init(
    description: EvdevDeviceDescription, screen: ScreenSize, deviceIndex: Int
  ) throws(TouchscreenRefusal) {
    let capabilities = try TouchscreenCapabilities.evaluate(description).get()
    self.capabilities = capabilities
    self.deviceIndex = deviceIndex
    self.deviceName = description.name
    self.screen = screen
    slots = Array(repeating: DecoderSlot(), count: capabilities.slotCount)
    packet = ProtocolAPacket(description: description)
    if capabilities.usesMtdev {
      guard let converter = MtdevConverter(description: description) else {
        throw TouchscreenRefusal(
          deviceName: description.name,
          reason: "multitouch protocol A device, but libmtdev could not be set up for it")
      }
      mtdev = converter
      converted.reserveCapacity(MtdevConverter.bufferCapacity)
    } else {
      mtdev = nil
    }
    diagnosticCounts = Array(repeating: 0, count: DecoderDiagnostic.Kind.allCases.count)

    var abs: UInt64 = 0
    var other = Set<UInt32>()
    for (type, codes) in description.codes {
      for code in codes {
        if type == EvdevCodes.EV_ABS && code < 64 {
          abs |= 1 << UInt64(code)
        } else {
          other.insert(UInt32(type) << 16 | UInt32(code))
        }
      }
    }
    absSupported = abs
    otherSupported = other
    supportsBtnTouch = description.supports(type: EvdevCodes.EV_KEY, code: EvdevCodes.BTN_TOUCH)
    xCode = capabilities.isMultitouch ? EvdevCodes.ABS_MT_POSITION_X : EvdevCodes.ABS_X
    yCode = capabilities.isMultitouch ? EvdevCodes.ABS_MT_POSITION_Y : EvdevCodes.ABS_Y

    let x = capabilities.xAxis
    let y = capabilities.yAxis
    xMinimum = Double(x.minimum)
    yMinimum = Double(y.minimum)
    xRange = Double(Int64(x.maximum) - Int64(x.minimum) + 1)
    yRange = Double(Int64(y.maximum) - Int64(y.minimum) + 1)
    // evdev_device_init_abs_range_warnings: 5% of the axis size outside [min, max].
    warnMinX = Int64(Double(x.minimum) - 0.05 * xRange)
    warnMaxX = Int64(Double(x.maximum) + 0.05 * xRange)
    warnMinY = Int64(Double(y.minimum) - 0.05 * yRange)
    warnMaxY = Int64(Double(y.maximum) + 0.05 * yRange)
    xResolution = Double(capabilities.xUnitsPerMillimetre)
    yResolution = Double(capabilities.yUnitsPerMillimetre)
    screenWidth = Double(screen.width)
    screenHeight = Double(screen.height)
  }

  /// nil when libinput would drive `description` as a touchscreen, else the reason why not.
  public static func refusal(for description: EvdevDeviceDescription) -> TouchscreenRefusal? {
    switch TouchscreenCapabilities.evaluate(description) {
    case .success: return nil
    case .failure(let refusal): return refusal
    }
  }

  /// Number of touches currently down (sent as `.down`, not yet ended).
  public var activeTouchCount: Int {
    var count = singleSeatSlot >= 0 ? 1 : 0
    for slot in slots where slot.seatSlot >= 0 { count += 1 }
    return count
  }

  /// How many diagnostics of `kind` occurred, including suppressed ones.
  public func diagnosticCount(of kind: DecoderDiagnostic.Kind) -> Int {
    diagnosticCounts[kind.rawValue]
  }

  /// Returns the diagnostics recorded so far and forgets them (the rate limits keep counting).
  public mutating func takeDiagnostics() -> [DecoderDiagnostic] {
    defer { diagnostics.removeAll(keepingCapacity: true) }
    return diagnostics
  }

  // MARK: Decoding

  /// Decodes one event of a decoder that has a seat of its own.
  public mutating func decode(_ event: EvdevEvent, emit: (TouchInputEvent) -> Void) {
    var seat = ownSeat
    decode(event, seat: &seat, emit: emit)
    ownSeat = seat
  }

  /// Ends the stream of a decoder that has a seat of its own (see `finish(at:seat:emit:)`).
  public mutating func finish(at timeMicroseconds: UInt64, emit: (TouchInputEvent) -> Void) {
    var seat = ownSeat
    finish(at: timeMicroseconds, seat: &seat, emit: emit)
    ownSeat = seat
  }

  /// Decodes one event, taking seat slots from `seat` (shared by all devices of the seat), and
  /// passes the resulting touch events to `emit`.
  public mutating func decode(
    _ event: EvdevEvent, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    if isFinished {
      report(.eventAfterFinish, event.timeMicroseconds, "client bug: ") {
        "event type \(event.type) code \(event.code) after the stream was finished; ignored"
      }
      return
    }
    if mtdev != nil {
      decodeProtocolA(event, seat: &seat, emit: emit)
      return
    }
    switch event.type {
    case EvdevCodes.EV_SYN:
      if event.code == EvdevCodes.SYN_DROPPED {
        handleDropped(event, seat: &seat, emit: emit)
        return
      }
      let time = frameTime(event.timeMicroseconds)
      eventsSinceReport = 0
      if droppingUntilReport {
        if event.code == EvdevCodes.SYN_REPORT { droppingUntilReport = false }
        return
      }
      // libinput flushes on every EV_SYN code libevdev passes on (all but SYN_DROPPED).
      flush(at: time, seat: &seat, emit: emit)
    case EvdevCodes.EV_ABS:
      eventsSinceReport += 1
      if droppingUntilReport { return }
      guard event.code < 64, absSupported & (1 << UInt64(event.code)) != 0 else {
        reportUnsupported(event)
        return
      }
      if capabilities.isMultitouch {
        processMultitouch(event)
      } else {
        processSingleTouchAxis(event)
      }
    case EvdevCodes.EV_KEY:
      eventsSinceReport += 1
      if droppingUntilReport { return }
      if event.code == EvdevCodes.BTN_TOUCH && supportsBtnTouch {
        // Key repeats are ignored; multitouch devices take touches from their slots only.
        if !capabilities.isMultitouch && event.value != 2 {
          if event.value != 0 { singlePendingDown = true } else { singlePendingUp = true }
        }
      } else if !otherSupported.contains(UInt32(event.type) << 16 | UInt32(event.code)) {
        reportUnsupported(event)
      }
    default:
      eventsSinceReport += 1
      if droppingUntilReport { return }
      if !otherSupported.contains(UInt32(event.type) << 16 | UInt32(event.code)) {
        reportUnsupported(event)
      }
    }
  }

  /// Ends the stream at `timeMicroseconds`: events after the last `SYN_REPORT` are discarded,
  /// every touch still down gets `.cancel` (then one `.frame`), and later events are ignored.
  public mutating func finish(
    at timeMicroseconds: UInt64, seat: inout SeatSlotAllocator,
    emit: (TouchInputEvent) -> Void
  ) {
    if isFinished { return }
    let time = frameTime(timeMicroseconds)
    if eventsSinceReport > 0 && !droppingUntilReport {
      let count = eventsSinceReport
      report(.incompleteFrame, time, "") {
        "stream ended with \(count) event(s) after the last SYN_REPORT; discarded"
      }
    }
    for index in slots.indices where slots[index].seatSlot >= 0 {
      let seatSlot = slots[index].seatSlot
      report(.touchNeverReleased, time, "") {
        "stream ended while the touch on slot \(index) (seat slot \(seatSlot)) was down; "
          + "sent TOUCH_CANCEL"
      }
    }
    if singleSeatSlot >= 0 {
      let seatSlot = singleSeatSlot
      report(.touchNeverReleased, time, "") {
        "stream ended while its touch (seat slot \(seatSlot)) was down; sent TOUCH_CANCEL"
      }
    }
    cancelAllTouches(at: time, seat: &seat, emit: emit)
    clearPending()
    packet.reset()
    isFinished = true
  }

  // MARK: Protocol A (libevdev's filter, then mtdev, then evdev-fallback.c)

  /// One event of a protocol-A device: libevdev's filter, then into the packet for mtdev; at
  /// `SYN_REPORT` mtdev converts the packet and its output takes the protocol-B path.
  private mutating func decodeProtocolA(
    _ event: EvdevEvent, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    if event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_DROPPED {
      // libinput hands mtdev a SYN_REPORT here, converting the partial packet: it would lift
      // every contact the packet did not list yet. The partial packet is dropped instead, and
      // the touches are cancelled like on any device.
      packet.reset()
      handleDropped(event, seat: &seat, emit: emit)
      return
    }
    if event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_REPORT {
      let time = frameTime(event.timeMicroseconds)
      eventsSinceReport = 0
      if droppingUntilReport {
        droppingUntilReport = false
        return
      }
      convertPacket(at: time, seat: &seat, emit: emit)
      return
    }
    eventsSinceReport += 1
    if droppingUntilReport { return }
    // libevdev drops codes the device does not advertise; SYN_MT_REPORT is protocol A's own.
    let advertised: Bool
    switch event.type {
    case EvdevCodes.EV_SYN: advertised = true
    case EvdevCodes.EV_ABS:
      advertised = event.code < 64 && absSupported & (1 << UInt64(event.code)) != 0
    case EvdevCodes.EV_KEY where event.code == EvdevCodes.BTN_TOUCH: advertised = supportsBtnTouch
    default: advertised = otherSupported.contains(UInt32(event.type) << 16 | UInt32(event.code))
    }
    guard advertised else {
      reportUnsupported(event)
      return
    }
    if let problem = packet.append(event) {
      reportPacketProblem(problem, at: event.timeMicroseconds)
    }
  }

  /// Closes the packet with a `SYN_REPORT` at `time`, has mtdev convert it and runs the result
  /// through the protocol-B path (libinput's `evdev_process_event` per event mtdev returns).
  private mutating func convertPacket(
    at time: UInt64, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    guard let mtdev else { return }
    let syn = EvdevEvent(
      timeMicroseconds: time, type: EvdevCodes.EV_SYN, code: EvdevCodes.SYN_REPORT, value: 0)
    for problem in packet.close(with: syn) { reportPacketProblem(problem, at: time) }
    converted.removeAll(keepingCapacity: true)
    mtdev.convert(packet.events, into: &converted)
    packet.reset()
    var index = 0
    while index < converted.count {
      let event = converted[index]
      index += 1
      switch event.type {
      case EvdevCodes.EV_ABS: processMultitouch(event)
      // libinput flushes on every EV_SYN code; mtdev passes SYN codes other than
      // SYN_MT_REPORT through.
      case EvdevCodes.EV_SYN: flush(at: frameTime(event.timeMicroseconds), seat: &seat, emit: emit)
      default: break  // BTN_TOUCH and the rest: a multitouch device's touches come from slots.
      }
    }
  }

  private mutating func reportPacketProblem(_ problem: ProtocolAPacket.Problem, at time: UInt64) {
    switch problem {
    case .contactDropped(let contact, let missing):
      report(.contactDropped, time, "kernel bug: ") {
        "protocol-A contact \(contact) of the packet has no \(missing); dropped (mtdev would "
          + "read undefined values for it)"
      }
    case .unterminatedContact(let count):
      report(.contactDropped, time, "kernel bug: ") {
        "\(count) multitouch value(s) after the packet's last SYN_MT_REPORT; ignored (as "
          + "mtdev does)"
      }
    case .tooManyContacts(let count):
      report(.tooManyContacts, time, "") {
        "protocol-A packet with \(count) contacts; the first \(ProtocolAPacket.maximumContacts) "
          + "go to mtdev, the others are dropped (mtdev 1.1.6 hangs once 32 of its slots are in "
          + "use, and libinput with it)"
      }
    case .tooLarge(let count):
      report(.packetTooLarge, time, "kernel bug: ") {
        "protocol-A packet of \(count) events (more than \(ProtocolAPacket.maximumEvents)); "
          + "dropped (mtdev's buffer would garble it, in libinput too)"
      }
    }
  }

  // MARK: Event processing (libevdev's filter, then evdev-fallback.c)

  private mutating func processMultitouch(_ event: EvdevEvent) {
    let value = event.value
    switch event.code {
    case EvdevCodes.ABS_MT_SLOT:
      var slot = Int(value)
      let last = slots.count - 1
      if value < 0 || slot > last {
        slot = last
        if capabilities.usesMtdev {
          report(.tooManyContacts, event.timeMicroseconds, "") {
            "more than \(last + 1) contacts: mtdev put one in slot \(value), libinput has "
              + "\(last + 1) slots for protocol-A devices; its values go to slot \(last) (as "
              + "libinput does)"
          }
        } else {
          report(.slotOutOfRange, event.timeMicroseconds, "kernel bug: ") {
            "ABS_MT_SLOT \(value) is outside 0...\(last); events go to slot \(last) "
              + "(as libevdev and libinput do)"
          }
        }
      }
      currentSlot = slot
    case EvdevCodes.ABS_MT_TRACKING_ID:
      let index = currentSlot
      let previous = slots[index].evdevTrackingID
      if capabilities.usesMtdev {
        // mtdev's output reaches libinput without libevdev's checks in between.
        slots[index].evdevTrackingIDUnknown = false
      } else if slots[index].evdevTrackingIDUnknown {
        slots[index].evdevTrackingIDUnknown = false
      } else if value == -1 && previous == -1 {
        report(.releaseOfEmptySlot, event.timeMicroseconds, "kernel bug: ") {
          "tracking id -1 on slot \(index) which has no touch; ignored (as libevdev does)"
        }
        return
      } else if value != -1 && previous != -1 {
        report(.trackingIDOnBusySlot, event.timeMicroseconds, "kernel bug: ") {
          "tracking id \(value) on slot \(index) which already has touch \(previous); "
            + "ignored (as libinput does)"
        }
        return
      }
      slots[index].evdevTrackingID = value
      if value >= 0 {
        slots[index].state = .begin
        slots[index].palm =
          capabilities.reportsToolType && slots[index].evdevToolType == EvdevCodes.MT_TOOL_PALM
          ? .wasPalm : .none
      } else {
        slots[index].state = .end
      }
      markDirty(index)
    case EvdevCodes.ABS_MT_POSITION_X:
      checkRange(event)
      slots[currentSlot].x = value
      slots[currentSlot].positionChanged = true
      markDirty(currentSlot)
    case EvdevCodes.ABS_MT_POSITION_Y:
      checkRange(event)
      slots[currentSlot].y = value
      slots[currentSlot].positionChanged = true
      markDirty(currentSlot)
    case EvdevCodes.ABS_MT_TOOL_TYPE:
      let index = currentSlot
      slots[index].evdevToolType = value
      if value == EvdevCodes.MT_TOOL_PALM {
        if slots[index].palm == .none { slots[index].palm = .new }
      } else if slots[index].palm == .isPalm {
        slots[index].palm = .wasPalm
      }
      markDirty(index)
    default:
      break
    }
  }

  private mutating func processSingleTouchAxis(_ event: EvdevEvent) {
    switch event.code {
    case EvdevCodes.ABS_X:
      checkRange(event)
      singleX = event.value
      singlePendingMotion = true
    case EvdevCodes.ABS_Y:
      checkRange(event)
      singleY = event.value
      singlePendingMotion = true
    default:
      break
    }
  }

  @inline(__always)
  private mutating func markDirty(_ index: Int) {
    slots[index].dirty = true
    if index < dirtyLow { dirtyLow = index }
    if index > dirtyHigh { dirtyHigh = index }
  }

  // MARK: Flushing (fallback_handle_state)

  private mutating func flush(
    at time: UInt64, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    var sent = false
    if capabilities.isMultitouch {
      if dirtyHigh >= 0 {
        for index in dirtyLow...dirtyHigh where slots[index].dirty {
          if flushSlot(index, at: time, seat: &seat, emit: emit) { sent = true }
        }
        dirtyLow = Int.max
        dirtyHigh = -1
      }
    } else {
      sent = flushSingleTouch(at: time, seat: &seat, emit: emit)
    }
    if sent { emit(frameEvent(time)) }
  }

  private mutating func flushSlot(
    _ index: Int, at time: UInt64, seat: inout SeatSlotAllocator,
    emit: (TouchInputEvent) -> Void
  ) -> Bool {
    var sent = false
    slots[index].dirty = false
    let positionChanged = slots[index].positionChanged
    slots[index].positionChanged = false
    let state = slots[index].state
    switch slots[index].palm {
    case .new:
      // Became a palm: cancel a touch that was already down; a palm never gets a down.
      if state != .begin { sent = endTouch(index, kind: .cancel, at: time, seat: &seat, emit) }
      slots[index].palm = .isPalm
    case .none:
      switch state {
      case .begin: sent = beginTouch(index, at: time, seat: &seat, emit)
      case .update: sent = moveTouch(index, at: time, emit)
      case .end: sent = endTouch(index, kind: .up, at: time, seat: &seat, emit)
      case .none:
        if positionChanged && slots[index].evdevTrackingID == -1
          && !slots[index].evdevTrackingIDUnknown
        {
          report(.motionWithoutTouch, time, "kernel bug: ") {
            "position on slot \(index) which has no touch; ignored"
          }
        }
      }
    case .isPalm, .wasPalm:
      break
    }
    switch state {
    case .begin: slots[index].state = .update
    case .end: slots[index].state = .none
    case .update, .none: break
    }
    return sent
  }

  private mutating func beginTouch(
    _ index: Int, at time: UInt64, seat: inout SeatSlotAllocator,
    _ emit: (TouchInputEvent) -> Void
  ) -> Bool {
    if slots[index].seatSlot != -1 {
      report(.multipleTouchDown, time, "kernel bug: ") {
        "driver sent multiple touch down for slot \(index); ignored (as libinput does)"
      }
      return false
    }
    guard let seatSlot = seat.allocate() else {
      report(.seatSlotsExhausted, time, "") {
        "touch on slot \(index) ignored: all \(SeatSlotAllocator.capacity) seat slots are "
          + "in use (libinput's limit)"
      }
      return false
    }
    slots[index].seatSlot = seatSlot
    slots[index].hysteresisCenterX = slots[index].x
    slots[index].hysteresisCenterY = slots[index].y
    emit(
      touchEvent(
        .down, time, slot: index, seatSlot: seatSlot, x: slots[index].x, y: slots[index].y))
    return true
  }

  private mutating func moveTouch(
    _ index: Int, at time: UInt64, _ emit: (TouchInputEvent) -> Void
  ) -> Bool {
    let seatSlot = slots[index].seatSlot
    if seatSlot == -1 { return false }
    // libinput emits the position as received and keeps the filtered one as the slot's point.
    let x = slots[index].x
    let y = slots[index].y
    if capabilities.wantsHysteresis && filterHysteresis(index) { return false }
    emit(touchEvent(.motion, time, slot: index, seatSlot: seatSlot, x: x, y: y))
    return true
  }

  private mutating func endTouch(
    _ index: Int, kind: TouchInputEvent.Kind, at time: UInt64,
    seat: inout SeatSlotAllocator, _ emit: (TouchInputEvent) -> Void
  ) -> Bool {
    let seatSlot = slots[index].seatSlot
    slots[index].seatSlot = -1
    if seatSlot == -1 { return false }
    seat.release(seatSlot)
    emit(
      TouchInputEvent(
        kind: kind, timeMicroseconds: time, device: deviceIndex, slot: Int32(index),
        seatSlot: seatSlot))
    return true
  }

  /// `fallback_filter_defuzz_touch`: true when the motion is swallowed.
  private mutating func filterHysteresis(_ index: Int) -> Bool {
    let centerX = slots[index].hysteresisCenterX
    let centerY = slots[index].hysteresisCenterY
    let (x, y) = Self.hysteresis(
      x: slots[index].x, y: slots[index].y, centerX: centerX, centerY: centerY,
      marginX: capabilities.hysteresisMarginX, marginY: capabilities.hysteresisMarginY)
    slots[index].x = x
    slots[index].y = y
    if x == centerX && y == centerY { return true }
    slots[index].hysteresisCenterX = x
    slots[index].hysteresisCenterY = y
    return false
  }

  /// libinput's `evdev_hysteresis`: the point dragged along by an ellipse of radii
  /// `marginX`/`marginY`, or the centre while the finger stays inside it.
  static func hysteresis(
    x: Int32, y: Int32, centerX: Int32, centerY: Int32, marginX: Int32, marginY: Int32
  ) -> (Int32, Int32) {
    if marginX == 0 || marginY == 0 { return (x, y) }
    let dx = Double(Int64(x) - Int64(centerX))
    let dy = Double(Int64(y) - Int64(centerY))
    let a = Double(marginX)
    let b = Double(marginY)
    let normalized = (dx * dx / (a * a) + dy * dy / (b * b)).squareRoot()
    if normalized < 1.0 { return (centerX, centerY) }
    let fingerDistance = (dx * dx + dy * dy).squareRoot()
    let marginDistance = fingerDistance / normalized
    var lagX = 0.0
    var lagY = marginDistance
    if dx != 0 {
      let gradient = dy / dx
      lagX = marginDistance / (gradient * gradient + 1).squareRoot()
      let squared = (marginDistance + lagX) * (marginDistance - lagX)
      lagY = squared > 0 ? squared.squareRoot() : 0
    }
    let resultX = dx >= 0 ? Double(x) - lagX : Double(x) + lagX
    let resultY = dy >= 0 ? Double(y) - lagY : Double(y) + lagY
    return (truncatedInt32(resultX), truncatedInt32(resultY))
  }

  /// C's double-to-int conversion (truncation), saturating instead of undefined behaviour.
  private static func truncatedInt32(_ value: Double) -> Int32 {
    if value.isNaN { return 0 }
    if value >= 2_147_483_647 { return Int32.max }
    if value <= -2_147_483_648 { return Int32.min }
    return Int32(value)
  }

  private mutating func flushSingleTouch(
    at time: UInt64, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) -> Bool {
    var sent = false
    if singlePendingDown {
      if singleSeatSlot != -1 {
        report(.multipleTouchDown, time, "kernel bug: ") {
          "driver sent multiple touch down (BTN_TOUCH 1 while touching); ignored "
            + "(as libinput does)"
        }
      } else if let seatSlot = seat.allocate() {
        singleSeatSlot = seatSlot
        emit(touchEvent(.down, time, slot: 0, seatSlot: seatSlot, x: singleX, y: singleY))
        sent = true
      } else {
        report(.seatSlotsExhausted, time, "") {
          "touch ignored: all \(SeatSlotAllocator.capacity) seat slots are in use "
            + "(libinput's limit)"
        }
      }
    }
    if singlePendingMotion && singleSeatSlot != -1 {
      emit(
        touchEvent(.motion, time, slot: 0, seatSlot: singleSeatSlot, x: singleX, y: singleY))
      sent = true
    }
    if singlePendingUp {
      let seatSlot = singleSeatSlot
      singleSeatSlot = -1
      if seatSlot != -1 {
        seat.release(seatSlot)
        emit(
          TouchInputEvent(
            kind: .up, timeMicroseconds: time, device: deviceIndex, slot: 0, seatSlot: seatSlot))
        sent = true
      }
    }
    singlePendingDown = false
    singlePendingMotion = false
    singlePendingUp = false
    return sent
  }

  // MARK: Stream-level problems

  private mutating func handleDropped(
    _ event: EvdevEvent, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    let time = frameTime(event.timeMicroseconds)
    let wasDropping = droppingUntilReport
    eventsSinceReport = 0
    // libinput handles what is pending as if a SYN_REPORT had come, then re-syncs.
    if !wasDropping { flush(at: time, seat: &seat, emit: emit) }
    let down = activeTouchCount
    report(.synDropped, time, "") {
      "SYN_DROPPED: the kernel dropped events; cancelled \(down) touch(es), ignoring events "
        + "until the next SYN_REPORT and each slot until its next tracking id"
    }
    cancelAllTouches(at: time, seat: &seat, emit: emit)
    clearPending()
    for index in slots.indices { slots[index].evdevTrackingIDUnknown = true }
    droppingUntilReport = true
  }

  private mutating func cancelAllTouches(
    at time: UInt64, seat: inout SeatSlotAllocator, emit: (TouchInputEvent) -> Void
  ) {
    var sent = false
    if singleSeatSlot != -1 {
      seat.release(singleSeatSlot)
      emit(
        TouchInputEvent(
          kind: .cancel, timeMicroseconds: time, device: deviceIndex, slot: 0,
          seatSlot: singleSeatSlot))
      singleSeatSlot = -1
      sent = true
    }
    for index in slots.indices where slots[index].seatSlot != -1 {
      if endTouch(index, kind: .cancel, at: time, seat: &seat, emit) { sent = true }
    }
    if sent { emit(frameEvent(time)) }
  }

  private mutating func clearPending() {
    for index in slots.indices {
      slots[index].dirty = false
      slots[index].positionChanged = false
      if slots[index].state == .begin { slots[index].state = .update }
      if slots[index].state == .end { slots[index].state = .none }
      if slots[index].palm == .new { slots[index].palm = .isPalm }
    }
    dirtyLow = Int.max
    dirtyHigh = -1
    singlePendingDown = false
    singlePendingMotion = false
    singlePendingUp = false
  }

  /// The time for output at an `EV_SYN` event: never earlier than the previous one.
  private mutating func frameTime(_ time: UInt64) -> UInt64 {
    if time < lastTime {
      let previous = lastTime
      report(.timeWentBackwards, time, "kernel bug: ") {
        "event time \(Self.seconds(time)) s is earlier than the previous frame's "
          + "\(Self.seconds(previous)) s; using the previous time"
      }
      return lastTime
    }
    lastTime = time
    return time
  }

  @inline(__always)
  private mutating func checkRange(_ event: EvdevEvent) {
    let isX = event.code == xCode
    let low = isX ? warnMinX : warnMinY
    let high = isX ? warnMaxX : warnMaxY
    let value = Int64(event.value)
    guard value < low || value > high else { return }
    warnOutOfRange(event, isX: isX, low: low, high: high)
  }

  @inline(never)
  private mutating func warnOutOfRange(_ event: EvdevEvent, isX: Bool, low: Int64, high: Int64) {
    let value = Int64(event.value)
    if isX {
      if warnedX { return }
      warnedX = true
    } else {
      if warnedY { return }
      warnedY = true
    }
    let axis =
      capabilities.isMultitouch
      ? (isX ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y")
      : (isX ? "ABS_X" : "ABS_Y")
    report(.valueOutOfRange, event.timeMicroseconds, "") {
      "\(axis) value \(value) is outside the expected range [\(low), \(high)]; used unclamped "
        + "as libinput does (reported once per axis)"
    }
  }

  private mutating func reportUnsupported(_ event: EvdevEvent) {
    report(.unsupportedEvent, event.timeMicroseconds, "kernel bug: ") {
      "event type \(event.type) code \(event.code) value \(event.value) is not advertised by "
        + "the device; ignored (as libevdev does)"
    }
  }

  private mutating func report(
    _ kind: DecoderDiagnostic.Kind, _ time: UInt64, _ blame: String,
    _ message: () -> String
  ) {
    let count = diagnosticCounts[kind.rawValue]
    diagnosticCounts[kind.rawValue] = count + 1
    guard count <= diagnosticsPerKindLimit else { return }
    let device = "device \(deviceIndex) \"\(deviceName)\": "
    let text =
      count < diagnosticsPerKindLimit
      ? blame + device + message()
      : device + "further \(kind) messages suppressed (limit \(diagnosticsPerKindLimit))"
    diagnostics.append(
      DecoderDiagnostic(timeMicroseconds: time, device: deviceIndex, kind: kind, message: text))
  }

  // MARK: Output

  @inline(__always)
  private func touchEvent(
    _ kind: TouchInputEvent.Kind, _ time: UInt64, slot: Int, seatSlot: Int32, x: Int32, y: Int32
  ) -> TouchInputEvent {
    let dx = Double(x) - xMinimum
    let dy = Double(y) - yMinimum
    return TouchInputEvent(
      kind: kind, timeMicroseconds: time, device: deviceIndex, slot: Int32(slot),
      seatSlot: seatSlot, x: dx * screenWidth / xRange, y: dy * screenHeight / yRange,
      xMillimetres: dx / xResolution, yMillimetres: dy / yResolution)
  }

  @inline(__always)
  private func frameEvent(_ time: UInt64) -> TouchInputEvent {
    TouchInputEvent(kind: .frame, timeMicroseconds: time, device: deviceIndex)
  }

  private static func seconds(_ microseconds: UInt64) -> String {
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count)
      + fraction
  }
}
