// SPDX-License-Identifier: MIT
import DriveLog
import JSONLines

/// What a drive run delivered, counted from the event log: per client (process id), how many
/// of each wl_touch event and how many gesture_bridge events it received; the screenshots;
/// the recordings whose first touch hit no window; the errors.
struct DriveSummary {
  struct Client {
    var touchEvents: [String: Int] = [:]
    var gestureBridgeEvents = 0
  }

  static let touchEventNames = ["down", "motion", "up", "cancel", "frame"]

  var clients: [Int: Client] = [:]
  var clientOrder: [Int] = []
  var screenshots: [String] = []
  var itemsPlayed = 0
  var firstTouchMisses = 0
  var errors: [String] = []

  mutating func add(_ event: DriveLogEvent) {
    switch event.type {
    case .wlTouch, .gestureBridge:
      let pid = event.client ?? 0
      if clients[pid] == nil { clientOrder.append(pid) }
      var client = clients[pid] ?? Client()
      if event.type == .wlTouch {
        client.touchEvents[event.event ?? "?", default: 0] += 1
      } else {
        client.gestureBridgeEvents += 1
      }
      clients[pid] = client
    case .screenshot:
      if let path = event.path { screenshots.append(path) }
    case .recording, .touchScript:
      if event.event == "finished" { itemsPlayed += 1 }
    case .note:
      if event.message?.contains("hits no window") == true { firstTouchMisses += 1 }
    case .error:
      if let message = event.message { errors.append(message) }
    case .waiting, .window, .done:
      break
    }
  }

  /// One line per client: `client PID: 2 down, 144 motion, 2 up, 0 cancel, 74 frame, 0
  /// gesture-bridge events`.
  var clientLines: [String] {
    clientOrder.map { pid in
      let client = clients[pid] ?? Client()
      let counts = Self.touchEventNames.map { "\(client.touchEvents[$0] ?? 0) \($0)" }
      return "client \(pid): " + counts.joined(separator: ", ")
        + ", \(client.gestureBridgeEvents) gesture-bridge events"
    }
  }

  /// The summary as one JSON object (`"type":"summary"`).
  func json(status: Int32, appStatus: String, reason: String?) -> String {
    let clientObjects = clientOrder.map { pid -> String in
      let client = clients[pid] ?? Client()
      let counts = Self.touchEventNames.map { "\"\($0)\":\(client.touchEvents[$0] ?? 0)" }
      return "{\"client\":\(pid),\(counts.joined(separator: ",")),"
        + "\"gesture_bridge\":\(client.gestureBridgeEvents)}"
    }
    return "{\"type\":\"summary\",\"status\":\(status),\"app\":\(JSONText.quoted(appStatus)),"
      + "\"items_played\":\(itemsPlayed),\"first_touch_missed\":\(firstTouchMisses),"
      + "\"screenshots\":[\(screenshots.map(JSONText.quoted).joined(separator: ","))],"
      + "\"clients\":[\(clientObjects.joined(separator: ","))],"
      + "\"errors\":[\(errors.map(JSONText.quoted).joined(separator: ","))]"
      + (reason.map { ",\"reason\":\(JSONText.quoted($0))" } ?? "") + "}"
  }
}
