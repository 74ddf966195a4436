// SPDX-License-Identifier: MIT
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One `gesture-bridge run` daemon inside a umockdev testbed, driven through
/// `daemon-test-driver`: the test writes the config, plays recordings into the mocked
/// touchscreen, sends signals and reads the files the bound commands write.
///
/// Commands find the session's folder in `$OUT` (the daemon's environment). Waits poll with
/// a generous deadline and report failure instead of hanging; nothing asserts on speed.
final class DaemonSession {
  /// The `gesture-bridge` binary the CLI tests run, and the driver built beside it.
  static var gestureBridge: String { GestureBridgeProcess.binary.path }
  static var driver: String {
    GestureBridgeProcess.binary.deletingLastPathComponent()
      .appendingPathComponent("daemon-test-driver").path
  }

  /// Whether umockdev's preload library is installed (Debian package `umockdev`).
  static let umockdevInstalled = [
    "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
  ].contains { FileManager.default.fileExists(atPath: $0 + "/libumockdev-preload.so.0") }

  static func recording(_ name: String) -> String {
    GestureBridgeProcess.repositoryRoot.appendingPathComponent("Examples/recordings/\(name)").path
  }

  let folder: URL
  let configPath: String
  let node: String
  let daemonPID: Int32
  private let driver: Process
  private let toDriver: FileHandle
  private let fromDriver: FileHandle
  private var pending: [UInt8] = []
  private var closed = false

  /// Writes `config` and starts the daemon: `run --config FILE [--device NODE] arguments...`,
  /// or `program command...` when `command` is given (`program`: gesture-bridge unless given;
  /// `@NODE@` stands for the touchscreen's node); returns once the log reports the
  /// touchscreen (or throws), unless `waitsForDevice` is false (a program that does not log
  /// it).
  init(
    config: String, arguments: [String] = [], environment: [String] = [], useDevice: Bool = true,
    command: [String]? = nil, program: String = DaemonSession.gestureBridge,
    waitsForDevice: Bool = true
  ) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-daemon-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    configPath = folder.appendingPathComponent("config.json").path
    try config.write(toFile: configPath, atomically: true, encoding: .utf8)

    driver = Process()
    driver.executableURL = URL(fileURLWithPath: Self.driver)
    var driverArguments = ["--env", "OUT=\(folder.path)"]
    for variable in environment { driverArguments += ["--env", variable] }
    driverArguments += [
      "--stdout", folder.appendingPathComponent("daemon.stdout").path,
      "--stderr", folder.appendingPathComponent("daemon.log").path,
      "--", program,
    ]
    if let command {
      driverArguments += command
    } else {
      driverArguments += ["run", "--config", configPath]
      if useDevice { driverArguments += ["--device", "@NODE@"] }
    }
    driver.arguments = driverArguments + arguments
    let input = Pipe()
    let output = Pipe()
    driver.standardInput = input
    driver.standardOutput = output
    toDriver = input.fileHandleForWriting
    fromDriver = output.fileHandleForReading
    try driver.run()

    pending = []
    let ready = Self.readLine(fromDriver, buffer: &pending)
    let words = ready?.split(separator: " ") ?? []
    guard words.count == 3, words[0] == "ready", let pid = Int32(words[2]) else {
      throw SessionError("the driver did not start: \(ready ?? "no output")")
    }
    node = String(words[1])
    daemonPID = pid
    guard !waitsForDevice || waitUntil({ self.log.contains("device added: \(self.node)") }) else {
      throw SessionError("the daemon never reported the touchscreen; log:\n\(log)")
    }
  }

  deinit { close() }

  struct SessionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// What the daemon logged so far (its standard error).
  var log: String { read("daemon.log") ?? "" }

  /// The contents of the file `name` in the session's folder, if it exists.
  func read(_ name: String) -> String? {
    try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)
  }

  /// The lines of the file `name` (empty if it does not exist).
  func lines(_ name: String) -> [String] {
    (read(name) ?? "").split(separator: "\n").map(String.init)
  }

  func write(_ name: String, _ text: String) throws {
    try text.write(
      toFile: folder.appendingPathComponent(name).path, atomically: true, encoding: .utf8)
  }

  /// Replaces the config file (read again on SIGHUP).
  func replaceConfig(_ text: String) throws {
    try text.write(toFile: configPath, atomically: true, encoding: .utf8)
  }

  /// Plays a bundled recording into the touchscreen in real time.
  func play(_ recording: String) throws {
    try expect(command("play \(Self.recording(recording))"), "played")
  }

  /// Plays the recording at `path` into the touchscreen in real time.
  func play(path: String) throws {
    try expect(command("play \(path)"), "played")
  }

  /// Plays the events of a bundled recording up to `seconds` after its first event (fingers
  /// may stay down).
  func play(_ recording: String, untilSeconds seconds: Double) throws {
    try expect(command("play-until \(seconds) \(Self.recording(recording))"), "played")
  }

  /// Removes the touchscreen from the testbed, as if it was unplugged.
  func unplug() throws {
    try expect(command("remove"), "removed")
  }

  /// Sends `HUP`, `INT` or `TERM` to the daemon.
  func signal(_ name: String) throws {
    try expect(command("signal \(name)"), "sent")
  }

  /// Waits for the daemon to end: `exited STATUS` or `killed SIGNAL`.
  func waitForExit() throws -> String {
    try command("wait")
  }

  /// Polls `condition` every 20 ms for up to `seconds`; whether it became true.
  func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      if Date() > deadline { return false }
      usleep(20_000)
    }
    return true
  }

  /// The daemon's child processes (zombies included: they stay its children until reaped).
  var daemonChildren: [Int32] {
    let tasks = "/proc/\(daemonPID)/task"
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return ids.flatMap { task -> [Int32] in
      let text = (try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap { Int32($0) }
    }
  }

  /// Ends the driver (which kills the daemon if it still runs) and removes the folder.
  func close() {
    guard !closed else { return }
    closed = true
    try? toDriver.close()
    if driver.isRunning { driver.waitUntilExit() }
    try? FileManager.default.removeItem(at: folder)
  }

  private func command(_ line: String) throws -> String {
    toDriver.write(Data((line + "\n").utf8))
    guard let answer = Self.readLine(fromDriver, buffer: &pending) else {
      throw SessionError("the driver ended during `\(line)`; daemon log:\n\(log)")
    }
    return answer
  }

  private func expect(_ answer: String, _ expected: String) throws {
    guard answer == expected else { throw SessionError("driver answered \(answer)") }
  }

  private static func readLine(_ handle: FileHandle, buffer: inout [UInt8]) -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      let data = handle.availableData
      if data.isEmpty { return nil }
      buffer += data
    }
  }
}
