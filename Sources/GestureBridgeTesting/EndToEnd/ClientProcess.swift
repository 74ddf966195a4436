// SPDX-License-Identifier: MIT
import Foundation
import GestureCoreTesting
import XCTest

/// A Wayland client process started by a test, its stdout and stderr in one file, read as
/// lines (and as JSON objects for the demo client).
public final class ClientProcess {
  public let name: String
  public let output: URL
  private let process = Process()

  public init(
    _ executable: String, _ arguments: [String], name: String, output: URL,
    environment: [String: String]
  ) throws {
    self.name = name
    self.output = output
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  public var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  public var lines: [String] { text.split(separator: "\n").map(String.init) }

  /// The lines that are JSON objects, parsed.
  public var objects: [[String: Any]] {
    lines.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  /// The demo client's gesture lines (those with a "recognizer" key).
  public var gestures: [[String: Any]] { objects.filter { $0["recognizer"] != nil } }

  /// The demo client's event lines (touch-down, ..., ready, synced), as their "event" value.
  public var events: [String] { objects.compactMap { $0["event"] as? String } }

  public var isRunning: Bool { process.isRunning }
  public var exitCode: Int32? { process.isRunning ? nil : process.terminationStatus }

  /// Asks the demo client for a roundtrip (SIGUSR1) and waits (at most 20 s) for its
  /// `synced` line: everything the compositor sent it before is then in `lines`.
  public func sync(in session: CompositorSession) throws {
    let before = events.filter { $0 == "synced" }.count
    kill(process.processIdentifier, SIGUSR1)
    try session.waitFor("\(name) to sync", timeoutSeconds: 20) {
      self.events.filter { $0 == "synced" }.count > before
    }
  }

  /// The wl_touch stream the demo client printed (`--print-touches`, which every demo client
  /// of these tests runs with): down, motion, up with their times, wl_touch.cancel, frames.
  public var touchStream: [TouchStreamEvent] {
    objects.compactMap { object in
      let id = Int64((object["id"] as? NSNumber)?.intValue ?? 0)
      let time = (object["time"] as? NSNumber).map { Int64(($0.doubleValue * 1e6).rounded()) }
      switch object["event"] as? String {
      case "touch-down": return TouchStreamEvent(.down, id: id, timeMicroseconds: time)
      case "touch-motion": return TouchStreamEvent(.motion, id: id, timeMicroseconds: time)
      case "touch-up": return TouchStreamEvent(.up, id: id, timeMicroseconds: time)
      case "touch-cancel": return TouchStreamEvent(.cancelAll)
      case "frame": return TouchStreamEvent(.frame)
      default: return nil
      }
    }
  }

  /// The stream's breaches of the wl_touch protocol (`TouchStreamChecker`); a client still
  /// running has every touch ended, one that exited may have stopped mid-touch.
  public func touchStreamViolations() -> [String] {
    TouchStreamChecker.violations(in: touchStream, requireAllEnded: process.isRunning)
  }

  /// Checks the wl_touch stream (every end-to-end run does, when the session stops), then
  /// SIGTERM, then SIGKILL after 3 s; waits for the exit.
  public func stop() {
    let violations = touchStreamViolations()
    if !violations.isEmpty {
      XCTFail(
        "\(name): the wl_touch stream breaks the protocol: "
          + violations.prefix(5).joined(separator: "; ") + "\n" + text)
    }
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
