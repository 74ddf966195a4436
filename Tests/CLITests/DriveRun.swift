// SPDX-License-Identifier: MIT
import Foundation
import GestureCoreTesting

/// One `gesture-bridge drive` run for the tests: its own directory for the log and the
/// screenshots, the result, and the log's lines parsed.
struct DriveRun {
  let directory: String
  let result: GestureBridgeProcess.Result
  /// The JSON Lines log, parsed (empty when drive wrote none).
  let events: [[String: Any]]

  var screenshotDirectory: String { directory + "/shots" }

  /// Runs `gesture-bridge drive --screenshot-dir DIR/shots --log DIR/log.jsonl ARGUMENTS`.
  init(_ arguments: [String]) throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("gesture-bridge-drive-tests-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let logPath = directory + "/log.jsonl"
    result = GestureBridgeProcess.run(
      ["drive", "--screenshot-dir", directory + "/shots", "--log", logPath] + arguments)
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    events = text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// What a failed expectation shows: the status, stderr and the log's non-touch lines.
  var report: String {
    let other = events.filter { $0["type"] as? String != "wl_touch" }.map { "\($0)" }
    return "status \(result.status)\nstderr:\n\(result.stderr)\nlog (without wl_touch):\n"
      + other.joined(separator: "\n")
  }

  /// The first window mapped (x, y, width, height, client).
  var window: (x: Double, y: Double, width: Int, height: Int, client: Int)? {
    guard let event = events.first(where: { $0["type"] as? String == "window" }) else { return nil }
    return (
      (event["x"] as? Double) ?? 0, (event["y"] as? Double) ?? 0, (event["width"] as? Int) ?? 0,
      (event["height"] as? Int) ?? 0, (event["client"] as? Int) ?? 0
    )
  }

  /// The wl_touch events `client` received.
  func touchEvents(of client: Int) -> [[String: Any]] {
    events.filter { $0["type"] as? String == "wl_touch" && $0["client"] as? Int == client }
  }

  /// The wl_touch events of `client` as `TouchStreamChecker` events (times in microseconds
  /// from wl_touch's milliseconds).
  func touchStream(of client: Int) -> [TouchStreamEvent] {
    touchEvents(of: client).compactMap { event in
      let id = Int64((event["id"] as? Int) ?? 0)
      let time = (event["time"] as? Int).map { Int64($0) * 1000 }
      switch event["event"] as? String {
      case "down": return TouchStreamEvent(.down, id: id, timeMicroseconds: time)
      case "motion": return TouchStreamEvent(.motion, id: id, timeMicroseconds: time)
      case "up": return TouchStreamEvent(.up, id: id, timeMicroseconds: time)
      case "cancel": return TouchStreamEvent(.cancelAll)
      case "frame": return TouchStreamEvent(.frame)
      default: return nil
      }
    }
  }

  /// How many wl_touch events named `name` `client` received.
  func count(_ name: String, of client: Int) -> Int {
    touchEvents(of: client).filter { $0["event"] as? String == name }.count
  }

  /// The screenshot paths the log names, in order.
  var screenshots: [String] {
    events.filter { $0["type"] as? String == "screenshot" }.compactMap { $0["path"] as? String }
  }

  func removeDirectory() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
