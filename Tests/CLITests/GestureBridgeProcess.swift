// SPDX-License-Identifier: MIT
import Foundation

/// Runs the built `gesture-bridge` binary and captures what it prints.
struct GestureBridgeProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The repository root, found from this file's path.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The binary: `$GESTURE_BRIDGE_BIN`, else `gesture-bridge` in the directory of
  /// `swift build --show-bin-path`, else next to the test bundle.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["GESTURE_BRIDGE_BIN"] {
      return URL(fileURLWithPath: path)
    }
    let beside = Bundle.main.bundleURL.deletingLastPathComponent()
      .appendingPathComponent("gesture-bridge")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let shown = run(
      URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--show-bin-path"],
      directory: repositoryRoot)
    let directory = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    return URL(fileURLWithPath: directory).appendingPathComponent("gesture-bridge")
  }()

  /// Runs `gesture-bridge arguments...` in the repository root.
  static func run(_ arguments: [String]) -> Result {
    run(binary, arguments, directory: repositoryRoot)
  }

  private static func run(_ executable: URL, _ arguments: [String], directory: URL) -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return Result(status: -1, stdout: "", stderr: "cannot run \(executable.path): \(error)")
    }
    // Read both pipes to the end before waiting, so a full pipe cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Writes `text` to a new temporary file named `name` and returns its path.
  static func temporaryFile(_ name: String, _ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesture-bridge-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
