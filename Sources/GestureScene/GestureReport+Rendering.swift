/// The two renderings of a report: one JSON object per line (`--format json`) and one
/// readable line (`--format text`). Numbers have fixed decimals (as `FixedDecimal` writes
/// them): time 6, pixels 2, pixel velocities 1, scale, rotation and their velocities 4; a
/// non-finite value is `null`. Each line is written straight into one string.
extension GestureReport {
  /// One JSON object, keys in this order: time, recognizer, type, view, state, location,
  /// touches, then the type's fields (tap: taps; pan and screen-edge-pan: translation,
  /// velocity; pinch: scale, velocity; rotation: rotation, velocity; swipe: direction).
  ///
  /// Example: `{"time":0.412000,"recognizer":"tap","type":"tap","view":"desktop",`
  /// `"state":"recognized","location":[960.00,540.00],"touches":1,"taps":1}`
  public var jsonLine: String {
    let capacity = ReportLineWriter.capacity(names: recognizer, view)
    return ReportLineWriter.line(capacity: capacity) { line in
      line.append("{\"time\":")
      line.append(fixed: timeMicroseconds, decimals: 6)
      line.append(",\"recognizer\":")
      line.appendQuoted(recognizer)
      line.append(",\"type\":")
      line.appendQuoted(type.rawValue)
      line.append(",\"view\":")
      line.appendQuoted(view)
      line.append(",\"state\":")
      line.appendQuoted(state.rawValue)
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
  }

  /// One readable line, e.g.
  /// `0.412000 tap (tap) recognized in desktop at (960.00, 540.00), 1 touch, taps 1`.
  public var textLine: String {
    let capacity = ReportLineWriter.capacity(names: recognizer, view)
    return ReportLineWriter.line(capacity: capacity) { line in
      line.append(fixed: timeMicroseconds, decimals: 6)
      line.append(" ")
      line.append(string: recognizer)
      line.append(" (")
      line.append(string: type.rawValue)
      line.append(") ")
      line.append(string: state.rawValue)
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
}
