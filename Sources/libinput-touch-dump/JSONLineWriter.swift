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
    case .touch(let touch): append(touchLine(touch))
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

  private func touchLine(_ touch: TouchInputEvent) -> String {
    let kind: String
    switch touch.kind {
    case .down: kind = "down"
    case .motion: kind = "motion"
    case .up: kind = "up"
    case .cancel: kind = "cancel"
    case .frame: kind = "frame"
    }
    var line =
      "{\"event\":\"\(kind)\",\"time\":\(touch.timeMicroseconds),\"device\":\(touch.device)"
    if touch.kind != .frame {
      line += ",\"slot\":\(touch.slot),\"seatSlot\":\(touch.seatSlot)"
    }
    if touch.kind == .down || touch.kind == .motion {
      line +=
        ",\"x\":\(touch.x),\"y\":\(touch.y),\"xMm\":\(touch.xMillimetres),\"yMm\":\(touch.yMillimetres)"
    }
    return line + "}"
  }

}
