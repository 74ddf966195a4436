import Foundation
import XCTest

/// Real headless weston 10 with the gesture-bridge module, a touch-script path for the
/// module's own seat, and the C test client (`TestClient/gesture-test-client.c`, compiled
/// here with cc and wayland-scanner). Every wait is bounded; `stop()` kills what it started.
final class WestonSession {
  let directory: URL
  let runtimeDirectory: URL
  let socketName = "gb-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  private var weston: Process?
  private var client: Process?
  private(set) var westonOutput: URL
  private(set) var clientOutput: URL

  static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The weston binary, or nil when weston is not installed.
  static var westonPath: String? {
    ["/usr/bin/weston", "/usr/local/bin/weston"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The module built next to this test binary by `swift build` / `swift test`.
  static var modulePath: String? {
    let directory = Bundle.main.executableURL?.deletingLastPathComponent()
    let candidates = [
      directory?.appendingPathComponent("libgesture-bridge-weston.so").path,
      directory?.deletingLastPathComponent().appendingPathComponent("libgesture-bridge-weston.so")
        .path,
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }

  init() throws {
    directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-weston-e2e-\(UUID().uuidString.prefix(8))")
    runtimeDirectory = directory.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(
      at: runtimeDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    westonOutput = directory.appendingPathComponent("weston.out")
    clientOutput = directory.appendingPathComponent("client.out")
  }

  var scriptPath: URL { directory.appendingPathComponent("touch-script") }

  /// Compiles the test client; returns its path.
  func buildClient() throws -> URL {
    let xml = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
    try run(
      "/usr/bin/wayland-scanner", ["client-header", xml, path("xdg-shell-client-protocol.h")])
    try run("/usr/bin/wayland-scanner", ["private-code", xml, path("xdg-shell-protocol.c")])
    let root = Self.sourceRoot.path
    let binary = directory.appendingPathComponent("gesture-test-client")
    try run(
      "/usr/bin/cc",
      [
        "-o", binary.path, "\(root)/Tests/WestonEndToEndTests/TestClient/gesture-test-client.c",
        path("xdg-shell-protocol.c"),
        "\(root)/Sources/CGestureBridgeProtocol/gesture-bridge-v1-protocol.c",
        "-I", directory.path, "-I", "\(root)/Sources/CGestureBridgeProtocol/include",
        "-lwayland-client",
      ])
    return binary
  }

  /// Starts weston with the module and waits (at most 10 s) for its socket.
  func startWeston(westonPath: String, modulePath: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: westonPath)
    process.arguments = [
      "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
      "--socket=\(socketName)", "--modules=\(modulePath)",
      "--log=\(path("weston.log"))",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT"] = scriptPath.path
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    process.environment = environment
    FileManager.default.createFile(atPath: westonOutput.path, contents: nil)
    let output = try FileHandle(forWritingTo: westonOutput)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    weston = process
    let socket = runtimeDirectory.appendingPathComponent(socketName).path
    try waitFor("weston's socket \(socket)", timeoutSeconds: 10) {
      FileManager.default.fileExists(atPath: socket)
        && self.contents(of: self.westonOutput)
          .contains("gesture_bridge_manager_v1 advertised")
    }
  }

  /// Starts the client with a recognizer of `type` and waits (at most 10 s) for "ready".
  func startClient(_ binary: URL, type: String) throws {
    let process = Process()
    process.executableURL = binary
    process.arguments = [type]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    environment["WAYLAND_DISPLAY"] = socketName
    process.environment = environment
    FileManager.default.createFile(atPath: clientOutput.path, contents: nil)
    let output = try FileHandle(forWritingTo: clientOutput)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    client = process
    try waitFor("the client's ready line", timeoutSeconds: 10) {
      self.clientLines.contains("ready")
    }
  }

  /// Hands a touch script to the module's seat (written aside, then renamed into place).
  func play(_ script: String) throws {
    let temporary = directory.appendingPathComponent("touch-script.tmp")
    try script.write(to: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary.path, scriptPath.path) == 0 else {
      throw E2EFailure("rename to \(scriptPath.path) failed: errno \(errno)")
    }
  }

  var clientLines: [String] {
    contents(of: clientOutput).split(separator: "\n").map(String.init)
  }

  func waitFor(_ what: String, timeoutSeconds: Double, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while !condition() {
      if Date() > deadline {
        throw E2EFailure(
          "timed out after \(timeoutSeconds) s waiting for \(what); weston said: "
            + contents(of: westonOutput) + "; client said: " + contents(of: clientOutput))
      }
      if let weston, !weston.isRunning {
        throw E2EFailure("weston exited while waiting for \(what): \(contents(of: westonOutput))")
      }
      usleep(20_000)
    }
  }

  /// Kills the client and weston (SIGTERM, then SIGKILL after 3 s) and removes the files.
  func stop() {
    for process in [client, weston].compactMap({ $0 }) where process.isRunning {
      process.terminate()
      let deadline = Date().addingTimeInterval(3)
      while process.isRunning && Date() < deadline { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    client = nil
    weston = nil
    try? FileManager.default.removeItem(at: directory)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func contents(of url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  private func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw E2EFailure("\(executable) \(arguments.joined(separator: " ")) failed: \(message)")
    }
  }
}

struct E2EFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
