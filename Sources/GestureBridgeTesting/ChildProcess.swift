// SPDX-License-Identifier: MIT
import Foundation

/// A process started by a test, with its output collected, every wait bounded and the process
/// killed (by its own pid) if it outlives the test.
public final class ChildProcess {
  private let process = Process()
  private let standardOutput = Pipe()
  private let standardError = Pipe()

  /// Starts `executable` with `arguments` and `environment` added to the test's environment.
  public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
  }

  deinit { stop() }

  /// Waits at most `timeoutSeconds` for the process to exit; returns its exit code, or nil if
  /// it is still running.
  public func wait(timeoutSeconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// SIGTERM, then SIGKILL after 3 s if needed; waits for the exit.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    if wait(timeoutSeconds: 3) == nil {
      kill(process.processIdentifier, SIGKILL)
      _ = wait(timeoutSeconds: 3)
    }
  }

  /// Everything the process wrote to stdout (call after it exited).
  public var output: String {
    String(decoding: standardOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Everything the process wrote to stderr (call after it exited).
  public var errorOutput: String {
    String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
