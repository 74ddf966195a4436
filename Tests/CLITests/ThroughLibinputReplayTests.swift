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

  /// A `make-recordings stress` recording of `seconds` with ten fingers.
  private func stressRecording(_ name: String, seconds: Int, _ options: [String] = []) throws
    -> String
  {
    let path = try GestureBridgeProcess.temporaryFile(name, "")
    let maker = Process()
    maker.executableURL = GestureBridgeProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("make-recordings")
    maker.arguments =
      ["stress", "--seconds", "\(seconds)", "--fingers", "10", "--output", path] + options
    maker.standardOutput = FileHandle.nullDevice
    try maker.run()
    maker.waitUntilExit()
    try #require(maker.terminationStatus == 0)
    return path
  }

  @Test func aLongTenFingerRecordingGivesTheSameGesturesAndNoLibinputNoise() throws {
    let path = try stressRecording("stress.yml", seconds: 3)

    let inCore = GestureBridgeProcess.run(["replay", "--format", "json", path])
    let throughLibinput = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--format", "json", path,
    ])
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 100)
    #expect(throughLibinput.stdout == inCore.stdout)
    #expect(throughLibinput.stderr == "")
  }

  @Test func aLongTenFingerProtocolARecordingGivesTheSameGesturesThroughMtdevOnBothPaths()
    throws
  {
    let path = try stressRecording("stress-protocol-a.yml", seconds: 10, ["--protocol-a"])
    let inCore = GestureBridgeProcess.run(["replay", "--format", "json", path])
    let throughLibinput = GestureBridgeProcess.run([
      "replay", "--through-libinput", "--format", "json", path,
    ])
    #expect(inCore.status == 0 && throughLibinput.status == 0, "\(throughLibinput.stderr)")
    #expect(inCore.stdout.split(separator: "\n").count > 1_000)
    #expect(throughLibinput.stdout == inCore.stdout)
    #expect(inCore.stderr == "")
    #expect(throughLibinput.stderr == "")
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
    let path = try GestureBridgeProcess.temporaryFile(
      "keyboard.yml",
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
        events:
        - evdev:
          - [0, 0, 1, 30, 1]
          - [0, 0, 0, 0, 0]

      """)
    let inCore = GestureBridgeProcess.run(["replay", path])
    let throughLibinput = GestureBridgeProcess.run(["replay", "--through-libinput", path])
    #expect(inCore.status == 1)
    #expect(throughLibinput.status == 1)
    #expect(throughLibinput.stderr == inCore.stderr)
    #expect(inCore.stderr.hasPrefix("error: \(path): no touchscreen in the recording"))
  }
}
