// SPDX-License-Identifier: MIT
import FuzzChecks
import TouchInput
import XCTest

/// The brief's hostile evdev streams (`HostileScenario.all`) through both replay paths, each
/// ending in the gesture engine with the default scene (twelve recognizers):
/// - in-core: `TouchscreenDecoder` -> frame assembler -> engine (`DecoderFuzzCheck`);
/// - real libinput 1.22 on umockdev-mocked devices (`libinput-touch-dump --replay-mocked`)
///   -> frame assembler -> engine (`TouchEventCheck`).
/// Nothing crashes, every down gets exactly one up or cancel, no touch stays alive in the
/// engine and every recognizer is back in `.possible` at the end.
///
/// The decoder's own behaviour on each fault (what it emits and logs) is tested in
/// TouchscreenDecoderTests (KernelMisbehaviourTests, SeatAndDeviceTests, HostileStreamTests);
/// libinput's device removal in LibinputInputTests.
final class HostileStreamPathsTests: XCTestCase {
  private func checkInCore(
    _ scenario: HostileScenario, file: StaticString = #filePath, line: UInt = #line
  ) {
    let outcome = DecoderFuzzCheck.run(scenario.input)
    XCTAssertNil(outcome.error, "\(scenario): device refused", file: file, line: line)
    XCTAssertEqual(outcome.problems, [], "\(scenario): in-core path", file: file, line: line)
    XCTAssertGreaterThanOrEqual(
      outcome.touchDowns, scenario.minimumDowns, "\(scenario): touches seen", file: file, line: line
    )
    XCTAssertGreaterThan(
      outcome.frames, 0, "\(scenario): frames reached the engine", file: file, line: line)
  }

  private func checkLibinput(
    _ scenario: HostileScenario, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let result = try LibinputDumpRunner.run(scenario)
    XCTAssertEqual(
      result.exitCode, 0, "\(scenario): \(result.standardError)", file: file, line: line)
    XCTAssertEqual(
      result.removedDevices, scenario.input.devices.count, "\(scenario): every device unplugged",
      file: file, line: line)
    let outcome = TouchEventCheck.run(result.touches)
    XCTAssertEqual(outcome.problems, [], "\(scenario): libinput path", file: file, line: line)
    XCTAssertGreaterThan(outcome.touchDowns, 0, "\(scenario): touches seen", file: file, line: line)
  }

  func testDuplicateTrackingIDLeavesNoTouchDownOnEitherPath() throws {
    checkInCore(.duplicateTrackingID)
    try checkLibinput(.duplicateTrackingID)
  }

  func testMissingReleaseIsCancelledAtTheEndOnEitherPath() throws {
    checkInCore(.missingRelease)
    try checkLibinput(.missingRelease)
  }

  func testSynDroppedMidGestureLeavesNoTouchDownOnEitherPath() throws {
    checkInCore(.synDroppedMidGesture)
    try checkLibinput(.synDroppedMidGesture)
  }

  func testCoordinatesOutsideAbsinfoReachTheEngineWithoutHarmOnEitherPath() throws {
    checkInCore(.coordinatesOutsideAbsinfo)
    try checkLibinput(.coordinatesOutsideAbsinfo)
  }

  func testSlotBeyondTheMaximumLeavesNoTouchDownOnEitherPath() throws {
    checkInCore(.slotBeyondMaximum)
    try checkLibinput(.slotBeyondMaximum)
  }

  func testHundredSlotsAllEndOnEitherPath() throws {
    checkInCore(.hundredSlots)
    try checkLibinput(.hundredSlots)
  }

  func testTimestampsGoingBackwardsLeaveNoTouchDownOnEitherPath() throws {
    checkInCore(.timestampsGoingBackwards)
    try checkLibinput(.timestampsGoingBackwards)
  }

  func testResolutionZeroDeviceWorksOnEitherPath() throws {
    checkInCore(.resolutionZero)
    try checkLibinput(.resolutionZero)
  }

  func testDeviceVanishingMidGestureCancelsItsTouchesOnEitherPath() throws {
    checkInCore(.deviceVanishingMidGesture)
    try checkLibinput(.deviceVanishingMidGesture)
  }
}
