// SPDX-License-Identifier: MIT
import CGestureBridge
import GestureBindings
import GestureCore
import GestureScene
import Logging
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The system gestures of one bridge (`gb_bridge_*_system_*` in gesture_bridge.h): the
/// config in use (`BindingConfig`, the format and validation of `gesture-bridge run`), the
/// host's `gb_system_callbacks`, and the bindings' commands run by the daemon's own
/// `BindingDispatcher` and `CommandRunner`.
final class SystemGestureController {
  private let server: GestureBridgeServer
  private var callbacks = gb_system_callbacks()
  private var userData: UnsafeMutableRawPointer?
  private var dispatcher: BindingDispatcher
  private var logger: Logger
  /// The config in use and its path.
  private(set) var config: BindingConfig?
  private(set) var path: String?
  /// CLOCK_MONOTONIC microseconds when the controller was made: `GESTURE_TIME_US` counts
  /// from it (continuous across reloads, as the daemon's).
  private let originMicroseconds: Int64

  static let defaultMaximumCommands = 16

  init(server: GestureBridgeServer) {
    self.server = server
    originMicroseconds = MonotonicTime.nowMicroseconds()
    logger = Self.makeLogger(gb_system_callbacks(), nil)
    dispatcher = BindingDispatcher(
      runner: CommandRunner(maximumRunning: Self.defaultMaximumCommands, logger: logger))
  }

  /// Takes the host's callbacks; the command runner follows (its limit, who reaps).
  func setCallbacks(_ callbacks: gb_system_callbacks, userData: UnsafeMutableRawPointer?) {
    self.callbacks = callbacks
    self.userData = userData
    logger = Self.makeLogger(callbacks, userData)
    let limit =
      callbacks.max_commands == 0 ? Self.defaultMaximumCommands : Int(callbacks.max_commands)
    let reaping: CommandRunner.Reaping
    if let started = callbacks.command_started {
      let data = HostData(userData)
      reaping = .host { pid in started(data.pointer, pid) }
    } else {
      reaping = .reaperThread
    }
    dispatcher = BindingDispatcher(
      runner: CommandRunner(
        maximumRunning: limit, logger: logger, reaping: reaping, limitName: "max_commands"))
  }

  /// Loads the config at `path` and puts it in use; throws its error and changes nothing
  /// when it is not valid.
  func load(path: String) throws(SceneError) {
    let loaded = try BindingConfig.load(path: path)
    install(loaded, path: path)
    logger.info("system gestures \(path): \(loaded.summary)")
  }

  /// Removes the config in use.
  func unload() {
    guard config != nil else { return }
    install(nil, path: nil)
  }

  private func install(_ next: BindingConfig?, path: String?) {
    // The old set's gestures are cancelled with the old bindings, then the new set applies.
    server.replaceSystemGestures(
      with: next?.scene, lisgd: next?.lisgd,
      report: { [weak self] report, recognizer in
        self?.changed(report, screenLocation: recognizer.location(in: nil))
      },
      lisgdReport: { [weak self] recognizer in self?.lisgdChanged(recognizer) })
    config = next
    self.path = path
  }

  func commandExited(pid: Int32, status: Int32) {
    dispatcher.runner.exited(pid: pid, status: status)
  }

  // MARK: Reports

  /// One state change: the host's callback with the typed values, then the bindings.
  private func changed(_ report: GestureReport, screenLocation: Point) {
    guard let config else { return }
    if let gesture = callbacks.gesture {
      var value = Self.gesture(report)
      value.x = screenLocation.x
      value.y = screenLocation.y
      report.recognizer.withCString { recognizer in
        report.type.rawValue.withCString { type in
          report.view.withCString { view in
            value.recognizer = recognizer
            value.type = type
            value.view = view
            gesture(userData, &value)
          }
        }
      }
    }
    var relative = report
    relative.timeMicroseconds = report.timeMicroseconds - originMicroseconds
    dispatcher.dispatch(relative, bindings: config)
  }

  /// One state change of the lisgd bindings' recognizer: the host's callback (recognizer,
  /// type and view "lisgd", the state, where the gesture is and how many fingers), then the
  /// binding's command, as lisgd runs it (the compositor's environment, no `GESTURE_*`).
  private func lisgdChanged(_ recognizer: LisgdGestureRecognizer) {
    guard config != nil else { return }
    if let gesture = callbacks.gesture {
      var value = gb_system_gesture()
      value.state = Self.state(Self.reported(recognizer.state))
      value.time_usec = UInt64(clamping: server.engine.nowMicroseconds)
      let location = recognizer.location(in: nil)
      value.x = location.x
      value.y = location.y
      value.view_x = location.x
      value.view_y = location.y
      value.touches = UInt32(clamping: recognizer.numberOfTouches)
      value.scale = 1
      "lisgd".withCString { name in
        value.recognizer = name
        value.type = name
        value.view = name
        gesture(userData, &value)
      }
    }
    if let binding = recognizer.firedBinding {
      dispatcher.run(binding.command, label: "lisgd binding")
    }
  }

  /// The state a continuous recognizer's action reports (as `GestureReport` does).
  private static func reported(_ state: GestureRecognizerState) -> GestureReport.State {
    switch state {
    case .began: .began
    case .changed: .changed
    case .ended: .ended
    case .cancelled, .possible, .failed: .cancelled
    }
  }

  /// The typed values of `report` (strings left NULL).
  static func gesture(_ report: GestureReport) -> gb_system_gesture {
    var value = gb_system_gesture()
    value.state = state(report.state)
    value.time_usec = UInt64(clamping: report.timeMicroseconds)
    value.view_x = report.location.x
    value.view_y = report.location.y
    value.touches = UInt32(clamping: report.touches)
    let values = report.values
    value.taps = UInt32(clamping: values.taps ?? 0)
    value.translation_x = values.translation?.x ?? 0
    value.translation_y = values.translation?.y ?? 0
    value.velocity_x = values.velocity?.x ?? 0
    value.velocity_y = values.velocity?.y ?? 0
    value.scale = values.scale ?? 1
    value.scale_velocity = values.scaleVelocity ?? 0
    value.rotation = values.rotation ?? 0
    value.rotation_velocity = values.rotationVelocity ?? 0
    value.direction = values.direction.flatMap(Self.direction)?.rawValue ?? 0
    return value
  }

  private static func state(_ state: GestureReport.State) -> gb_system_gesture_state {
    switch state {
    case .began: GB_SYSTEM_GESTURE_BEGAN
    case .changed: GB_SYSTEM_GESTURE_CHANGED
    case .ended: GB_SYSTEM_GESTURE_ENDED
    case .cancelled: GB_SYSTEM_GESTURE_CANCELLED
    case .recognized: GB_SYSTEM_GESTURE_RECOGNIZED
    }
  }

  /// A single swipe direction in the C ABI; nil for none or several.
  private static func direction(_ direction: SwipeDirection) -> gb_system_gesture_direction? {
    switch direction {
    case .right: GB_SYSTEM_GESTURE_DIRECTION_RIGHT
    case .left: GB_SYSTEM_GESTURE_DIRECTION_LEFT
    case .up: GB_SYSTEM_GESTURE_DIRECTION_UP
    case .down: GB_SYSTEM_GESTURE_DIRECTION_DOWN
    default: nil
    }
  }

  // MARK: Logging

  private static func makeLogger(
    _ callbacks: gb_system_callbacks, _ userData: UnsafeMutableRawPointer?
  )
    -> Logger
  {
    let sink = HostLogSink(log: callbacks.log, data: HostData(userData))
    return Logger(label: "gesture-bridge.system") { _ in HostLogHandler(sink: sink) }
  }
}
