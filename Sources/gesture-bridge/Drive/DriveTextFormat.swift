// SPDX-License-Identifier: MIT
import Foundation

/// `drive --format text`: one line per event of the log, for people.
///
/// ```
/// 6979.148357 client 4711 wl_touch down id 0 at (412.00, 300.50) time 6979148 serial 12
/// 6979.151002 client 4711 wl_touch frame
/// 6980.301000 screenshot /tmp/shots/01-pinch.png (1024x640) after /abs/pinch.yml
/// ```
enum DriveTextFormat {
  static func line(_ event: [String: Any]) -> String {
    let time = (event["t"] as? Double).map { String(format: "%.6f", $0) } ?? "-"
    let type = event["type"] as? String ?? "?"
    func text(_ key: String) -> String {
      switch event[key] {
      case let number as Double where number.rounded() != number: String(format: "%.2f", number)
      case let number as NSNumber: number.stringValue
      case let string as String: string
      default: "?"
      }
    }
    func point(_ x: String, _ y: String) -> String {
      let format = { (value: Any?) in String(format: "%.2f", (value as? Double) ?? 0) }
      return "(\(format(event[x])), \(format(event[y])))"
    }
    let body: String
    switch type {
    case "wl_touch":
      let name = text("event")
      switch name {
      case "down":
        body =
          "client \(text("client")) wl_touch down id \(text("id")) at \(point("x", "y")) "
          + "time \(text("time")) serial \(text("serial")) surface \(text("surface"))"
      case "motion":
        body =
          "client \(text("client")) wl_touch motion id \(text("id")) at \(point("x", "y")) "
          + "time \(text("time"))"
      case "up":
        body =
          "client \(text("client")) wl_touch up id \(text("id")) time \(text("time")) "
          + "serial \(text("serial"))"
      default:
        body = "client \(text("client")) wl_touch \(name)"
      }
    case "gesture_bridge":
      let arguments = event.keys.filter { $0.hasPrefix("a") && Int($0.dropFirst()) != nil }
        .sorted { Int($0.dropFirst())! < Int($1.dropFirst())! }.map(text)
      body =
        "client \(text("client")) \(text("interface"))@\(text("object")).\(text("event"))"
        + (arguments.isEmpty ? "" : " " + arguments.joined(separator: " "))
    case "window":
      body =
        "client \(text("client")) mapped a \(text("width"))x\(text("height")) window at "
        + "(\(text("x")), \(text("y")))"
    case "recording", "touch-script":
      body =
        "\(type) \(text("path")) \(text("event"))"
        + (text("event") == "playing" && type == "recording"
          ? ": \(text("frames")) frames, \(text("seconds")) s onto \(text("width"))x"
            + "\(text("height")) at (\(text("x")), \(text("y"))) (fit \(text("fit")))" : "")
    case "screenshot":
      let after = text("after")
      body =
        "screenshot \(text("path")) (\(text("width"))x\(text("height")))"
        + (after.isEmpty ? " before the first item" : " after \(after)")
    case "note", "error", "drive":
      body = "\(type == "error" ? "error: " : "")\(text("message"))"
    case "done":
      body = "done: \(text("items")) item(s), \(text("screenshots")) screenshot(s)"
    case "waiting":
      body = "waiting for \(text("for"))"
    default:
      body = type
    }
    return "\(time) \(body)"
  }
}
