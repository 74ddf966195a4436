// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

/// Runs `gesture-bridge watch` of this build as a subprocess, either directly or inside a
/// umockdev testbed made by `umockdev-run` (with the preload fix) that plays evemu events into
/// a mocked touchscreen in real time.
enum GestureBridgeWatchTool {
  struct Result {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
  }

  static var executable: URL { TouchDumpTool.binPath.appendingPathComponent("gesture-bridge") }

  static func requireTool() throws {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      XCTFail("\(executable.path) is missing: run `swift build` before `swift test`")
      throw XCTSkip("gesture-bridge not built")
    }
  }

  /// Runs `gesture-bridge arguments...` (through `wrapper`, e.g. setpriv) to the end.
  static func run(_ arguments: [String], wrapper: [String] = []) throws -> Result {
    try requireTool()
    let files = try OutputFiles()
    defer { files.remove() }
    let process = Process()
    if let program = wrapper.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    try files.attach(to: process)
    try process.run()
    process.waitUntilExit()
    return Result(
      exitCode: process.terminationStatus, standardOutput: files.output,
      standardError: files.errors)
  }

  /// Starts `umockdev-run` with a mocked `device` (its node is `/dev/input/event5`) playing
  /// `events` in real time (evemu timestamps are the events' own, in microseconds) and
  /// `gesture-bridge watch --device /dev/input/event5 extraArguments...` inside it; waits until
  /// the output contains `expected` (or `timeout` passes), then sends SIGINT to `watch` and
  /// returns what it printed and its exit status (umockdev-run exits with its child's).
  static func watchMocked(
    device: EvdevDeviceDescription, events: [EvdevEvent], extraArguments: [String] = [],
    until expected: String, timeout: TimeInterval = 20
  ) throws -> Result {
    try TouchDumpTool.requireMockedReplay()
    try requireTool()
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run") else {
      throw XCTSkip("umockdev-run is not installed (Debian package `umockdev`)")
    }
    let files = try OutputFiles()
    defer { files.remove() }
    let mocked = MockedDeviceFiles(description: device, eventNumber: 5)
    let description = files.folder.appendingPathComponent("device.umockdev")
    let ioctl = files.folder.appendingPathComponent("device.ioctl")
    let evemu = files.folder.appendingPathComponent("events.evemu")
    try mocked.umockdevDescription.write(to: description, atomically: true, encoding: .utf8)
    try mocked.ioctlRecord.write(to: ioctl, atomically: true, encoding: .utf8)
    try evemuText(events).write(to: evemu, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/umockdev-run")
    process.arguments =
      [
        "-d", description.path, "-i", "\(mocked.node)=\(ioctl.path)", "-e",
        "\(mocked.node)=\(evemu.path)", "--", executable.path, "watch", "--device", mocked.node,
      ] + extraArguments
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] =
      TouchDumpTool.binPath.appendingPathComponent(UmockdevPreload.fixLibraryName).path
    process.environment = environment
    try files.attach(to: process)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while !files.output.contains(expected) && process.isRunning && Date() < deadline {
      usleep(50_000)
    }
    if process.isRunning {
      for child in children(of: process.processIdentifier) { kill(child, SIGINT) }
    }
    let killDeadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < killDeadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return Result(
      exitCode: process.terminationStatus, standardOutput: files.output,
      standardError: files.errors)
  }

  /// evemu `E: sec.usec type code value` lines; microseconds unpadded (umockdev reads a
  /// leading zero as octal).
  static func evemuText(_ events: [EvdevEvent]) -> String {
    var text = "# EVEMU 1.3\n"
    for event in events {
      // Six digits after the point: "1.040000", not "1.40000" (1.4 s). Unpadded, the times of
      // events whose microseconds were below 100,000 came out late and out of order, and
      // umockdev's replay stalled on them: a flake that depended on the clock at the start.
      let seconds = event.timeMicroseconds / 1_000_000
      let fraction = String(event.timeMicroseconds % 1_000_000)
      let microseconds = String(repeating: "0", count: 6 - fraction.count) + fraction
      text +=
        "E: \(seconds).\(microseconds) \(hex4(event.type)) \(hex4(event.code)) \(event.value)\n"
    }
    return text
  }

  private static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func children(of pid: Int32) -> [Int32] {
    let path = "/proc/\(pid)/task/\(pid)/children"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: " ").compactMap { Int32($0) }
  }

  /// Standard output and error of a child redirected to files in a fresh folder (read while
  /// the child runs).
  private struct OutputFiles {
    let folder: URL
    var outputURL: URL { folder.appendingPathComponent("stdout") }
    var errorURL: URL { folder.appendingPathComponent("stderr") }

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("gesturebridge-watch-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: outputURL.path, contents: Data())
      _ = FileManager.default.createFile(atPath: errorURL.path, contents: Data())
    }

    func attach(to process: Process) throws {
      process.standardOutput = try FileHandle(forWritingTo: outputURL)
      process.standardError = try FileHandle(forWritingTo: errorURL)
      process.standardInput = FileHandle.nullDevice
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }
}
