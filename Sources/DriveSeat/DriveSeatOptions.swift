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
/// playlist=/abs/path/playlist          # `gesture-bridge drive`: recordings and touch scripts, in turn
/// fit=window                           # playlist: onto the output (default) or the client window
/// screenshot-dir=/abs/path/shots       # playlist: a PNG of the output before and after each item
/// event-log=/abs/path/events.jsonl     # JSON Lines: what clients receive, what the seat plays
/// close-windows=true                   # playlist: after the last item, close client windows
/// ```
///
/// Values that cannot be read are reported in `problems` and replaced by their defaults.
struct DriveSeatOptions: Equatable {
  static let touchScriptVariable = "GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"

  var touchScriptPath: String?
  var recordingPath: String?
  var recordingOutput: String?
  var recordingStartRecognizers = 1
  var playlistPath: String?
  var fit = PlaybackFit.output
  var screenshotDirectory: String?
  var eventLogPath: String?
  var closeWindowsWhenDone = false
  var problems: [String] = []

  init(_ section: ModuleSection) {
    var section = section
    touchScriptPath =
      section.environment(Self.touchScriptVariable) ?? section.string("touch-script")
    recordingPath = section.string("recording")
    recordingOutput = section.string("recording-output")
    recordingStartRecognizers = section.integer(
      "recording-start-recognizers", default: 1, range: 0...10_000)
    playlistPath = section.string("playlist")
    screenshotDirectory = section.string("screenshot-dir")
    eventLogPath = section.string("event-log")
    problems = section.problems
    if let close = section.string("close-windows") {
      if close == "true" || close == "false" {
        closeWindowsWhenDone = close == "true"
      } else {
        problems.append(
          "[\(ModuleSection.name)] close-windows=\(close): expected true or false; using false")
      }
    }
    if let fitText = section.string("fit") {
      if let value = PlaybackFit(rawValue: fitText) {
        fit = value
      } else {
        problems.append(
          "[\(ModuleSection.name)] fit=\(fitText): expected output or window; using output")
      }
    }
  }
}
