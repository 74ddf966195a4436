// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// `daemon-test-driver` running a program (weston) inside a umockdev testbed with one mocked
/// touchscreen: the program inherits the umockdev preload, so libinput in weston's module
/// opens the mocked node. The driver's `@NODE@` is handed to a small shell step that writes
/// it into weston.ini (`device=@NODE@`) before exec'ing weston; a sanitizer runtime, which
/// must come first in weston's LD_PRELOAD, is put in front of the driver's umockdev preload
/// by that step too. Every answer of the driver is awaited at most `timeoutSeconds`.
public final class MockedTouchscreenDriver {
  public let node: String
  /// The program's pid (the shell step exec's weston, so it is weston's).
  public let programPID: pid_t
  private let process = Process()
  private let toDriver: FileHandle
  private let fromDriver: FileHandle
  private var pending: [UInt8] = []
  private var closed = false
  public static let timeoutSeconds = 30.0

  /// Starts `program` (weston and its arguments) after writing `iniTemplate` to `iniPath`
  /// with `@NODE@` replaced by the touchscreen's node; its output is appended to `output`.
  public init(
    program: [String], iniTemplate: String, iniPath: String, environment: [String: String],
    preloadFirst: String?, output: URL
  ) throws {
    guard let driver = CompositorSession.builtProduct("daemon-test-driver") else {
      throw E2EFailure("daemon-test-driver not found next to the test binary: run swift build")
    }
    let template = iniPath + ".template"
    try iniTemplate.write(toFile: template, atomically: true, encoding: .utf8)
    let step = """
      sed "s|@NODE@|$1|g" "$2" > "$3" || exit 1
      if [ -n "$GB_E2E_PRELOAD_FIRST" ]; then
        LD_PRELOAD="$GB_E2E_PRELOAD_FIRST:$LD_PRELOAD"; export LD_PRELOAD
      fi
      shift 3
      exec "$@"
      """
    process.executableURL = URL(fileURLWithPath: driver)
    process.arguments =
      ["--stdout", output.path, "--stderr", output.path, "--", "/bin/sh", "-c", step, "sh"]
      + ["@NODE@", template, iniPath] + program
    var variables = environment
    variables["GB_E2E_PRELOAD_FIRST"] = preloadFirst
    process.environment = variables
    let input = Pipe()
    let answers = Pipe()
    process.standardInput = input
    process.standardOutput = answers
    toDriver = input.fileHandleForWriting
    fromDriver = answers.fileHandleForReading
    try process.run()
    var buffer: [UInt8] = []
    let ready = try Self.readLine(
      from: fromDriver, pending: &buffer, what: "the driver's ready line")
    pending = buffer
    let words = ready.split(separator: " ")
    guard words.count == 3, words[0] == "ready", let pid = pid_t(words[2]) else {
      throw E2EFailure("daemon-test-driver did not start: \(ready)")
    }
    node = String(words[1])
    programPID = pid
  }

  deinit { close() }

  /// Whether the program still runs (a zombie not yet reaped by the driver does not).
  public var isProgramRunning: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(programPID)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: end)...].split(separator: " ").first
    return state != "Z" && state != "X"
  }

  /// Writes the recording's events into the touchscreen in real time (all of them, or those
  /// up to `seconds` after its first event) and returns once they are written.
  public func play(_ recording: String, untilSeconds seconds: Double? = nil) throws {
    let line = seconds.map { "play-until \($0) \(recording)" } ?? "play \(recording)"
    try expect(line, answer: "played")
  }

  /// Sends the program SIGHUP, SIGINT or SIGTERM (`name` without the SIG).
  public func signal(_ name: String) throws { try expect("signal \(name)", answer: "sent") }

  /// Unplugs the touchscreen.
  public func remove() throws { try expect("remove", answer: "removed") }

  /// SIGTERM to the program, then waits (at most 10 s) for it to end: the driver's
  /// `exited STATUS` / `killed SIGNAL`, or nil if it had to be killed.
  public func terminate() throws -> String? {
    try expect("signal TERM", answer: "sent")
    let deadline = Date().addingTimeInterval(10)
    while isProgramRunning && Date() < deadline { usleep(20_000) }
    if isProgramRunning { return nil }
    return try command("wait")
  }

  /// Ends the driver, which kills the program if it still runs.
  public func close() {
    guard !closed else { return }
    closed = true
    try? toDriver.close()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  private func expect(_ line: String, answer: String) throws {
    let got = try command(line)
    guard got == answer else {
      throw E2EFailure("daemon-test-driver answered `\(got)` to `\(line)`")
    }
  }

  private func command(_ line: String) throws -> String {
    try toDriver.write(contentsOf: Data((line + "\n").utf8))
    return try Self.readLine(from: fromDriver, pending: &pending, what: "the answer to `\(line)`")
  }

  private static func readLine(
    from handle: FileHandle, pending: inout [UInt8], what: String
  ) throws -> String {
    let deadline = Date().addingTimeInterval(Self.timeoutSeconds)
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        throw E2EFailure("timed out after \(timeoutSeconds) s waiting for \(what) from the driver")
      }
      var descriptor = pollfd(
        fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
      let data = handle.availableData
      if data.isEmpty { throw E2EFailure("daemon-test-driver ended while waiting for \(what)") }
      pending += data
    }
  }
}
