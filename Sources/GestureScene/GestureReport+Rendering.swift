import GestureCore

/// The two renderings of a report: one JSON object per line (`--format json`) and one
/// readable line (`--format text`). Numbers have fixed decimals (as `FixedDecimal` writes
/// them): time 6, pixels 2, pixel velocities 1, scale, rotation and their velocities 4; a
/// non-finite value is `null`. Each line is written straight into one string, or appended as
/// bytes to an output buffer.
extension GestureReport {
  /// One JSON object, keys in this order: time, recognizer, type, view, state, location,
  /// touches, then the type's fields (tap: taps; pan and screen-edge-pan: translation,
  /// velocity; pinch: scale, velocity; rotation: rotation, velocity; swipe: direction).
  ///
  /// Example: `{"time":0.412000,"recognizer":"tap","type":"tap","view":"desktop",`
  /// `"state":"recognized","location":[960.00,540.00],"touches":1,"taps":1}`
  public var jsonLine: String {
    ReportLineWriter.line(capacity: lineCapacity) { writeJSON(into: &$0) }
  }

  /// One readable line, e.g.
  /// `0.412000 tap (tap) recognized in desktop at (960.00, 540.00), 1 touch, taps 1`.
  public var textLine: String {
    ReportLineWriter.line(capacity: lineCapacity) { writeText(into: &$0) }
  }

  /// Appends `jsonLine` and a newline to `output` (no `String` is made).
  public func appendJSONLine(to output: inout [UInt8]) {
    ReportLineWriter.appendLine(to: &output, capacity: lineCapacity) { writeJSON(into: &$0) }
  }

  /// Appends `textLine` and a newline to `output` (no `String` is made).
  public func appendTextLine(to output: inout [UInt8]) {
    ReportLineWriter.appendLine(to: &output, capacity: lineCapacity) { writeText(into: &$0) }
  }

  private var lineCapacity: Int { ReportLineWriter.capacity(names: recognizer, view) }

  private func writeJSON(into line: inout ReportLineWriter) {
    line.append("{\"time\":")
    line.append(fixed: timeMicroseconds, decimals: 6)
    line.append(",\"recognizer\":")
    line.appendQuoted(recognizer)
    line.append(",\"type\":")
    line.appendQuoted(static: type.staticName)
    line.append(",\"view\":")
    line.appendQuoted(view)
    line.append(",\"state\":")
    line.appendQuoted(static: state.staticName)
    line.append(",\"location\":[")
    line.append(location.x, decimals: 2)
    line.append(",")
    line.append(location.y, decimals: 2)
    line.append("],\"touches\":")
    line.append(touches)
    switch details {
    case .tap(let taps):
      line.append(",\"taps\":")
      line.append(taps)
    case .longPress:
      break
    case .pan(let translation, let velocity):
      line.append(",\"translation\":[")
      line.append(translation.x, decimals: 2)
      line.append(",")
      line.append(translation.y, decimals: 2)
      line.append("],\"velocity\":[")
      line.append(velocity.x, decimals: 1)
      line.append(",")
      line.append(velocity.y, decimals: 1)
      line.append("]")
    case .pinch(let scale, let velocity):
      line.append(",\"scale\":")
      line.append(scale, decimals: 4)
      line.append(",\"velocity\":")
      line.append(velocity, decimals: 4)
    case .rotation(let rotation, let velocity):
      line.append(",\"rotation\":")
      line.append(rotation, decimals: 4)
      line.append(",\"velocity\":")
      line.append(velocity, decimals: 4)
    case .swipe(let direction):
      line.append(",\"direction\":")
      if let direction { line.appendQuoted(direction.rawValue) } else { line.append("null") }
    }
    line.append("}")
  }

  private func writeText(into line: inout ReportLineWriter) {
    line.append(fixed: timeMicroseconds, decimals: 6)
    line.append(" ")
    line.append(string: recognizer)
    line.append(" (")
    line.append(type.staticName)
    line.append(") ")
    line.append(state.staticName)
    line.append(" in ")
    line.append(string: view)
    line.append(" at (")
    line.append(location.x, decimals: 2)
    line.append(", ")
    line.append(location.y, decimals: 2)
    line.append("), ")
    line.append(touches)
    line.append(touches == 1 ? " touch" : " touches")
    switch details {
    case .tap(let taps):
      line.append(", taps ")
      line.append(taps)
    case .longPress:
      break
    case .pan(let translation, let velocity):
      line.append(", translation (")
      line.append(translation.x, decimals: 2)
      line.append(", ")
      line.append(translation.y, decimals: 2)
      line.append("), velocity (")
      line.append(velocity.x, decimals: 1)
      line.append(", ")
      line.append(velocity.y, decimals: 1)
      line.append(") px/s")
    case .pinch(let scale, let velocity):
      line.append(", scale ")
      line.append(scale, decimals: 4)
      line.append(", velocity ")
      line.append(velocity, decimals: 4)
      line.append("/s")
    case .rotation(let rotation, let velocity):
      line.append(", rotation ")
      line.append(rotation, decimals: 4)
      line.append(" rad, velocity ")
      line.append(velocity, decimals: 4)
      line.append(" rad/s")
    case .swipe(let direction):
      line.append(", direction ")
      line.append(string: direction?.rawValue ?? "none")
    }
  }
}

extension RecognizerKind {
  /// `rawValue` as static text (no `String` to copy while rendering).
  var staticName: StaticString {
    switch self {
    case .tap: "tap"
    case .longPress: "long-press"
    case .pan: "pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .swipe: "swipe"
    case .screenEdgePan: "screen-edge-pan"
    }
  }
}

extension GestureReport.State {
  /// `rawValue` as static text.
  var staticName: StaticString {
    switch self {
    case .recognized: "recognized"
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }
}
