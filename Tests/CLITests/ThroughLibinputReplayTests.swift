// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// Every bundled recording in `Examples/recordings/`, found by listing the folder.
private let bundledRecordings: [String] = {
  let folder = GestureBridgeProcess.repositoryRoot.appendingPathComponent("Examples/recordings")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".yml") }.sorted().map { "Examples/recordings/" + $0 }
}()

/// Whether umockdev's preload library is installed (Debian package `umockdev`).
private let umockdevInstalled = [
  "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
].contains { FileManager.default.fileExists(atPath: $0 + "/libumockdev-preload.so.0") }

/// `replay --through-libinput` runs the recording through real libinput on mocked devices and
/// must print exactly what the in-core replay prints.
@Suite(.enabled(if: umockdevInstalled, "needs the umockdev package"))
struct ThroughLibinputReplayTests {
  @Test func theBundledRecordingsAreAllFound() {
    #expect(bundledRecordings.count >= 12)
    #expect(bundledRecordings.contains("Examples/recordings/recorded-double-tap.yml"))
  }

  @Test(arguments: bundledRecordings)
  func replayThroughLibinputPrintsByteIdenticalJSON(recording: String) {
    let (inCore, throughLibinput) = replayBothWays(recording)
    #expect(inCore.status == 0, "\(inCore.stderr)")
    #expect(throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(throughLibinput.stderr == inCore.stderr)
    #expect(throughLibinput.stdout == inCore.stdout)
  }

  /// A `make-recordings stress` recording of `seconds` with ten fingers.
  /// `gesture-bridge replay --format json` of `path`, in-core and through libinput.
  /// Replays `path` in-core and through libinput, with `scene` when given.
  private func replayBothWays(_ path: String, scene: String? = nil) -> (
    inCore: GestureBridgeProcess.Result, throughLibinput: GestureBridgeProcess.Result
  ) {
    let sceneArguments = scene.map { ["--scene", $0] } ?? []
    return (
      GestureBridgeProcess.run(["replay", "--format", "json"] + sceneArguments + [path]),
      GestureBridgeProcess.run(
        ["replay", "--through-libinput", "--format", "json"] + sceneArguments + [path])
    )
  }

  private func stressRecording(
    _ name: String, seconds: Int, fingers: Int = 10, _ options: [String] = []
  ) throws -> String {
    let path = try GestureBridgeProcess.temporaryFile(name, "")
    let maker = Process()
    maker.executableURL = GestureBridgeProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("make-recordings")
    maker.arguments =
      ["stress", "--seconds", "\(seconds)", "--fingers", "\(fingers)", "--output", path] + options
    maker.standardOutput = FileHandle.nullDevice
    try maker.run()
    maker.waitUntilExit()
    try #require(maker.terminationStatus == 0)
    return path
  }

  @Test func aLongTenFingerRecordingGivesTheSameGesturesAndNoLibinputNoise() throws {
    let path = try stressRecording("stress.yml", seconds: 3)

    let (inCore, throughLibinput) = replayBothWays(
      path, scene: try GestureBridgeProcess.everyFingerScene())
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 100)
    #expect(throughLibinput.stdout == inCore.stdout)
    #expect(throughLibinput.stderr == "")
  }

  /// Two fingers on a device with fuzz 4 on its multitouch axes; the second finger only
  /// re-sends positions inside libinput's hysteresis, so libinput 1.22 sends the first
  /// finger's motions with no TOUCH_FRAME after them. Both replays must still agree (they
  /// did not: through libinput every gesture line came at the lift, with velocity 0).
  @Test func framesLibinputNeverClosesGiveTheSameGesturesAsTheInCoreReplay() throws {
    var events: [(UInt64, [(Int, Int, Int)])] = [
      (
        0,
        [
          (3, 47, 0), (3, 57, 1), (3, 53, 800), (3, 54, 500), (3, 47, 1), (3, 57, 2),
          (3, 53, 1100), (3, 54, 500), (1, 330, 1),
        ]
      )
    ]
    for step in 1...30 {
      // Finger 1 circles round finger 2 (a rotation); finger 2 wobbles by 2 units (< fuzz).
      let angle = Double(step) * 0.04
      let x = 1100 - Int((300 * cos(angle)).rounded())
      let y = 500 - Int((300 * sin(angle)).rounded())
      events.append(
        (
          UInt64(step) * 10_000,
          [(3, 47, 0), (3, 53, x), (3, 54, y), (3, 47, 1), (3, 54, step % 2 == 0 ? 502 : 500)]
        ))
    }
    events.append((320_000, [(3, 47, 0), (3, 57, -1), (3, 47, 1), (3, 57, -1), (1, 330, 0)]))
    let path = try Self.recording(
      "hysteresis-last-slot-frame.yml", multitouchFuzz: 4, frames: events)

    let (inCore, throughLibinput) = replayBothWays(path)
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    let lines = inCore.stdout.split(separator: "\n")
    #expect(lines.count > 10)
    #expect(lines.first?.contains(#""state":"began""#) == true)
    #expect(lines.first?.contains(#""time":0.320000"#) == false, "began before the lift")
    #expect(throughLibinput.stdout == inCore.stdout)
  }

  /// Long random multi-finger streams on devices with fuzz: libinput drops TOUCH_FRAMEs in
  /// some of their frames (hundreds of gesture lines differed before frames were closed).
  @Test(arguments: [(4, 3), (8, 5), (16, 7)] as [(Int, UInt64)])
  func randomStreamsWithFuzzGiveTheSameGesturesThroughLibinput(fuzz: Int, seed: UInt64) throws {
    let path = try stressRecording(
      "fuzz-\(fuzz).yml", seconds: 5, fingers: 5, ["--fuzz", "\(fuzz)", "--seed", "\(seed)"])
    let (inCore, throughLibinput) = replayBothWays(path)
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 500)
    #expect(throughLibinput.stdout == inCore.stdout)
  }

  /// A one-touchscreen `libinput record` file (1920x1080 units, 8 units/mm, 10 slots) with
  /// `multitouchFuzz` on its position axes and the given evdev frames (a SYN_REPORT is added
  /// to each).
  static func recording(
    _ name: String, multitouchFuzz fuzz: Int, frames: [(UInt64, [(Int, Int, Int)])]
  ) throws -> String {
    var events: [String] = []
    for (time, frameEvents) in frames {
      events.append("  - evdev:")
      for (type, code, value) in frameEvents + [(0, 0, 0)] {
        events.append(
          "    - [\(time / 1_000_000), \(time % 1_000_000), \(type), \(code), \(value)]")
      }
    }
    return try oneDeviceRecording(
      name,
      device: """
            name: "Fuzzy Touchscreen"
            id: [3, 4660, 22136, 1]
            codes:
              0: [0]
              1: [330]
              3: [0, 1, 47, 53, 54, 57]
            absinfo:
              0: [0, 1919, 0, 0, 8]
              1: [0, 1079, 0, 0, 8]
              47: [0, 9, 0, 0, 0]
              53: [0, 1919, \(fuzz), 0, 8]
              54: [0, 1079, \(fuzz), 0, 8]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
        """, events: events)
  }

  @Test func aLongTenFingerProtocolARecordingGivesTheSameGesturesThroughMtdevOnBothPaths()
    throws
  {
    let path = try stressRecording("stress-protocol-a.yml", seconds: 10, ["--protocol-a"])
    let (inCore, throughLibinput) = replayBothWays(
      path, scene: try GestureBridgeProcess.everyFingerScene())
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 1_000)
    #expect(throughLibinput.stdout == inCore.stdout)
    #expect(inCore.stderr == "")
    #expect(throughLibinput.stderr == "")
  }

  @Test func aPhoneRecordingsThresholdsAreMillimetresThroughLibinputToo() throws {
    // A 6" 1080x2340 phone digitizer at 17 units/mm: a tap wobbling 2 mm (34 units, 34 px:
    // beyond the 18 px fallback slop, within 2.86 mm). Through libinput the scale comes from
    // libinput_device_get_size, in-core from the recording's absinfo; both give a tap.
    var events = ["  - evdev:", "    - [0, 0, 0, 0, 0]"]
    for step in 0...8 {
      let offset = 34 * (4 - abs(step - 4)) / 4
      let time = 500_000 + step * 10_000
      events.append("  - evdev:")
      if step == 0 {
        events += [
          "    - [0, \(time), 3, 47, 0]", "    - [0, \(time), 3, 57, 1]",
          "    - [0, \(time), 1, 330, 1]",
        ]
      }
      events += [
        "    - [0, \(time), 3, 53, \(510 + offset)]", "    - [0, \(time), 3, 54, 1020]",
        "    - [0, \(time), 3, 0, \(510 + offset)]", "    - [0, \(time), 3, 1, 1020]",
        "    - [0, \(time), 0, 0, 0]",
      ]
    }
    events += [
      "  - evdev:", "    - [0, 600000, 3, 57, -1]", "    - [0, 600000, 1, 330, 0]",
      "    - [0, 600000, 0, 0, 0]",
    ]
    let recording = try oneDeviceRecording(
      "phone.yml",
      device: """
            name: "Test Phone Touchscreen"
            id: [24, 1234, 22136, 1]
            codes:
              0: [0, 1, 3]
              1: [330]
              3: [0, 1, 47, 53, 54, 57]
            absinfo:
              0: [0, 1079, 0, 0, 17]
              1: [0, 2339, 0, 0, 17]
              47: [0, 9, 0, 0, 0]
              53: [0, 1079, 0, 0, 17]
              54: [0, 2339, 0, 0, 17]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
        """, events: events)
    let scene = try GestureBridgeProcess.temporaryFile(
      "phone.json",
      """
      {"screen": {"width": 1080, "height": 2340},
       "views": [{"name": "phone", "frame": [0, 0, 1080, 2340], "children": [],
         "recognizers": [{"name": "tap", "type": "tap"}]}]}
      """)
    let inCore = GestureBridgeProcess.run(["replay", "--scene", scene, recording])
    let throughLibinput = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--scene", scene, recording,
    ])
    #expect(inCore.status == 0, "\(inCore.stderr)")
    #expect(throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.hasPrefix("0.600000 tap (tap) recognized in phone at (510.00, 1020.00)"))
    #expect(throughLibinput.stdout == inCore.stdout)
  }

  @Test func replayThroughLibinputPrintsTheDoubleTapAsText() {
    let result = GestureBridgeProcess.run([
      "replay", "--through-libinput", "Examples/recordings/double-tap.yml",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "0.730000 double-tap (tap) recognized in desktop at (960.00, 540.00), 1 touch, taps 2\n")
  }

  @Test func aRecordingWithoutTouchscreenFailsTheSameWayThroughLibinput() throws {
    let path = try oneDeviceRecording(
      "keyboard.yml",
      device: """
            name: "Test Keyboard"
            id: [17, 1, 1, 43841]
            codes:
              0: [0, 1, 4]
              1: [1, 2, 3, 4, 5, 16, 17, 18, 19, 28, 30, 31, 32, 57]
            properties: []
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_KEYBOARD=1
        """, events: ["  - evdev:", "    - [0, 0, 1, 30, 1]", "    - [0, 0, 0, 0, 0]"])
    let inCore = GestureBridgeProcess.run(["replay", path])
    let throughLibinput = GestureBridgeProcess.run(["replay", "--through-libinput", path])
    #expect(inCore.status == 1)
    #expect(throughLibinput.status == 1)
    #expect(throughLibinput.stderr == inCore.stderr)
    #expect(inCore.stderr.hasPrefix("error: \(path): no touchscreen in the recording"))
  }
}

/// A `libinput record` file of one device at /dev/input/event3: `device` is its `evdev:`
/// and `udev:` sections (indented as under `- node:`), `events` its `events:` lines.
private func oneDeviceRecording(_ name: String, device: String, events: [String]) throws
  -> String
{
  try GestureBridgeProcess.temporaryFile(
    name,
    """
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
    system:
      kernel: "6.1"
    devices:
    - node: /dev/input/event3
      evdev:
    \(device)
      events:
    \(events.joined(separator: "\n"))

    """)
}
