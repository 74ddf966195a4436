// SPDX-License-Identifier: MIT
import CWeston
import WestonModuleSupport

/// The test seat module's options: its keys of weston.ini's `[gesture-bridge]` section, with
/// the environment variable `GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT` taking precedence over
/// `touch-script`.
///
/// ```ini
/// [gesture-bridge]
/// touch-script=/tmp/gb-script          # polled touch-script file (see SeatTouchScript)
/// recording=/abs/path/pinch.yml        # a libinput record file replayed once
/// recording-output=headless            # output the recording is mapped onto (default: first)
/// recording-start-recognizers=1        # playback starts once this many recognizers are committed
/// ```
///
/// Values that cannot be read are reported in `problems` and replaced by their defaults.
struct TestSeatOptions: Equatable {
  static let touchScriptVariable = "GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"

  var touchScriptPath: String?
  var recordingPath: String?
  var recordingOutput: String?
  var recordingStartRecognizers = 1
  var problems: [String] = []

  init(_ section: ModuleSection) {
    var section = section
    touchScriptPath =
      section.environment(Self.touchScriptVariable) ?? section.string("touch-script")
    recordingPath = section.string("recording")
    recordingOutput = section.string("recording-output")
    recordingStartRecognizers = section.integer(
      "recording-start-recognizers", default: 1, range: 1...10_000)
    problems = section.problems
  }
}
