// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import XCTest

/// `gesture-bridge watch` on a umockdev-mocked touchscreen played in real time, and its
/// errors for device nodes it cannot open.
final class GestureBridgeWatchTests: XCTestCase {
  typealias S = EvdevStream

  private static func monotonicMicroseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }

  func testATapOnTheWatchedDeviceIsPrintedAndSIGINTStopsWithStatus0() throws {
    // Timestamps on CLOCK_MONOTONIC, like a kernel device's: umockdev-run plays them in real
    // time from now and libinput reports them as they are.
    let start = Self.monotonicMicroseconds()
    var stream = S()
    stream.frame(at: start, [])
    stream.frame(at: start + 2_000_000, [S.trackingID(1), S.x(960), S.y(540), S.touch(true)])
    stream.frame(at: start + 2_050_000, [S.trackingID(-1), S.touch(false)])

    let result = try GestureBridgeWatchTool.watchMocked(
      device: TestTouchscreen.description(), events: stream.events,
      extraArguments: ["--format", "json"], until: #""recognizer":"tap""#)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertTrue(
      result.standardError.contains(
        "device added: /dev/input/event5 \"GestureBridge Test Touchscreen\""),
      result.standardError)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 1, result.standardOutput)
    let tap = try XCTUnwrap(lines.first)
    XCTAssertTrue(
      tap.contains(
        #""recognizer":"tap","type":"tap","view":"desktop","state":"recognized","location":[960.00,540.00],"touches":1,"taps":1}"#
      ), tap)
  }

  func testAMissingDeviceNodeExits1WithAClearMessage() throws {
    let result = try GestureBridgeWatchTool.run([
      "watch", "--device", "/dev/input/event-gesturebridge-missing",
    ])

    XCTAssertEqual(result.exitCode, 1)
    XCTAssertEqual(result.standardOutput, "")
    XCTAssertTrue(
      result.standardError.hasPrefix(
        "error: cannot open /dev/input/event-gesturebridge-missing: no such device node"),
      result.standardError)
  }

  func testAnUnreadableDeviceNodeExits1NamingTheGroupAndTheFix() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    chmod(folder.path, 0o755)
    let node = folder.appendingPathComponent("event98").path
    var wrapper: [String] = []
    if geteuid() == 0 {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        throw XCTSkip("running as root without /usr/bin/setpriv (util-linux) to drop privileges")
      }
      XCTAssertEqual(mknod(node, S_IFCHR | 0o600, dev_t((13 << 8) | 98)), 0, "mknod \(node)")
      wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    } else {
      XCTAssertTrue(FileManager.default.createFile(atPath: node, contents: Data()))
      chmod(node, 0)
    }

    let result = try GestureBridgeWatchTool.run(["watch", "--device", node], wrapper: wrapper)

    XCTAssertEqual(result.exitCode, 1, result.standardError)
    let message = result.standardError
    XCTAssertTrue(message.hasPrefix("error: cannot open \(node): permission denied"), message)
    XCTAssertTrue(message.contains("sudo usermod -aG"), message)
    XCTAssertTrue(message.contains("CAP_DAC_OVERRIDE"), message)
    XCTAssertEqual(message.split(separator: "\n").count, 1, message)
  }

  func testHelpExplainsThePermissionsAndHowToJoinTheInputGroup() throws {
    let result = try GestureBridgeWatchTool.run(["watch", "--help"])

    XCTAssertEqual(result.exitCode, 0)
    let help = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
      .split(separator: " ").joined(separator: " ")
    XCTAssertTrue(help.contains("sudo usermod -aG input $USER"), help)
    XCTAssertTrue(help.contains("log in again"), help)
    XCTAssertTrue(help.contains("CAP_DAC_OVERRIDE"), help)
    XCTAssertTrue(help.contains("--seat"), help)
  }
}
