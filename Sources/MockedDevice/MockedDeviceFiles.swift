// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput

/// The umockdev description (sysfs attributes + udev properties) and the evdev ioctl answers
/// for one mocked evdev device, generated from an `EvdevDeviceDescription`.
///
/// The device appears as `/dev/input/event<N>` (char device 13:64+N) below
/// `/sys/devices/virtual/gesturebridge/input<100+N>`. The ioctl record answers what libevdev
/// asks when opening a device (EVIOCGBIT/NAME/PHYS/ID/VERSION/PROP/KEY/LED/SW/ABS/MTSLOTS).
public struct MockedDeviceFiles: Sendable, Hashable {
  public var eventNumber: Int
  /// `/dev/input/event<N>`.
  public var node: String
  /// The event device's sysfs path inside the testbed, e.g.
  /// `/sys/devices/virtual/gesturebridge/input105/event5`.
  public var syspath: String
  /// Text for `umockdev_testbed_add_from_string`.
  public var umockdevDescription: String
  /// Text for `umockdev_testbed_load_ioctl` (the `@DEV` record format).
  public var ioctlRecord: String

  /// udev properties the generator sets itself; the description's values for these are ignored.
  static let structuralProperties: Set<String> = [
    "DEVNAME", "DEVPATH", "MAJOR", "MINOR", "SUBSYSTEM", "TAGS", "CURRENT_TAGS",
    "USEC_INITIALIZED", "ACTION", "SEQNUM",
  ]

  /// `EVIOCGBIT` buffer sizes libevdev uses per event type (its bitmask array sizes).
  static let bitmaskBytes: [(type: UInt16, bytes: Int)] = [
    (0x02, 8), (0x03, 8), (0x11, 8), (0x01, 96), (0x05, 8), (0x04, 8), (0x15, 16), (0x12, 8),
  ]

  public init(description: EvdevDeviceDescription, eventNumber: Int) {
    self.eventNumber = eventNumber
    let minor = 64 + eventNumber
    node = "/dev/input/event\(eventNumber)"
    let parentPath = "/devices/virtual/gesturebridge/input\(100 + eventNumber)"
    let eventPath = "\(parentPath)/event\(eventNumber)"
    syspath = "/sys\(eventPath)"
    let phys = "gesturebridge/input\(eventNumber)"
    let id = description.id
    let product = [id.bustype, id.vendor, id.product, id.version]
      .map { String($0, radix: 16) }.joined(separator: "/")
    let modalias = Self.modalias(description)
    let userProperties = description.udevProperties.filter { entry in
      let key = entry.split(separator: "=", maxSplits: 1).first.map(String.init) ?? entry
      return !Self.structuralProperties.contains(key) && entry.contains("=")
    }
    let types = KernelBitmap(description.codes.keys)

    var text = "P: \(eventPath)\nN: input/event\(eventNumber)\n"
    text += "E: DEVNAME=/dev/input/event\(eventNumber)\n"
    for entry in userProperties { text += "E: \(entry)\n" }
    text += "E: MAJOR=13\nE: MINOR=\(minor)\nE: SUBSYSTEM=input\n"
    text += "E: TAGS=:seat:\nE: CURRENT_TAGS=:seat:\nE: USEC_INITIALIZED=1000000\n"
    text += "A: dev=13:\(minor)\nL: device=../../input\(100 + eventNumber)\n\n"

    text += "P: \(parentPath)\n"
    for (name, type) in [("ABS", UInt16(3)), ("EV", 0), ("KEY", 1)] {
      let bits = name == "EV" ? types : KernelBitmap(description.codes[type] ?? [])
      text += "E: \(name)=\(bits.sysfsText)\n"
    }
    text += "E: PROP=\(KernelBitmap(description.properties).sysfsText)\n"
    for entry in userProperties where entry.hasPrefix("ID_INPUT") { text += "E: \(entry)\n" }
    text += "E: MODALIAS=\(modalias)\n"
    text += "E: NAME=\"\(Self.sysfsSafe(description.name))\"\nE: PHYS=\"\(phys)\"\n"
    text += "E: PRODUCT=\(product)\nE: SUBSYSTEM=input\nE: TAGS=:seat:\n"
    text += "E: USEC_INITIALIZED=1000000\n"
    let capabilities: [(String, UInt16?)] = [
      ("abs", 3), ("ev", nil), ("key", 1), ("rel", 2), ("msc", 4), ("sw", 5), ("led", 0x11),
      ("snd", 0x12), ("ff", 0x15),
    ]
    for (name, type) in capabilities {
      let bits = type.map { KernelBitmap(description.codes[$0] ?? []) } ?? types
      text += "A: capabilities/\(name)=\(bits.sysfsText)\n"
    }
    text += "A: id/bustype=\(Self.hex4(id.bustype))\nA: id/vendor=\(Self.hex4(id.vendor))\n"
    text += "A: id/product=\(Self.hex4(id.product))\nA: id/version=\(Self.hex4(id.version))\n"
    text += "A: modalias=\(modalias)\nA: name=\(Self.sysfsSafe(description.name))\n"
    text += "A: phys=\(phys)\n"
    text += "A: properties=\(KernelBitmap(description.properties).sysfsText)\nA: uniq=\n"
    umockdevDescription = text
    ioctlRecord = Self.ioctlRecord(description: description, node: node, phys: phys)
  }

  private static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Names go on one line of the umockdev format: no newlines or quotes.
  private static func sysfsSafe(_ name: String) -> String {
    String(name.map { $0 == "\n" || $0 == "\r" || $0 == "\"" ? " " : $0 })
  }

  /// The kernel's `input:b...v...p...e...-e...,k...,r...` modalias.
  static func modalias(_ description: EvdevDeviceDescription) -> String {
    let id = description.id
    func upper4(_ value: UInt16) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
    var text =
      "input:b\(upper4(id.bustype))v\(upper4(id.vendor))p\(upper4(id.product))"
      + "e\(upper4(id.version))-"
    func list(_ letter: String, _ values: [UInt16]) {
      text += letter
      for value in values.sorted() { text += String(value, radix: 16, uppercase: true) + "," }
    }
    list("e", description.codes.keys.sorted())
    list("k", (description.codes[1] ?? []).filter { $0 >= 0x71 })
    list("r", description.codes[2] ?? [])
    list("a", description.codes[3] ?? [])
    list("m", description.codes[4] ?? [])
    list("l", description.codes[0x11] ?? [])
    list("s", description.codes[0x12] ?? [])
    list("f", description.codes[0x15] ?? [])
    list("w", description.codes[5] ?? [])
    return text
  }

  /// The value an axis reports before any event: -1 for tracking ids, otherwise 0 clamped
  /// into the axis range.
  static func initialValue(code: UInt16, info: AbsInfo) -> Int32 {
    if code == EvdevCodes.ABS_MT_TRACKING_ID { return -1 }
    return Swift.min(Swift.max(0, info.minimum), info.maximum)
  }

  static func ioctlRecord(description: EvdevDeviceDescription, node: String, phys: String)
    -> String
  {
    var lines = ["@DEV \(node)"]
    let types = KernelBitmap(description.codes.keys)
    lines.append("EVIOCGBIT(0) 8 \(types.bytes(count: 8).upperHex)")
    lines.append(stringAnswer("EVIOCGNAME(0)", description.name))
    lines.append(stringAnswer("EVIOCGPHYS(0)", phys))
    var id: [UInt8] = []
    for value in [
      description.id.bustype, description.id.vendor, description.id.product,
      description.id.version,
    ] {
      id.appendLittleEndian(value)
    }
    lines.append("EVIOCGID 0 \(id.upperHex)")
    var version: [UInt8] = []
    version.appendLittleEndian(UInt32(0x01_0001))
    lines.append("EVIOCGVERSION 0 \(version.upperHex)")
    lines.append("EVIOCGPROP(0) 8 \(KernelBitmap(description.properties).bytes(count: 8).upperHex)")
    for (type, byteCount) in bitmaskBytes {
      let bits = KernelBitmap(description.codes[type] ?? [])
      lines.append("EVIOCGBIT(\(type)) \(byteCount) \(bits.bytes(count: byteCount).upperHex)")
    }
    lines.append("EVIOCGKEY(0) 96 \([UInt8](repeating: 0, count: 96).upperHex)")
    lines.append("EVIOCGLED(0) 8 \([UInt8](repeating: 0, count: 8).upperHex)")
    lines.append("EVIOCGSW(0) 8 \([UInt8](repeating: 0, count: 8).upperHex)")
    let absCodes = (description.codes[3] ?? []).sorted()
    for code in absCodes {
      let info = description.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
      var bytes: [UInt8] = []
      for value in [
        initialValue(code: code, info: info), info.minimum, info.maximum, info.fuzz, info.flat,
        info.resolution,
      ] {
        bytes.appendLittleEndian(value)
      }
      let name = code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(code))"
      lines.append("\(name) 0 \(bytes.upperHex)")
    }
    for code in absCodes where code > EvdevCodes.ABS_MT_SLOT && code <= 0x3d {
      let info = description.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
      var bytes: [UInt8] = []
      bytes.appendLittleEndian(UInt32(code))
      let value = initialValue(code: code, info: info)
      for _ in 0..<256 { bytes.appendLittleEndian(value) }
      lines.append("EVIOCGMTSLOTS(0) 0 \(bytes.upperHex)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `EVIOCGNAME`-style answer: the return value is the string length + 1, the buffer 255
  /// bytes (libevdev asks for sizeof(buf) - 1).
  private static func stringAnswer(_ name: String, _ value: String) -> String {
    var bytes = Array(value.utf8.prefix(254))
    let length = bytes.count + 1
    bytes.append(contentsOf: [UInt8](repeating: 0, count: 255 - bytes.count))
    return "\(name) \(length) \(bytes.upperHex)"
  }
}
