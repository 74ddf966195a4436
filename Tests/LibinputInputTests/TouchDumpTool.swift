// SPDX-License-Identifier: MIT
import Foundation
import MockedDevice
import XCTest

/// One JSON line printed by `libinput-touch-dump`.
struct DumpLine: Decodable, Equatable {
  var event: String
  var time: UInt64?
  var device: Int?
  var slot: Int32?
  var seatSlot: Int32?
  var x: Double?
  var y: Double?
  var xMm: Double?
  var yMm: Double?
  var name: String?
  var node: String?
  var evdevEvents: Int?
  var evdevEventsPerSecond: Double?
  var seconds: Double?
}

/// The result of one `libinput-touch-dump` run.
struct DumpResult {
  var exitCode: Int32
  var lines: [DumpLine]
  var standardError: String

  var touches: [DumpLine] {
    lines.filter { ["down", "motion", "up", "cancel", "frame"].contains($0.event) }
  }
  func events(_ kind: String) -> [DumpLine] { lines.filter { $0.event == kind } }
}

/// Runs the `libinput-touch-dump` executable of this build as a subprocess (so the
/// LD_PRELOAD re-exec happens in the child, never in the test runner).
enum TouchDumpTool {
  /// The build's bin folder: `$GESTUREBRIDGE_BIN_PATH`, else the folder of the test binary.
  static var binPath: URL {
    if let explicit = ProcessInfo.processInfo.environment["GESTUREBRIDGE_BIN_PATH"] {
      return URL(fileURLWithPath: explicit)
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = executable.deletingLastPathComponent()
    // The test binary lives inside `GestureBridgePackageTests.xctest` on some toolchains.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "debug-test" {
      folder = folder.deletingLastPathComponent()
    }
    return folder
  }

  static var executable: URL { binPath.appendingPathComponent("libinput-touch-dump") }

  /// Fails (not skips) when the tool was not built; skips when umockdev's preload library is
  /// not installed.
  static func requireMockedReplay() throws {
    try requireTool()
    let candidates = [
      "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
      "/usr/local/lib",
    ].map { $0 + "/" + UmockdevPreload.umockdevPreloadLibrary }
    guard candidates.contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
      throw XCTSkip(
        "umockdev is not installed (no \(UmockdevPreload.umockdevPreloadLibrary)); "
          + "install the Debian package `umockdev` to run the mocked-libinput tests")
    }
    let fix = binPath.appendingPathComponent(UmockdevPreload.fixLibraryName).path
    guard FileManager.default.fileExists(atPath: fix) else {
      XCTFail("\(fix) is missing: run `swift build` before `swift test`")
      throw XCTSkip("preload fix library not built")
    }
  }

  static func requireTool() throws {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      XCTFail("\(executable.path) is missing: run `swift build` before `swift test`")
      throw XCTSkip("libinput-touch-dump not built")
    }
  }

  /// Writes `script` to a temporary file and replays it through the tool.
  static func replay(_ script: MockedReplayScript, arguments: [String] = []) throws -> DumpResult {
    try requireMockedReplay()
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-\(UUID().uuidString).replay.json")
    try JSONEncoder().encode(script).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try run(["--replay-mocked", file.path, "--log-level", "warning"] + arguments)
  }

  /// Runs the tool with `arguments`, optionally through a wrapper (e.g. `setpriv`).
  static func run(_ arguments: [String], wrapper: [String] = []) throws -> DumpResult {
    try requireTool()
    let process = Process()
    if let program = wrapper.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes concurrently so a full stderr pipe cannot block the child.
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    let decoder = JSONDecoder()
    var lines: [DumpLine] = []
    for line in outputData.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      do {
        lines.append(try decoder.decode(DumpLine.self, from: Data(line)))
      } catch {
        XCTFail("not a JSON line: \(String(decoding: line, as: UTF8.self))")
      }
    }
    return DumpResult(
      exitCode: process.terminationStatus, lines: lines,
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// Data handed from the stderr reader thread.
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var done = false

  func set(_ value: Data) {
    lock.lock()
    data = value
    done = true
    lock.unlock()
  }
  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return done
  }
  var value: Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}
