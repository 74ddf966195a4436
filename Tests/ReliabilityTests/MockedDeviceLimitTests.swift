// SPDX-License-Identifier: MIT
import FuzzChecks
import XCTest

/// Limits of the mocked-device replay path itself (MockedDevice, not libinput).
final class MockedDeviceLimitTests: XCTestCase {
  /// Regression: an evdev frame larger than the mocked device's 4096-byte pty buffer
  /// (measured: 170 events, 4,080 bytes, arrived; 174 events, 4,176 bytes, did not) was
  /// silently lost, so 100 fingers landing at once (402 events, 9.6 KiB) gave no touch at
  /// all. `MockedReplay.Session.write` now hands such a frame over in chunks of whole events,
  /// letting libinput read each before the next (libevdev keeps the partial frame until its
  /// SYN_REPORT).
  func testAHundredFingersLandingInOneFrameReachLibinput() throws {
    let scenario = HostileScenario.hundredFingers(perFrame: 100)
    XCTAssertEqual(DecoderFuzzCheck.run(scenario.input).touchDowns, 32, "in-core reference")
    let result = try LibinputDumpRunner.run(scenario)
    XCTAssertEqual(result.exitCode, 0, result.standardError)
    let outcome = TouchEventCheck.run(result.touches)
    XCTAssertEqual(outcome.problems, [])
    XCTAssertEqual(
      outcome.touchDowns, 32, "libinput's 32 seat slots should fill, as with 25 per frame")
  }

  /// Regression: when the mocked device's pty filled up (flow control took a quiet libinput
  /// for one that had read everything), the replay blocked writing to it on the one thread
  /// that makes libinput read, and hung for ever. The write is non-blocking now and libinput
  /// is dispatched while the pty is full. Forced here by lifting the unread limit: the pty
  /// overflows, libinput drops the device after a short read, and the replay ends with an
  /// error naming the device instead of hanging.
  func testAnOverflowingPtyEndsTheReplayWithAnErrorInsteadOfHanging() throws {
    var b = HostileScenario.Builder()
    var frames: [(UInt64, [HostileScenario.Item])] = []
    var down: [HostileScenario.Item] = []
    for finger in Int32(0)..<10 {
      down += [
        HostileScenario.slot(finger), HostileScenario.trackingID(finger + 1),
        HostileScenario.x(100 + 150 * finger), HostileScenario.y(300),
      ]
    }
    frames.append((500_000, down + [HostileScenario.touch(true)]))
    for step in Int32(1)...600 {
      var moved: [HostileScenario.Item] = []
      for finger in Int32(0)..<10 {
        moved += [HostileScenario.slot(finger), HostileScenario.y(300 + step % 200)]
      }
      frames.append((500_000 + UInt64(step) * 4_167, moved))
    }
    for (time, items) in frames { b.frame(at: time, items) }
    let scenario = HostileScenario(
      name: "10 fingers moving for 600 frames", input: .init(devices: [.init()], events: b.events),
      minimumDowns: 10)

    let result = try LibinputDumpRunner.run(
      scenario, arguments: ["--unread-limit", "1000000"], timeoutSeconds: 60)
    XCTAssertEqual(result.exitCode, 1, result.standardError)
    XCTAssertTrue(
      result.standardError.contains("libinput stopped reading mocked /dev/input/event"),
      result.standardError)

    // With the default limit the same stream goes through whole.
    let normal = try LibinputDumpRunner.run(scenario, timeoutSeconds: 60)
    XCTAssertEqual(normal.exitCode, 0, normal.standardError)
    XCTAssertEqual(normal.touches.filter { $0.kind == .motion }.count, 6_000)
  }
}
