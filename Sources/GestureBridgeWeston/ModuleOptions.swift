// SPDX-License-Identifier: MIT
import CWeston
import WestonModuleSupport

/// The main module's options: the `[gesture-bridge]` section of weston.ini.
///
/// ```ini
/// [gesture-bridge]
/// device=/dev/input/event5,/dev/input/event6  # touchscreens read with libinput (path backend)
/// device-output=headless               # output the devices are mapped onto (default: first)
/// extra-outputs=1                      # outputs added through the windowed-output API
/// system-gestures=/etc/gesture-bridge/system.json  # system gestures (docs/system-gestures.md)
/// ```
///
/// `recording=`, `recording-output=`, `recording-start-recognizers=`, `touch-script=`,
/// `gesture-bridge drive`'s `playlist=`, `fit=`, `screenshot-dir=`, `event-log=`,
/// `close-windows=` and the environment variable `GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT` are the test seat module's
/// (`libgesture-bridge-weston-test-seat.so`); `testSeatKeys` lists those set, so the module
/// can say when they are set without the test seat loaded. Values that cannot be read are
/// reported in `problems` and replaced by their defaults.
struct ModuleOptions: Equatable {
  static let testSeatKeys = [
    "recording", "recording-output", "recording-start-recognizers", "touch-script", "playlist",
    "fit", "screenshot-dir", "event-log", "close-windows",
  ]
  static let touchScriptVariable = "GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"

  /// Device nodes of `device=` (comma-separated; empty items are skipped).
  var devicePaths: [String] = []
  var deviceOutput: String?
  var extraOutputs = 0
  /// The system-gesture config (`system-gestures=`), if any.
  var systemGestures: String?
  /// The test seat's keys set (`key=`, or the environment variable's name).
  var testSeatKeys: [String] = []
  var problems: [String] = []

  init() {}

  init(_ section: ModuleSection) {
    var section = section
    devicePaths = section.list("device")
    deviceOutput = section.string("device-output")
    extraOutputs = section.integer("extra-outputs", default: 0, range: 0...8)
    systemGestures = section.string("system-gestures")
    testSeatKeys = Self.testSeatKeys.filter { section.string($0) != nil }.map { "\($0)=" }
    if section.environment(Self.touchScriptVariable) != nil {
      testSeatKeys.append(Self.touchScriptVariable)
    }
    problems = section.problems
  }

  /// Reads weston.ini through `wet_get_config` and the process environment.
  static func read(from compositor: UnsafeMutablePointer<weston_compositor>) -> ModuleOptions {
    ModuleOptions(ModuleSection(compositor: compositor))
  }
}
