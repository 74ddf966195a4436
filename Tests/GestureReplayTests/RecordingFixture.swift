// SPDX-License-Identifier: MIT
import Foundation

/// Writes small `libinput record` files for tests: a header describing touchscreens and/or
/// keyboards, then evdev frames. Times are microseconds.
struct RecordingFixture {
  enum Device {
    /// A 1920x1080 multitouch screen, 8 units/mm, 10 slots (like the umockdev example).
    case touchscreen
    /// A multitouch panel, 10 slots, X 0...`maxX` and Y 0...`maxY` at `xUnitsPerMillimetre`
    /// and `yUnitsPerMillimetre` (0: the device reports no resolution).
    case panel(maxX: Int, maxY: Int, xUnitsPerMillimetre: Int, yUnitsPerMillimetre: Int)
    /// A plain keyboard (EV_KEY letters only).
    case keyboard
  }

  /// One evdev event `(type, code, value)`.
  typealias Event = (type: Int, code: Int, value: Int)

  var version = 1
  var devices: [Device] = [.touchscreen]
  /// Per device: frames of events; a SYN_REPORT is appended to each frame.
  var frames: [[(time: UInt64, events: [Event])]] = [[]]

  /// Adds a frame for device `device`.
  mutating func frame(_ time: UInt64, device: Int = 0, _ events: [Event]) {
    frames[device].append((time, events))
  }

  /// A finger on `slot` touching down at (x, y) with tracking id `id`.
  static func down(slot: Int, id: Int, x: Int, y: Int) -> [Event] {
    [(3, 47, slot), (3, 57, id), (3, 53, x), (3, 54, y)]
  }

  static func move(slot: Int, x: Int, y: Int) -> [Event] {
    [(3, 47, slot), (3, 53, x), (3, 54, y)]
  }

  static func lift(slot: Int) -> [Event] { [(3, 47, slot), (3, 57, -1)] }

  /// A one-finger tap at (x, y) from `start` lasting `duration`.
  mutating func tap(at start: UInt64, x: Int, y: Int, id: Int, duration: UInt64 = 80_000) {
    frame(start, Self.down(slot: 0, id: id, x: x, y: y))
    frame(start + duration, Self.lift(slot: 0))
  }

  var text: String {
    var lines = [
      "# libinput record", "version: \(version)", "ndevices: \(devices.count)", "libinput:",
      "  version: \"1.22.1\"", "  git: \"unknown\"", "system:", "  os: \"debian:12\"",
      "  kernel: \"6.1\"", "  dmi: \"unknown\"",
    ]
    if devices.isEmpty {
      lines.append("devices: []")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append("devices:")
    for (index, device) in devices.enumerated() {
      lines.append("- node: /dev/input/event\(5 + index)")
      lines.append("  evdev:")
      switch device {
      case .touchscreen:
        lines += Self.panelLines(maxX: 1919, maxY: 1079, xResolution: 8, yResolution: 8)
      case .panel(let maxX, let maxY, let xResolution, let yResolution):
        lines += Self.panelLines(
          maxX: maxX, maxY: maxY, xResolution: xResolution, yResolution: yResolution)
      case .keyboard:
        lines += [
          "    name: \"Test Keyboard\"", "    id: [17, 1, 1, 43841]", "    codes:",
          "      0: [0, 1, 4]", "      1: [1, 2, 3, 4, 5, 16, 17, 18, 19, 28, 30, 31, 32, 57]",
          "      4: [4]", "    properties: []", "  udev:", "    properties:", "    - ID_INPUT=1",
          "    - ID_INPUT_KEY=1", "    - ID_INPUT_KEYBOARD=1",
        ]
      }
      lines.append("  quirks:")
      lines.append("  events:")
      for (time, events) in frames[index] {
        lines.append("  - evdev:")
        for event in events + [(0, 0, 0)] {
          lines.append(
            "    - [\(time / 1_000_000), \(time % 1_000_000), \(event.type), \(event.code), \(event.value)]"
          )
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The header lines of a "Test Touchscreen" with the given axes.
  private static func panelLines(maxX: Int, maxY: Int, xResolution: Int, yResolution: Int)
    -> [String]
  {
    [
      "    name: \"Test Touchscreen\"", "    id: [3, 4660, 22136, 273]", "    codes:",
      "      0: [0, 1, 2, 3]", "      1: [330]", "      3: [0, 1, 47, 53, 54, 55, 57]",
      "    absinfo:", "      0: [0, \(maxX), 0, 0, \(xResolution)]",
      "      1: [0, \(maxY), 0, 0, \(yResolution)]", "      47: [0, 9, 0, 0, 0]",
      "      53: [0, \(maxX), 0, 0, \(xResolution)]",
      "      54: [0, \(maxY), 0, 0, \(yResolution)]",
      "      55: [0, 2, 0, 0, 0]", "      57: [0, 65535, 0, 0, 0]", "    properties: [1]",
      "  udev:",
      "    properties:", "    - ID_INPUT=1", "    - ID_INPUT_TOUCHSCREEN=1",
    ]
  }

  /// Writes the recording into a fresh temporary directory and returns its path.
  func write(named name: String) throws -> String {
    try Self.write(text, named: name)
  }

  /// Writes `text` as `name` into a fresh temporary directory and returns its path.
  static func write(_ text: String, named name: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesture-replay-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// A double tap at (960, 540): taps at 0.5 s and 0.7 s, 80 ms each.
  static var doubleTap: RecordingFixture {
    var fixture = RecordingFixture()
    fixture.frame(0, [])
    fixture.tap(at: 500_000, x: 960, y: 540, id: 1)
    fixture.tap(at: 700_000, x: 962, y: 541, id: 2)
    return fixture
  }
}
