/// The two renderings of a report: one JSON object per line (`--format json`) and one
/// readable line (`--format text`). Numbers have fixed decimals: time 6, pixels 2, pixel
/// velocities 1, scale, rotation and their velocities 4; a non-finite value is `null`.
extension GestureReport {
  /// One JSON object, keys in this order: time, recognizer, type, view, state, location,
  /// touches, then the type's fields (tap: taps; pan and screen-edge-pan: translation,
  /// velocity; pinch: scale, velocity; rotation: rotation, velocity; swipe: direction).
  ///
  /// Example: `{"time":0.412000,"recognizer":"tap","type":"tap","view":"desktop",`
  /// `"state":"recognized","location":[960.00,540.00],"touches":1,"taps":1}`
  public var jsonLine: String {
    var line = "{\"time\":" + FixedDecimal.seconds(microseconds: timeMicroseconds)
    line += ",\"recognizer\":" + Self.jsonString(recognizer)
    line += ",\"type\":" + Self.jsonString(type.rawValue)
    line += ",\"view\":" + Self.jsonString(view)
    line += ",\"state\":" + Self.jsonString(state.rawValue)
    line += ",\"location\":[" + Self.number(location.x, 2) + "," + Self.number(location.y, 2) + "]"
    line += ",\"touches\":" + String(touches)
    switch details {
    case .tap(let taps):
      line += ",\"taps\":" + String(taps)
    case .longPress:
      break
    case .pan(let translation, let velocity):
      line +=
        ",\"translation\":[" + Self.number(translation.x, 2) + ","
        + Self.number(translation.y, 2) + "]"
      line +=
        ",\"velocity\":[" + Self.number(velocity.x, 1) + "," + Self.number(velocity.y, 1)
        + "]"
    case .pinch(let scale, let velocity):
      line += ",\"scale\":" + Self.number(scale, 4) + ",\"velocity\":" + Self.number(velocity, 4)
    case .rotation(let rotation, let velocity):
      line +=
        ",\"rotation\":" + Self.number(rotation, 4) + ",\"velocity\":"
        + Self.number(velocity, 4)
    case .swipe(let direction):
      line += ",\"direction\":" + (direction.map { Self.jsonString($0.rawValue) } ?? "null")
    }
    return line + "}"
  }

  /// One readable line, e.g.
  /// `0.412000 tap (tap) recognized in desktop at (960.00, 540.00), 1 touch, taps 1`.
  public var textLine: String {
    var line = FixedDecimal.seconds(microseconds: timeMicroseconds)
    line += " \(recognizer) (\(type.rawValue)) \(state.rawValue) in \(view) at "
    line += "(" + Self.number(location.x, 2) + ", " + Self.number(location.y, 2) + ")"
    line += ", \(touches) " + (touches == 1 ? "touch" : "touches")
    switch details {
    case .tap(let taps):
      line += ", taps \(taps)"
    case .longPress:
      break
    case .pan(let translation, let velocity):
      line +=
        ", translation (" + Self.number(translation.x, 2) + ", "
        + Self.number(translation.y, 2) + ")"
      line +=
        ", velocity (" + Self.number(velocity.x, 1) + ", " + Self.number(velocity.y, 1)
        + ") px/s"
    case .pinch(let scale, let velocity):
      line += ", scale " + Self.number(scale, 4) + ", velocity " + Self.number(velocity, 4) + "/s"
    case .rotation(let rotation, let velocity):
      line +=
        ", rotation " + Self.number(rotation, 4) + " rad, velocity "
        + Self.number(velocity, 4) + " rad/s"
    case .swipe(let direction):
      line += ", direction " + (direction?.rawValue ?? "none")
    }
    return line
  }

  private static func number(_ value: Double, _ decimals: Int) -> String {
    FixedDecimal.format(value, decimals: decimals) ?? "null"
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped.
  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
