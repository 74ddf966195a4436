// SPDX-License-Identifier: MIT
import DriveLog
import Foundation

/// `drive --format text`: one line per event of the log, for people.
///
/// ```
/// 6979.148357 client 4711 wl_touch down id 0 at (412.00, 300.50) time 6979148 serial 12
/// 6979.151002 client 4711 wl_touch frame
/// 6980.301000 screenshot /tmp/shots/01-pinch.png (1024x640) after /abs/pinch.yml
/// ```
enum DriveTextFormat {
  /// A number as the text lines write it: whole numbers without decimals, others with 2; "?"
  /// when absent.
  static func number(_ value: Double?) -> String {
    guard let value else { return "?" }
    if value.rounded() == value, let whole = Int64(exactly: value) { return String(whole) }
    return String(format: "%.2f", value)
  }

  static func line(_ event: DriveLogEvent) -> String {
    let time = event.timeMicroseconds.map { String(format: "%.6f", Double($0) / 1e6) } ?? "-"
    func text(_ value: Int?) -> String { value.map(String.init) ?? "?" }
    func text(_ value: String?) -> String { value ?? "?" }
    let point = "(\(String(format: "%.2f", event.x ?? 0)), \(String(format: "%.2f", event.y ?? 0)))"
    let client = "client \(text(event.client))"
    let body: String
    switch event.type {
    case .wlTouch:
      let name = text(event.event)
      switch name {
      case "down":
        body =
          "\(client) wl_touch down id \(text(event.id)) at \(point) "
          + "time \(text(event.touchTime)) serial \(text(event.serial)) surface \(text(event.surface))"
      case "motion":
        body =
          "\(client) wl_touch motion id \(text(event.id)) at \(point) "
          + "time \(text(event.touchTime))"
      case "up":
        body =
          "\(client) wl_touch up id \(text(event.id)) time \(text(event.touchTime)) "
          + "serial \(text(event.serial))"
      default:
        body = "\(client) wl_touch \(name)"
      }
    case .gestureBridge:
      let arguments = event.arguments.map { argument in
        switch argument {
        case .integer(let value): String(value)
        case .number(let value): number(value)
        case .string(let value): value
        }
      }
      body =
        "\(client) \(text(event.interface))@\(text(event.object)).\(text(event.event))"
        + (arguments.isEmpty ? "" : " " + arguments.joined(separator: " "))
    case .window:
      body =
        "\(client) mapped a \(text(event.width))x\(text(event.height)) window at "
        + "(\(number(event.x)), \(number(event.y)))"
    case .recording, .touchScript:
      let kind = event.type == .recording ? "recording" : "touch-script"
      body =
        "\(kind) \(text(event.path)) \(text(event.event))"
        + (event.event == "playing" && event.type == .recording
          ? ": \(text(event.frames)) frames, \(number(event.seconds)) s onto \(text(event.width))x"
            + "\(text(event.height)) at (\(number(event.x)), \(number(event.y))) (fit \(text(event.fit)))"
          : "")
    case .screenshot:
      let after = event.after ?? ""
      body =
        "screenshot \(text(event.path)) (\(text(event.width))x\(text(event.height)))"
        + (after.isEmpty ? " before the first item" : " after \(after)")
    case .note, .error:
      body = "\(event.type == .error ? "error: " : "")\(text(event.message))"
    case .done:
      body = "done: \(text(event.items)) item(s), \(text(event.screenshots)) screenshot(s)"
    case .waiting:
      body = "waiting for \(text(event.waitingFor))"
    }
    return "\(time) \(body)"
  }
}
