// SPDX-License-Identifier: MIT
import CGestureBridge
import CWeston

/// The weston module's side of system gestures (`[gesture-bridge] system-gestures=PATH`):
/// loads the config into the bridge through the C ABI, logs every system gesture's state
/// change but `changed` in weston's log, and lets weston reap the bindings' commands
/// (`wet_watch_process`: weston's SIGCHLD handler reaps every child of weston, so the
/// bridge's own reaper thread must not wait for them).
enum SystemGestureHost {
  /// Sets the callbacks and loads `path`; a bad config is one `error:` line and weston
  /// keeps serving without system gestures.
  static func start(bridge: OpaquePointer, path: String) {
    var callbacks = gb_system_callbacks(
      gesture: systemGestureChanged, log: systemGestureLog,
      command_started: systemCommandStarted, max_commands: 0)
    gb_bridge_set_system_callbacks(bridge, &callbacks, nil)
    var message: UnsafeMutablePointer<CChar>?
    if !gb_bridge_load_system_gestures(bridge, path, &message) {
      let text = message.map { String(cString: $0) } ?? "unknown error"
      gb_string_free(message)
      WestonLog.write("error: system gestures not loaded: \(text); serving without them")
    }
  }

  static func directionName(_ direction: UInt32) -> String {
    switch direction {
    case GB_SYSTEM_GESTURE_DIRECTION_RIGHT.rawValue: "right"
    case GB_SYSTEM_GESTURE_DIRECTION_LEFT.rawValue: "left"
    case GB_SYSTEM_GESTURE_DIRECTION_UP.rawValue: "up"
    case GB_SYSTEM_GESTURE_DIRECTION_DOWN.rawValue: "down"
    default: "none"
    }
  }

  static func stateName(_ state: gb_system_gesture_state) -> String {
    switch state {
    case GB_SYSTEM_GESTURE_BEGAN: "began"
    case GB_SYSTEM_GESTURE_CHANGED: "changed"
    case GB_SYSTEM_GESTURE_ENDED: "ended"
    case GB_SYSTEM_GESTURE_CANCELLED: "cancelled"
    default: "recognized"
    }
  }
}

private func systemGestureChanged(
  _ userData: UnsafeMutableRawPointer?, _ gesture: UnsafePointer<gb_system_gesture>?
) {
  guard let gesture = gesture?.pointee, gesture.state != GB_SYSTEM_GESTURE_CHANGED else { return }
  let name = gesture.recognizer.map { String(cString: $0) } ?? "?"
  let type = gesture.type.map { String(cString: $0) } ?? "?"
  var line =
    "system gesture \(name) (\(type)) \(SystemGestureHost.stateName(gesture.state)) at "
    + "(\(Int(gesture.x.rounded())), \(Int(gesture.y.rounded()))), touches \(gesture.touches)"
  if type == "swipe" { line += ", direction \(SystemGestureHost.directionName(gesture.direction))" }
  WestonLog.write(line)
}

private func systemGestureLog(
  _ userData: UnsafeMutableRawPointer?, _ level: Int32, _ message: UnsafePointer<CChar>?
) {
  guard let message, level >= 1 else { return }
  let prefix = level >= 3 ? "error: " : level == 2 ? "warning: " : ""
  WestonLog.write(prefix + String(cString: message))
}

private func systemCommandStarted(_ userData: UnsafeMutableRawPointer?, _ pid: Int32) {
  guard let module = westonBridgeModule else { return }
  if !cweston_watch_process(module.compositor, pid, systemCommandExited, nil) {
    WestonLog.write("error: cannot watch command pid \(pid)")
  }
}

private func systemCommandExited(_ data: UnsafeMutableRawPointer?, _ pid: Int32, _ status: Int32) {
  guard let bridge = westonBridgeModule?.bridge else { return }
  gb_bridge_command_exited(bridge, pid, status)
}
