// SPDX-License-Identifier: MIT
import GestureCore

/// The two renderings of a report: one JSON object per line (`--format json`) and one
/// readable line (`--format text`). Numbers have fixed decimals (as `FixedDecimal` writes
/// them): time 6, pixels 2, pixel velocities 1, scale, rotation and their velocities 4; a
/// non-finite value is `null`. Each line is written straight into one string, or appended as
/// bytes to an output buffer.
extension GestureReport {
  /// One JSON object, keys in this order: time, recognizer, type, view, state, location,
  /// touches, then the kind's values (tap: taps; pan and screen-edge-pan: translation,
  /// velocity; pinch: scale, velocity; rotation: rotation, velocity; swipe: direction;
  /// transform: translation, velocity, scale, scaleVelocity, rotation, rotationVelocity).
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
    line.appendQuoted(type.rawValue)
    line.append(",\"view\":")
    line.appendQuoted(view)
    line.append(",\"state\":")
    line.appendQuoted(static: state.staticName)
    line.appendField("location", json: true)
    line.appendPoint(location, decimals: 2, json: true)
    line.append(",\"touches\":")
    line.append(touches)
    writeValues(into: &line, json: true)
    line.append("}")
  }

  private func writeText(into line: inout ReportLineWriter) {
    line.append(fixed: timeMicroseconds, decimals: 6)
    line.append(" ")
    line.append(string: recognizer)
    line.append(" (")
    line.append(string: type.rawValue)
    line.append(") ")
    line.append(state.staticName)
    line.append(" in ")
    line.append(string: view)
    line.append(" at ")
    line.appendPoint(location, decimals: 2, json: false)
    line.append(", ")
    line.append(touches)
    line.append(touches == 1 ? " touch" : " touches")
    writeValues(into: &line, json: false)
  }

  /// The kind's values, in JSON (`,"scale":1.5000`) or as text (`, scale 1.5000/s`), in the
  /// order taps, translation, velocity, scale, its velocity, rotation, its velocity,
  /// direction. A velocity is called `velocity` when it is the values' only one (a pan's, a
  /// pinch's, a rotation's) and `scaleVelocity` / `rotationVelocity` beside others (a
  /// transform's).
  private func writeValues(into line: inout ReportLineWriter, json: Bool) {
    let plainVelocity = values.velocityCount == 1
    if let taps = values.taps {
      line.appendField("taps", json: json)
      line.append(taps)
    }
    if let translation = values.translation {
      line.appendField("translation", json: json)
      line.appendPoint(translation, decimals: 2, json: json)
    }
    if let velocity = values.velocity {
      line.appendField("velocity", json: json)
      line.appendPoint(velocity, decimals: 1, json: json)
      if !json { line.append(" px/s") }
    }
    if let scale = values.scale {
      line.appendField("scale", json: json)
      line.append(scale, decimals: 4)
    }
    if let velocity = values.scaleVelocity {
      line.appendField(plainVelocity ? "velocity" : "scaleVelocity", json: json)
      line.append(velocity, decimals: 4)
      if !json { line.append("/s") }
    }
    if let rotation = values.rotation {
      line.appendField("rotation", json: json)
      line.append(rotation, decimals: 4)
      if !json { line.append(" rad") }
    }
    if let velocity = values.rotationVelocity {
      line.appendField(plainVelocity ? "velocity" : "rotationVelocity", json: json)
      line.append(velocity, decimals: 4)
      if !json { line.append(" rad/s") }
    }
    if let direction = values.direction?.name {
      line.appendField("direction", json: json)
      if json {
        line.appendQuoted(direction)
      } else {
        line.append(string: direction)
      }
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
