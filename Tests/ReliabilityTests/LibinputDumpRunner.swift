// SPDX-License-Identifier: MIT
import Foundation
import FuzzChecks
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

/// Replays a `HostileScenario` through real libinput: each device becomes a umockdev-mocked
/// touchscreen inside `libinput-touch-dump --replay-mocked` (a subprocess, so the LD_PRELOAD
/// re-exec happens there), and the JSON lines it prints come back as `TouchInputEvent`s.
///
/// Each device is unplugged right after its last event: on a live system a stream ends when
/// its device goes away, and libinput then cancels what is still down.
enum LibinputDumpRunner {
  struct Result {
    var exitCode: Int32
    var touches: [TouchInputEvent]
    var standardError: String
    var removedDevices: Int
  }

  private struct Line: Decodable {
    var event: String
    var time: UInt64?
    var device: Int?
    var slot: Int32?
    var seatSlot: Int32?
    var x: Double?
    var y: Double?
  }

  /// The build's bin folder: `$GESTUREBRIDGE_BIN_PATH`, else the folder of the test binary.
  static var binPath: URL {
    if let explicit = ProcessInfo.processInfo.environment["GESTUREBRIDGE_BIN_PATH"] {
      return URL(fileURLWithPath: explicit)
    }
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "debug-test" {
      folder = folder.deletingLastPathComponent()
    }
    return folder
  }

  /// The bytes of the file at `path` (empty if it cannot be read). POSIX reads: Foundation's
  /// `String(contentsOf:)` leaks its read buffer in Swift 6.3.1 (LeakSanitizer reports it).
  private static func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  /// The mocked-device script for `scenario`, on `descriptions` instead of the scenario's own
  /// devices when given.
  static func script(
    for scenario: HostileScenario, descriptions: [EvdevDeviceDescription]? = nil
  ) -> MockedReplayScript {
    let devices = descriptions ?? scenario.input.descriptions
    var steps: [MockedReplayScript.Step] = devices.indices.map { .add(device: $0) }
    let lastStep = Dictionary(
      scenario.input.events.enumerated().map { ($1.device, $0) }, uniquingKeysWith: max)
    var run: [EvdevEvent] = []
    for (index, item) in scenario.input.events.enumerated() {
      run.append(item.event)
      let next =
        scenario.input.events.indices.contains(index + 1)
        ? scenario.input.events[index + 1].device : nil
      if next != item.device {
        steps.append(.events(device: item.device, run))
        run = []
        if lastStep[item.device] == index { steps.append(.remove(device: item.device)) }
      }
    }
    return MockedReplayScript(devices: devices, steps: steps)
  }

  /// Runs `scenario` with the tool's extra `arguments`; skips when umockdev is not installed,
  /// fails when the tool is not built. A run longer than `timeoutSeconds` is killed (exit code
  /// -1 with `timedOut` in the standard error), so a hang fails the test instead of stopping
  /// the suite.
  /// `descriptions` replaces the scenario's own devices (which a `DecoderFuzzInput` can only
  /// describe in its few shapes).
  static func run(
    _ scenario: HostileScenario, descriptions: [EvdevDeviceDescription]? = nil,
    arguments: [String] = [], timeoutSeconds: Double = 120
  ) throws -> Result {
    let script = script(for: scenario, descriptions: descriptions)
    let tool = binPath.appendingPathComponent("libinput-touch-dump")
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      XCTFail("\(tool.path) is missing: run `swift build` before `swift test`")
      throw XCTSkip("libinput-touch-dump not built")
    }
    let libraries = [
      "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
    ].map { $0 + "/" + UmockdevPreload.umockdevPreloadLibrary }
    guard libraries.contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
      throw XCTSkip("umockdev is not installed: install the Debian package `umockdev`")
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-hostile-\(UUID().uuidString).replay.json")
    try JSONEncoder().encode(script).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let process = Process()
    process.executableURL = tool
    process.arguments = ["--replay-mocked", file.path, "--log-level", "error"] + arguments
    let output = Pipe()
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-hostile-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errors) }
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let watchdog = DispatchWorkItem { [process] in
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let timedOut =
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL

    var touches: [TouchInputEvent] = []
    var removed = 0
    let decoder = JSONDecoder()
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      let parsed = try decoder.decode(Line.self, from: Data(line))
      let kind: TouchInputEvent.Kind
      switch parsed.event {
      case "down": kind = .down
      case "motion": kind = .motion
      case "up": kind = .up
      case "cancel": kind = .cancel
      case "frame": kind = .frame
      case "device-removed":
        removed += 1
        continue
      default: continue
      }
      touches.append(
        TouchInputEvent(
          kind: kind, timeMicroseconds: parsed.time ?? 0, device: parsed.device ?? 0,
          slot: parsed.slot ?? -1, seatSlot: parsed.seatSlot ?? -1, x: parsed.x ?? 0,
          y: parsed.y ?? 0))
    }
    return Result(
      exitCode: timedOut ? -1 : process.terminationStatus, touches: touches,
      standardError: (timedOut ? "timedOut after \(timeoutSeconds) s\n" : "")
        + String(decoding: readFile(errors.path), as: UTF8.self),
      removedDevices: removed)
  }
}
