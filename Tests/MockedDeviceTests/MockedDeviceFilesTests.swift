// SPDX-License-Identifier: MIT
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

/// The generated umockdev description and ioctl answers describe the device as the kernel
/// would (values checked against a real umockdev recording of the same touchscreen).
final class MockedDeviceFilesTests: XCTestCase {
  static let touchscreen = EvdevDeviceDescription(
    node: "/dev/input/event5", name: "H1 Synthetic Touchscreen",
    id: .init(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111),
    codes: [0: [0], 1: [330], 3: [0, 1, 47, 53, 54, 55, 57]],
    absinfo: [
      0: AbsInfo(minimum: 0, maximum: 1919, resolution: 8),
      1: AbsInfo(minimum: 0, maximum: 1079, resolution: 8),
      47: AbsInfo(minimum: 0, maximum: 9), 53: AbsInfo(minimum: 0, maximum: 1919, resolution: 8),
      54: AbsInfo(minimum: 0, maximum: 1079, resolution: 8), 55: AbsInfo(minimum: 0, maximum: 2),
      57: AbsInfo(minimum: 0, maximum: 65535),
    ],
    properties: [1],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1", "DEVNAME=/dev/input/event42"])

  func testUdevDescriptionAdvertisesTheTouchscreenLikeTheKernel() {
    let files = MockedDeviceFiles(description: Self.touchscreen, eventNumber: 5)
    let lines = Set(files.umockdevDescription.split(separator: "\n").map(String.init))

    XCTAssertEqual(files.node, "/dev/input/event5")
    XCTAssertEqual(files.syspath, "/sys/devices/virtual/gesturebridge/input105/event5")
    for expected in [
      "N: input/event5", "E: DEVNAME=/dev/input/event5", "A: dev=13:69", "E: MINOR=69",
      "E: ID_INPUT_TOUCHSCREEN=1", "E: TAGS=:seat:", "E: ABS=2e0800000000003", "E: EV=b",
      "E: KEY=400 0 0 0 0 0", "E: PROP=2", "A: capabilities/rel=0",
      "A: name=H1 Synthetic Touchscreen", "A: id/vendor=1234", "A: id/version=0111",
      "A: modalias=input:b0003v1234p5678e0111-e0,1,3,k14A,ra0,1,2F,35,36,37,39,mlsfw",
    ] {
      XCTAssertTrue(lines.contains(expected), "missing line '\(expected)'")
    }
    XCTAssertFalse(lines.contains("E: DEVNAME=/dev/input/event42"), "the node's own DEVNAME wins")
  }

  func testIoctlRecordAnswersWhatLibevdevAsks() {
    let files = MockedDeviceFiles(description: Self.touchscreen, eventNumber: 7)
    let lines = files.ioctlRecord.split(separator: "\n").map(String.init)

    XCTAssertEqual(lines.first, "@DEV /dev/input/event7")
    for expected in [
      "EVIOCGBIT(0) 8 0B00000000000000", "EVIOCGID 0 0300341278561101",
      "EVIOCGVERSION 0 01000100", "EVIOCGPROP(0) 8 0200000000000000",
      "EVIOCGBIT(3) 8 030000000080E002",
      "EVIOCGABS 0 00000000000000007F070000000000000000000008000000",
      "EVIOCGABS(57) 0 FFFFFFFF00000000FFFF0000000000000000000000000000",
    ] {
      XCTAssertTrue(lines.contains(expected), "missing '\(expected)'")
    }
    let name = lines.first { $0.hasPrefix("EVIOCGNAME(0) ") }
    XCTAssertEqual(name?.split(separator: " ")[1], "25", "length of the name + NUL")
    XCTAssertEqual(name?.split(separator: " ")[2].count, 255 * 2, "255-byte buffer")
    let slots = lines.filter { $0.hasPrefix("EVIOCGMTSLOTS(0) 0 ") }
    XCTAssertEqual(
      slots.map { String($0.dropFirst(19).prefix(8)) },
      [
        "35000000", "36000000", "37000000", "39000000",
      ])
    XCTAssertTrue(slots[3].dropFirst(27).allSatisfy { $0 == "F" }, "no tracking ids yet")
  }
}
