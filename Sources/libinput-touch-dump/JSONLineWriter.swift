// SPDX-License-Identifier: MIT
import JSONLines
import LibinputInput
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes `LibinputSourceEvent`s to stdout as JSON Lines, buffered.
///
/// Lines: `{"event":"device-added","device":0,"name":"…","node":"/dev/input/event5",
/// "seat":"seat0","widthMm":240,"heightMm":135}`, `{"event":"down","time":500000,"device":0,
/// "slot":0,"seatSlot":0,"x":760.0,"y":540.0,"xMm":95.0,"yMm":67.5}` (`motion` likewise;
/// `up`/`cancel` without positions), `{"event":"frame","time":500000,"device":0}`,
/// `{"event":"device-removed",...}`.
struct JSONLineWriter {
  private var buffer: [UInt8] = []

  mutating func write(_ event: LibinputSourceEvent) {
    switch event {
    case .deviceAdded(let info): append(deviceLine("device-added", info))
    case .deviceRemoved(let info): append(deviceLine("device-removed", info))
    case .touch(let touch): appendTouchLine(touch)
    }
  }

  mutating func write(line: String) { append(line) }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    FileOutput.write(buffer, to: STDOUT_FILENO)
    buffer.removeAll(keepingCapacity: true)
  }

  private mutating func append(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0a)
    if buffer.count > 1 << 16 { flush() }
  }

  private func deviceLine(_ kind: String, _ info: LibinputDeviceInfo) -> String {
    var line =
      "{\"event\":\"\(kind)\",\"device\":\(info.id),\"name\":\(JSONText.quoted(info.name)),"
      + "\"node\":\(JSONText.quoted(info.node)),\"seat\":\(JSONText.quoted(info.seat))"
    if let width = info.widthMillimetres, let height = info.heightMillimetres {
      line += ",\"widthMm\":\(width),\"heightMm\":\(height)"
    }
    return line + "}"
  }

  /// Appends a touch line byte by byte, without building Strings: the same text as
  /// interpolating the values (integers in decimal, `Double`s as their `description`).
  private mutating func appendTouchLine(_ touch: TouchInputEvent) {
    switch touch.kind {
    case .down: appendLiteral("{\"event\":\"down\",\"time\":")
    case .motion: appendLiteral("{\"event\":\"motion\",\"time\":")
    case .up: appendLiteral("{\"event\":\"up\",\"time\":")
    case .cancel: appendLiteral("{\"event\":\"cancel\",\"time\":")
    case .frame: appendLiteral("{\"event\":\"frame\",\"time\":")
    }
    appendDecimal(touch.timeMicroseconds)
    appendLiteral(",\"device\":")
    appendDecimal(touch.device)
    if touch.kind != .frame {
      appendLiteral(",\"slot\":")
      appendDecimal(touch.slot)
      appendLiteral(",\"seatSlot\":")
      appendDecimal(touch.seatSlot)
    }
    if touch.kind == .down || touch.kind == .motion {
      appendLiteral(",\"x\":")
      buffer.append(contentsOf: touch.x.description.utf8)
      appendLiteral(",\"y\":")
      buffer.append(contentsOf: touch.y.description.utf8)
      appendLiteral(",\"xMm\":")
      buffer.append(contentsOf: touch.xMillimetres.description.utf8)
      appendLiteral(",\"yMm\":")
      buffer.append(contentsOf: touch.yMillimetres.description.utf8)
    }
    buffer.append(0x7d)  // }
    buffer.append(0x0a)
    if buffer.count > 1 << 16 { flush() }
  }

  private mutating func appendLiteral(_ text: StaticString) {
    text.withUTF8Buffer { buffer.append(contentsOf: $0) }
  }

  /// Appends `value` in decimal, as `"\(value)"` would.
  private mutating func appendDecimal<Value: BinaryInteger>(_ value: Value) {
    var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
    if value < 0 { buffer.append(0x2d) }  // -
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { scratch in
      repeat {
        scratch[23 - count] = 0x30 + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude != 0
      buffer.append(contentsOf: scratch[(24 - count)...])
    }
  }
}
