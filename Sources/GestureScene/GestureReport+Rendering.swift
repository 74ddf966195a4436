// SPDX-License-Identifier: MIT
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
    line.appendField("location", json: true)
    line.appendPoint(location, decimals: 2, json: true)
    line.append(",\"touches\":")
    line.append(touches)
    writeDetails(into: &line, json: true)
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
    line.append(" at ")
    line.appendPoint(location, decimals: 2, json: false)
    line.append(", ")
    line.append(touches)
    line.append(touches == 1 ? " touch" : " touches")
    writeDetails(into: &line, json: false)
  }

  /// The type's fields, in JSON (`,"scale":1.5000`) or as text (`, scale 1.5000/s`).
  private func writeDetails(into line: inout ReportLineWriter, json: Bool) {
    switch details {
    case .tap(let taps):
      line.appendField("taps", json: json)
      line.append(taps)
    case .longPress:
      break
    case .pan(let translation, let velocity):
      line.appendField("translation", json: json)
      line.appendPoint(translation, decimals: 2, json: json)
      line.appendField("velocity", json: json)
      line.appendPoint(velocity, decimals: 1, json: json)
      if !json { line.append(" px/s") }
    case .pinch(let scale, let velocity):
      line.appendField("scale", json: json)
      line.append(scale, decimals: 4)
      line.appendField("velocity", json: json)
      line.append(velocity, decimals: 4)
      if !json { line.append("/s") }
    case .rotation(let rotation, let velocity):
      line.appendField("rotation", json: json)
      line.append(rotation, decimals: 4)
      if !json { line.append(" rad") }
      line.appendField("velocity", json: json)
      line.append(velocity, decimals: 4)
      if !json { line.append(" rad/s") }
    case .swipe(let direction):
      line.appendField("direction", json: json)
      switch (direction, json) {
      case (let direction?, true): line.appendQuoted(direction.rawValue)
      case (nil, true): line.append("null")
      case (let direction?, false): line.append(string: direction.rawValue)
      case (nil, false): line.append("none")
      }
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
