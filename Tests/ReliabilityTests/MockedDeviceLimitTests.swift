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
}
