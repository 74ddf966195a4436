// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

final class MockedReplayScriptTests: XCTestCase {
  func testScriptSurvivesAJSONRoundTrip() throws {
    let script = MockedReplayScript(
      devices: [MockedDeviceFilesTests.touchscreen],
      steps: [
        .add(device: 0),
        .events(
          device: 0, [EvdevEvent(timeMicroseconds: 500_000, type: 3, code: 57, value: -1)]),
        .remove(device: 0),
      ])

    let decoded = try JSONDecoder().decode(
      MockedReplayScript.self, from: JSONEncoder().encode(script))

    XCTAssertEqual(decoded, script)
  }

  func testStepForADeviceThatIsNotPluggedInIsRejectedNamingTheStep() {
    let script = MockedReplayScript(
      devices: [MockedDeviceFilesTests.touchscreen],
      steps: [.add(device: 0), .remove(device: 0), .events(device: 0, [])])

    XCTAssertThrowsError(try script.validate()) { error in
      XCTAssertEqual(
        "\(error)", "invalid replay script: step 2: device 0 is not plugged in at this point")
    }
  }

  func testMalformedEventInAFileIsReportedWithFileStepAndEvent() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("gesturebridge-\(UUID().uuidString).replay.json")
    defer { try? FileManager.default.removeItem(at: file) }
    let device = try JSONEncoder().encode(
      MockedReplayScript(devices: [MockedDeviceFilesTests.touchscreen], steps: []))
    var json = String(decoding: device, as: UTF8.self)
    json = json.replacingOccurrences(
      of: "\"steps\":[]", with: "\"steps\":[{\"add\":0},{\"device\":0,\"events\":[[1,2,3]]}]")
    try Data(json.utf8).write(to: file)

    XCTAssertThrowsError(try MockedReplayScript.load(path: file.path)) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains(file.path), message)
      XCTAssertTrue(message.contains("step 1 event 0"), message)
    }
  }

  func testTestbedRefusesToStartWithoutUmockdevPreload() {
    XCTAssertFalse(UmockdevPreload.isUmockdevPreloadLoaded, "the test runner is not preloaded")
    XCTAssertThrowsError(try MockedTestbed()) { error in
      XCTAssertTrue("\(error)".contains("LD_PRELOAD=libumockdev-preload.so.0"), "\(error)")
    }
  }
}
