// SPDX-License-Identifier: MIT
import Foundation
import LibinputInput
import XCTest

/// A node that cannot be opened gives a clear one-line error and exit status 1.
final class DeviceOpenErrorTests: XCTestCase {
  func testMissingDeviceNodeFailsWithPathErrorAndExitStatus1() throws {
    let result = try TouchDumpTool.run(["--device", "/dev/input/event-gesturebridge-missing"])

    XCTAssertEqual(result.exitCode, 1)
    XCTAssertTrue(
      result.standardError.contains(
        "cannot open /dev/input/event-gesturebridge-missing: no such device node"),
      result.standardError)
    XCTAssertEqual(result.lines, [])
  }

  func testUnreadableDeviceNodeFailsNamingGroupAndCapabilityWithExitStatus1() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    chmod(folder.path, 0o755)
    let node = folder.appendingPathComponent("event99").path
    var wrapper: [String] = []
    if geteuid() == 0 {
      // root can open anything: create a root-only char node and run the tool as nobody.
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        throw XCTSkip("running as root without /usr/bin/setpriv (util-linux) to drop privileges")
      }
      XCTAssertEqual(mknod(node, S_IFCHR | 0o600, makedev(13, 99)), 0, "mknod \(node)")
      wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    } else {
      XCTAssertTrue(FileManager.default.createFile(atPath: node, contents: Data()))
      chmod(node, 0)
    }

    let result = try TouchDumpTool.run(["--device", node], wrapper: wrapper)

    XCTAssertEqual(result.exitCode, 1, result.standardError)
    let message = result.standardError
    XCTAssertTrue(message.contains("cannot open \(node): permission denied"), message)
    XCTAssertTrue(message.contains("usermod -aG"), message)
    XCTAssertTrue(message.contains("'input'"), message)
    XCTAssertTrue(message.contains("CAP_DAC_OVERRIDE"), message)
  }

  func testPathBackendRefusesAMissingNodeWithCannotOpen() throws {
    XCTAssertThrowsError(
      try LibinputTouchSource(backend: .path(devices: ["/dev/input/event-gesturebridge-missing"]))
    ) { error in
      guard case LibinputError.cannotOpenDevice(let path, let explanation) = error else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(path, "/dev/input/event-gesturebridge-missing")
      XCTAssertTrue(explanation.hasPrefix("no such device node"), explanation)
    }
  }
}

private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
  dev_t((UInt64(major & 0xfff) << 8) | UInt64(minor & 0xff) | (UInt64(minor & ~0xff) << 12))
}
