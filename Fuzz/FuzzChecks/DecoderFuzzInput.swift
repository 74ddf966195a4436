// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput

/// The byte format the touch decoder fuzz target reads: one or two touchscreens and a stream
/// of evdev events for them. Every byte string is a valid input (missing bytes read as 0).
///
/// Layout:
/// - byte 0, flags: bit 0 single-touch (else multitouch), bit 1 two devices,
///   bit 2 `ABS_MT_TOOL_TYPE` supported, bit 3 multitouch protocol A (no `ABS_MT_SLOT` and no
///   `ABS_MT_TRACKING_ID`: packets of contacts ended by `SYN_MT_REPORT`, tracked by mtdev);
/// - per device 9 bytes: slot maximum (UInt8), axis minimum (Int16), X maximum (Int16),
///   Y maximum (Int16), resolution (UInt8), fuzz (UInt8); all little-endian;
/// - then events of 10 bytes each: device (bit 0 of a UInt8), time step (Int16, in units of
///   16 µs; negative steps go back in time, never below 0), type (UInt8), code (UInt16),
///   value (Int32).
public struct DecoderFuzzInput: Sendable, Hashable {
  /// One device's parameters.
  public struct Device: Sendable, Hashable {
    public var slotMaximum: UInt8
    public var minimum: Int16
    public var xMaximum: Int16
    public var yMaximum: Int16
    public var resolution: UInt8
    public var fuzz: UInt8

    public init(
      slotMaximum: UInt8 = 9, minimum: Int16 = 0, xMaximum: Int16 = 1919, yMaximum: Int16 = 1079,
      resolution: UInt8 = 8, fuzz: UInt8 = 0
    ) {
      self.slotMaximum = slotMaximum
      self.minimum = minimum
      self.xMaximum = xMaximum
      self.yMaximum = yMaximum
      self.resolution = resolution
      self.fuzz = fuzz
    }
  }

  /// One event: which device, and the evdev event with its absolute time.
  public struct Event: Sendable, Hashable {
    public var device: Int
    public var event: EvdevEvent

    public init(device: Int, event: EvdevEvent) {
      self.device = device
      self.event = event
    }
  }

  public var singleTouch: Bool
  public var toolType: Bool
  /// Multitouch protocol A instead of B (ignored for single-touch devices).
  public var protocolA: Bool
  public var devices: [Device]
  public var events: [Event]

  /// Bytes per event record.
  public static let eventSize = 10
  /// Microseconds per unit of an event's time step.
  public static let timeStepMicroseconds: Int64 = 16

  public init(
    singleTouch: Bool = false, toolType: Bool = true, protocolA: Bool = false, devices: [Device],
    events: [Event]
  ) {
    self.singleTouch = singleTouch
    self.toolType = toolType
    self.protocolA = protocolA
    self.devices = devices
    self.events = events
  }

  /// Parses any bytes.
  public init(bytes: some Collection<UInt8>) {
    var reader = ByteCursor(Array(bytes))
    let flags = reader.uint8()
    singleTouch = flags & 1 != 0
    toolType = flags & 4 != 0
    protocolA = flags & 8 != 0
    let deviceCount = flags & 2 != 0 ? 2 : 1
    devices = (0..<deviceCount).map { _ in
      Device(
        slotMaximum: reader.uint8(), minimum: reader.int16(), xMaximum: reader.int16(),
        yMaximum: reader.int16(), resolution: reader.uint8(), fuzz: reader.uint8())
    }
    events = []
    var time: Int64 = 0
    while reader.remaining > 0 {
      let device = Int(reader.uint8() & 1) % deviceCount
      time = max(0, time + Int64(reader.int16()) * Self.timeStepMicroseconds)
      let type = UInt16(reader.uint8())
      let code = reader.uint16()
      let value = reader.int32()
      events.append(
        Event(
          device: device,
          event: EvdevEvent(timeMicroseconds: UInt64(time), type: type, code: code, value: value)))
    }
  }

  /// The bytes that parse back to this input (times are stored as steps, rounded down to
  /// 16 µs and clipped to the Int16 range).
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    out.append(
      (singleTouch ? 1 : 0) | (devices.count > 1 ? 2 : 0) | (toolType ? 4 : 0)
        | (protocolA ? 8 : 0))
    for device in devices.prefix(2) {
      out.append(device.slotMaximum)
      append(device.minimum, to: &out)
      append(device.xMaximum, to: &out)
      append(device.yMaximum, to: &out)
      out.append(device.resolution)
      out.append(device.fuzz)
    }
    var time: Int64 = 0
    for item in events {
      out.append(UInt8(item.device & 1))
      let target = Int64(clamping: item.event.timeMicroseconds) / Self.timeStepMicroseconds
      let step = Int16(clamping: target - time / Self.timeStepMicroseconds)
      time = max(0, time + Int64(step) * Self.timeStepMicroseconds)
      append(step, to: &out)
      out.append(UInt8(truncatingIfNeeded: item.event.type))
      append(item.event.code, to: &out)
      append(item.event.value, to: &out)
    }
    return out
  }

  /// The device descriptions, shaped like `libinput record` output of a touchscreen.
  public var descriptions: [EvdevDeviceDescription] {
    devices.enumerated().map { index, device in
      let x = AbsInfo(
        minimum: Int32(device.minimum), maximum: Int32(device.xMaximum), fuzz: Int32(device.fuzz),
        resolution: Int32(device.resolution))
      let y = AbsInfo(
        minimum: Int32(device.minimum), maximum: Int32(device.yMaximum), fuzz: Int32(device.fuzz),
        resolution: Int32(device.resolution))
      var abs: [UInt16] = [EvdevCodes.ABS_X, EvdevCodes.ABS_Y]
      var absinfo: [UInt16: AbsInfo] = [EvdevCodes.ABS_X: x, EvdevCodes.ABS_Y: y]
      if !singleTouch {
        abs += [EvdevCodes.ABS_MT_POSITION_X, EvdevCodes.ABS_MT_POSITION_Y]
        absinfo[EvdevCodes.ABS_MT_POSITION_X] = x
        absinfo[EvdevCodes.ABS_MT_POSITION_Y] = y
        if !protocolA {
          abs += [EvdevCodes.ABS_MT_SLOT, EvdevCodes.ABS_MT_TRACKING_ID]
          absinfo[EvdevCodes.ABS_MT_SLOT] = AbsInfo(
            minimum: 0, maximum: Int32(device.slotMaximum))
          absinfo[EvdevCodes.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
        }
        if toolType {
          abs.append(EvdevCodes.ABS_MT_TOOL_TYPE)
          absinfo[EvdevCodes.ABS_MT_TOOL_TYPE] = AbsInfo(minimum: 0, maximum: 2)
        }
      }
      return EvdevDeviceDescription(
        node: "/dev/input/event\(5 + index)", name: "Fuzz Touchscreen \(index)",
        id: .init(bustype: 3, vendor: 0x1234, product: 0x4742, version: 1),
        codes: [
          EvdevCodes.EV_SYN: Array(0...15), EvdevCodes.EV_KEY: [EvdevCodes.BTN_TOUCH],
          EvdevCodes.EV_ABS: abs.sorted(),
        ],
        absinfo: absinfo, properties: [EvdevCodes.INPUT_PROP_DIRECT],
        udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
    }
  }

  private func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
  }
}

/// Reads little-endian integers from bytes; past the end it reads zeros.
private struct ByteCursor {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var remaining: Int { bytes.count - position }

  mutating func uint8() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }
  mutating func uint16() -> UInt16 { UInt16(uint8()) | UInt16(uint8()) << 8 }
  mutating func int16() -> Int16 { Int16(bitPattern: uint16()) }
  mutating func int32() -> Int32 {
    Int32(bitPattern: UInt32(uint16()) | UInt32(uint16()) << 16)
  }
}
