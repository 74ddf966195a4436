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
    let inCore = GestureBridgeProcess.run(["replay", "--format", "json", recording])
    let throughLibinput = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--format", "json", recording,
    ])
    #expect(inCore.status == 0, "\(inCore.stderr)")
    #expect(throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(throughLibinput.stderr == inCore.stderr)
    #expect(throughLibinput.stdout == inCore.stdout)
  }

  @Test func aLongTenFingerRecordingGivesTheSameGesturesAndNoLibinputNoise() throws {
    let path = try GestureBridgeProcess.temporaryFile("stress.yml", "")
    let maker = Process()
    maker.executableURL = GestureBridgeProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("make-recordings")
    maker.arguments = ["stress", "--seconds", "3", "--fingers", "10", "--output", path]
    maker.standardOutput = FileHandle.nullDevice
    try maker.run()
    maker.waitUntilExit()
    try #require(maker.terminationStatus == 0)

    let inCore = GestureBridgeProcess.run(["replay", "--format", "json", path])
    let throughLibinput = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--format", "json", path,
    ])
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 100)
    #expect(throughLibinput.stdout == inCore.stdout)
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
