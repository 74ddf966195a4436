// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The demo client as a process: against real weston (headless, kiosk-shell, without the
/// gesture-bridge module) and without any compositor.
final class DemoClientProcessTests: XCTestCase {
  /// The demo client built next to the test bundle.
  private func demoClientPath() throws -> String {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // The xctest bundle may be a directory inside the build directory.
    if directory.lastPathComponent.hasSuffix(".xctest") {
      directory = directory.deletingLastPathComponent()
    }
    let path = directory.appendingPathComponent("gesture-bridge-demo-client").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw TestFailure("demo client not built at \(path)")
    }
    return path
  }

  private func westonPath() throws -> String {
    for path in ["/usr/bin/weston", "/usr/local/bin/weston"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    throw XCTSkip("weston is not installed (Debian package weston)")
  }

  func testAgainstWestonWithoutTheModuleItExitsWith1AndTheMissingGlobalMessage() throws {
    let weston = try westonPath()
    let demo = try demoClientPath()
    let runtimeDirectory = try PrivateRuntimeDirectory()
    defer { runtimeDirectory.remove() }
    let socket = "gesture-bridge-demo-test-\(getpid())"
    let compositor = try ChildProcess(
      weston,
      [
        "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
        "--socket=\(socket)", "--log=\(runtimeDirectory.path)/weston.log",
      ],
      environment: ["XDG_RUNTIME_DIR": runtimeDirectory.path])
    defer { compositor.stop() }
    let socketPath = "\(runtimeDirectory.path)/\(socket)"
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: socketPath) && Date() < deadline {
      usleep(50_000)
    }
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: socketPath), "weston made no socket within 10 s")

    let client = try ChildProcess(
      demo, ["--exit-after", "1"],
      environment: ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket])
    let status = client.wait(timeoutSeconds: 10)

    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      client.errorOutput,
      "gesture-bridge-demo-client: compositor does not support gesture_bridge_manager_v1\n")
    XCTAssertEqual(client.output, "")
  }

  func testWithoutACompositorItExitsWith1AndSaysWhichDisplay() throws {
    let demo = try demoClientPath()
    let runtimeDirectory = try PrivateRuntimeDirectory()
    defer { runtimeDirectory.remove() }

    let client = try ChildProcess(
      demo, [],
      environment: ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": "nothing-here"])
    let status = client.wait(timeoutSeconds: 10)

    XCTAssertEqual(status, 1)
    XCTAssertTrue(
      client.errorOutput.hasPrefix(
        "gesture-bridge-demo-client: cannot connect to Wayland display nothing-here"),
      client.errorOutput)
  }

  func testInvalidOptionsAreRefusedBeforeConnecting() throws {
    let demo = try demoClientPath()

    let client = try ChildProcess(
      demo, ["--colour", "blue"], environment: ["WAYLAND_DISPLAY": "nothing-here"])
    let status = client.wait(timeoutSeconds: 10)

    XCTAssertEqual(status, 64)
    XCTAssertTrue(
      client.errorOutput.contains("--colour must be six hex digits"), client.errorOutput)
  }
}
