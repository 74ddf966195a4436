// SPDX-License-Identifier: MIT
import Foundation
import TouchInput

/// Writes a `libinput record` YAML file (format version 1) in the layout of real
/// `libinput record` output: a header per device (`evdev:` with an optional descriptive
/// comment block, `codes`, `absinfo`, `properties`; `udev: properties:`; `quirks:`), then its
/// `events:` list with one `- evdev:` entry per frame (events up to and including a
/// SYN_REPORT), each event optionally followed by a `# EV_ABS / ABS_MT_SLOT  1` comment.
///
/// Events are written as they come (buffered in 256 KiB blocks), so long recordings need not
/// be held in memory. Devices are written one after another: `beginDevice`, its events, then
/// the next device. Output depends only on the input (no clock, no host data), so the same
/// input gives byte-identical files.
///
/// ```swift
/// let writer = try RecordingWriter(path: "tap.yml", device: .syntheticTouchscreen)
/// try writer.write(contentsOf: events)
/// try writer.close()
/// ```
public final class RecordingWriter {
  public let path: String
  private let handle: FileHandle
  private let deviceCount: Int
  private let comments: Bool
  private var output: [UInt8] = []
  private var devicesBegun = 0
  private var frameOpen = false
  private var lastFrameMicroseconds: UInt64?
  private var closed = false
  private var commentCache: [UInt32: [UInt8]] = [:]

  /// Creates (or truncates) `path` and writes the top of the file. `deviceCount` devices must
  /// then be written with `beginDevice` and their events. `comments` adds the human-readable
  /// comments; `libinputVersion` and `system` fill the informational `libinput:` and
  /// `system:` sections.
  public init(
    path: String, deviceCount: Int = 1, comments: Bool = true,
    libinputVersion: String = "unknown",
    system: (os: String, kernel: String, dmi: String) = ("unknown", "unknown", "unknown")
  ) throws {
    precondition(deviceCount >= 1, "a recording needs at least one device")
    self.path = path
    self.deviceCount = deviceCount
    self.comments = comments
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw RecordingError(file: path, message: "cannot create recording file")
    }
    self.handle = handle
    output.reserveCapacity(1 << 18)
    var text = "# libinput record\n"
    if comments { text += "# Written by GestureBridge RecordingWriter.\n" }
    text += """
      version: 1
      ndevices: \(deviceCount)
      libinput:
        version: \(Self.quoted(libinputVersion))
        git: "unknown"
      system:
        os: \(Self.quoted(system.os))
        kernel: \(Self.quoted(system.kernel))
        dmi: \(Self.quoted(system.dmi))
      devices:

      """
    output.append(contentsOf: text.utf8)
  }

  /// A one-device writer with `device` already begun.
  public convenience init(
    path: String, device: EvdevDeviceDescription, comments: Bool = true
  ) throws {
    try self.init(path: path, deviceCount: 1, comments: comments)
    try beginDevice(device)
  }

  /// Writes `events` of one device to a new file at `path`, in one go.
  public static func write(
    path: String, devices: [(device: EvdevDeviceDescription, events: [EvdevEvent])],
    comments: Bool = true
  ) throws {
    let writer = try RecordingWriter(path: path, deviceCount: devices.count, comments: comments)
    for (device, events) in devices {
      try writer.beginDevice(device)
      try writer.write(contentsOf: events)
    }
    try writer.close()
  }

  deinit {
    if !closed { try? handle.close() }
  }

  /// Writes the header of the next device and opens its events list. The previous device's
  /// last frame must be complete.
  public func beginDevice(_ device: EvdevDeviceDescription) throws {
    guard !closed else { throw misuse("writer is closed") }
    guard devicesBegun < deviceCount else {
      throw misuse("more devices written than the \(deviceCount) announced")
    }
    guard !frameOpen else { throw misuse("previous device's last frame has no SYN_REPORT") }
    devicesBegun += 1
    lastFrameMicroseconds = nil
    output.append(contentsOf: deviceHeader(device).utf8)
    try flushIfNeeded()
  }

  /// Appends one event to the current device's events list; a SYN_REPORT closes the frame.
  public func write(_ event: EvdevEvent) throws {
    guard devicesBegun > 0, !closed else { throw misuse("no device begun before events") }
    if !frameOpen {
      output.append(contentsOf: "  - evdev:\n".utf8)
      frameOpen = true
    }
    output.append(contentsOf: "    - [".utf8)
    appendPadded(Int64(event.timeMicroseconds / 1_000_000), width: 3)
    output.append(contentsOf: ", ".utf8)
    appendPadded(Int64(event.timeMicroseconds % 1_000_000), width: 6)
    output.append(contentsOf: ", ".utf8)
    appendPadded(Int64(event.type), width: 3)
    output.append(contentsOf: ", ".utf8)
    appendPadded(Int64(event.code), width: 3)
    output.append(contentsOf: ", ".utf8)
    appendPadded(Int64(event.value), width: 7)
    output.append(UInt8(ascii: "]"))
    let isReport = event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_REPORT
    if comments {
      output.append(contentsOf: " # ".utf8)
      if isReport {
        output.append(contentsOf: "------------ SYN_REPORT (0) ---------- +".utf8)
        let previous = lastFrameMicroseconds ?? event.timeMicroseconds
        let delta = event.timeMicroseconds >= previous ? event.timeMicroseconds - previous : 0
        appendPadded(Int64(delta / 1000), width: 0)
        output.append(contentsOf: "ms".utf8)
      } else {
        output.append(contentsOf: commentPrefix(type: event.type, code: event.code))
        appendPadded(Int64(event.value), width: 6)
      }
    }
    output.append(0x0A)
    if isReport {
      frameOpen = false
      lastFrameMicroseconds = event.timeMicroseconds
    }
    try flushIfNeeded()
  }

  /// Appends all `events` in order.
  public func write(contentsOf events: some Sequence<EvdevEvent>) throws {
    for event in events { try write(event) }
  }

  /// Finishes the file. Throws when fewer devices were written than announced or the last
  /// frame has no SYN_REPORT (the file would not be a valid recording).
  public func close() throws {
    guard !closed else { return }
    guard !frameOpen else { throw misuse("last frame has no SYN_REPORT") }
    guard devicesBegun == deviceCount else {
      throw misuse("\(devicesBegun) of \(deviceCount) announced devices written")
    }
    try flush()
    closed = true
    do { try handle.close() } catch {
      throw RecordingError(file: path, message: "cannot close recording (\(error))")
    }
  }

  // MARK: - Output helpers

  private func misuse(_ message: String) -> RecordingError {
    RecordingError(file: path, message: "cannot write recording: \(message)")
  }

  private func flushIfNeeded() throws {
    if output.count >= 1 << 18 { try flush() }
  }

  private func flush() throws {
    guard !output.isEmpty else { return }
    do {
      try handle.write(contentsOf: output)
    } catch {
      throw RecordingError(file: path, message: "cannot write recording (\(error))")
    }
    output.removeAll(keepingCapacity: true)
  }

  /// Appends `value` in decimal, right-aligned in `width` characters.
  private func appendPadded(_ value: Int64, width: Int) {
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var magnitude = value.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      let length = count + (value < 0 ? 1 : 0)
      if width > length {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - length))
      }
      if value < 0 { output.append(UInt8(ascii: "-")) }
      for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
    }
  }

  /// `EV_ABS / ABS_MT_SLOT          ` (code name padded to 20) plus a space, cached per code.
  private func commentPrefix(type: UInt16, code: UInt16) -> [UInt8] {
    let key = UInt32(type) << 16 | UInt32(code)
    if let cached = commentCache[key] { return cached }
    let typeName = EvdevCodeNames.typeName(type) ?? "EV_\(type)"
    var codeName = EvdevCodeNames.codeName(type: type, code: code) ?? "code \(code)"
    if codeName.count < 20 { codeName += String(repeating: " ", count: 20 - codeName.count) }
    let prefix = Array("\(typeName) / \(codeName) ".utf8)
    commentCache[key] = prefix
    return prefix
  }

  private func deviceHeader(_ device: EvdevDeviceDescription) -> String {
    var text = "- node: \(Self.plainOrQuoted(device.node))\n  evdev:\n"
    if comments { text += descriptionComments(device) }
    let id = device.id
    text += "    name: \(Self.quoted(device.name))\n"
    text += "    id: [\(id.bustype), \(id.vendor), \(id.product), \(id.version)]\n"
    text += "    codes:\n"
    for type in device.codes.keys.sorted() {
      let codes = (device.codes[type] ?? []).sorted().map(String.init).joined(separator: ", ")
      text += "      \(type): [\(codes)]"
      if comments, let name = EvdevCodeNames.typeName(type) { text += " # \(name)" }
      text += "\n"
    }
    if !device.absinfo.isEmpty {
      text += "    absinfo:\n"
      for code in device.absinfo.keys.sorted() {
        guard let info = device.absinfo[code] else { continue }
        text +=
          "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), "
          + "\(info.resolution)]\n"
      }
    }
    text += "    properties: [\(device.properties.map(String.init).joined(separator: ", "))]\n"
    text += "  udev:\n    properties:\n"
    for property in device.udevProperties { text += "    - \(Self.plainOrQuoted(property))\n" }
    text += "  quirks:\n"
    for quirk in device.quirks { text += "  - \(Self.plainOrQuoted(quirk))\n" }
    text += "  events:\n"
    return text
  }

  /// The `# Name:` ... `# Properties:` block `libinput record` writes before `name:`.
  private func descriptionComments(_ device: EvdevDeviceDescription) -> String {
    func hex(_ value: UInt16) -> String { "0x" + String(value, radix: 16) }
    var lines = [
      "Name: \(device.name)",
      "ID: bus \(hex(device.id.bustype)) vendor \(hex(device.id.vendor)) product "
        + "\(hex(device.id.product)) version \(hex(device.id.version))",
    ]
    if let x = device.absinfo[EvdevCodes.ABS_X], let y = device.absinfo[EvdevCodes.ABS_Y],
      x.resolution > 0, y.resolution > 0
    {
      let width = (Int64(x.maximum) - Int64(x.minimum)) / Int64(x.resolution)
      let height = (Int64(y.maximum) - Int64(y.minimum)) / Int64(y.resolution)
      lines.append("Size in mm: \(width)x\(height)")
    }
    lines.append("Supported Events:")
    for type in device.codes.keys.sorted() {
      lines.append("Event type \(type) (\(EvdevCodeNames.typeName(type) ?? "?"))")
      guard type != EvdevCodes.EV_SYN else { continue }
      for code in (device.codes[type] ?? []).sorted() {
        let name = EvdevCodeNames.codeName(type: type, code: code) ?? "?"
        lines.append("  Event code \(code) (\(name))")
        guard type == EvdevCodes.EV_ABS, let info = device.absinfo[code] else { continue }
        for (label, value) in [
          ("Min", info.minimum), ("Max", info.maximum), ("Fuzz", info.fuzz),
          ("Flat", info.flat), ("Resolution", info.resolution),
        ] {
          let number = String(value)
          let padding = String(repeating: " ", count: max(1, 16 - label.count - number.count))
          lines.append("      \(label)\(padding)\(number)")
        }
      }
    }
    lines.append("Properties:")
    for property in device.properties.sorted() {
      lines.append("   Property \(property) (\(EvdevCodeNames.propertyName(property) ?? "?"))")
    }
    return lines.map { "    # \($0)\n" }.joined()
  }

  /// `text` as a YAML double-quoted scalar.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// `text` unquoted when it is a plain YAML scalar made of safe characters, else quoted.
  static func plainOrQuoted(_ text: String) -> String {
    let safe = text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: ":"):
        true
      default: false
      }
    }
    let first = text.utf8.first
    guard safe, let first, first != UInt8(ascii: "-"), first != UInt8(ascii: ":"),
      text.utf8.last != UInt8(ascii: ":")
    else { return quoted(text) }
    return text
  }
}
