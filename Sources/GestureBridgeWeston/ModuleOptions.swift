import CWeston
import Glibc

/// The module's options: the `[gesture-bridge]` section of weston.ini (weston's config API,
/// `wet_get_config`), with the environment variable `GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT`
/// taking precedence over `touch-script`.
///
/// ```ini
/// [gesture-bridge]
/// touch-script=/tmp/gb-script          # polled touch-script file (see TouchScript)
/// recording=/abs/path/pinch.yml        # a libinput record file replayed once
/// recording-output=headless            # output the recording is mapped onto (default: first)
/// recording-start-recognizers=1        # playback starts once this many recognizers are committed
/// device=/dev/input/event5,/dev/input/event6  # touchscreens read with libinput (path backend)
/// device-output=headless               # output the devices are mapped onto (default: first)
/// extra-outputs=1                      # outputs added through the windowed-output API
/// ```
///
/// Values that cannot be read are reported in `problems` and replaced by their defaults.
struct ModuleOptions: Equatable {
  static let section = "gesture-bridge"
  static let touchScriptVariable = "GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"

  var touchScriptPath: String?
  var recordingPath: String?
  var recordingOutput: String?
  var recordingStartRecognizers = 1
  /// Device nodes of `device=` (comma-separated; empty items are skipped).
  var devicePaths: [String] = []
  var deviceOutput: String?
  var extraOutputs = 0
  var problems: [String] = []

  init() {}

  /// Reads the options from `lookup` (key -> value of the ini section) and `environment`.
  init(lookup: (String) -> String?, environment: (String) -> String?) {
    touchScriptPath =
      nonEmpty(environment(Self.touchScriptVariable))
      ?? nonEmpty(lookup("touch-script"))
    recordingPath = nonEmpty(lookup("recording"))
    recordingOutput = nonEmpty(lookup("recording-output"))
    recordingStartRecognizers = integer(
      lookup, "recording-start-recognizers", default: 1, range: 1...10_000)
    devicePaths = (lookup("device") ?? "").split(separator: ",").map {
      String($0).trimmingSpaces()
    }.filter { !$0.isEmpty }
    deviceOutput = nonEmpty(lookup("device-output"))
    extraOutputs = integer(lookup, "extra-outputs", default: 0, range: 0...8)
  }

  /// Reads weston.ini through `wet_get_config` and the process environment.
  static func read(from compositor: UnsafeMutablePointer<weston_compositor>) -> ModuleOptions {
    ModuleOptions(
      lookup: { key in
        guard let value = cweston_config_string(compositor, section, key) else { return nil }
        defer { free(value) }
        return String(cString: value)
      },
      environment: { name in getenv(name).map { String(cString: $0) } })
  }

  private func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  private mutating func integer(
    _ lookup: (String) -> String?, _ key: String, default value: Int, range: ClosedRange<Int>
  ) -> Int {
    guard let text = lookup(key) else { return value }
    guard let number = Int(text.trimmingSpaces()), range.contains(number) else {
      problems.append(
        "[\(Self.section)] \(key)=\(text): expected an integer in \(range.lowerBound)..."
          + "\(range.upperBound); using \(value)")
      return value
    }
    return number
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
