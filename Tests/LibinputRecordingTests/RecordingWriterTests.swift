// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import TouchInput
import XCTest
import Yams

final class RecordingWriterTests: XCTestCase {
  private func pinchEvents() throws -> [EvdevEvent] {
    try MultitouchEncoder.events(
      for: .pinch(
        center: (960, 540), fromSpan: 200, toSpan: 500, start: 500_000, duration: 600_000),
      rateHz: 120)
  }

  func testWrittenRecordingReadsBackWithTheSameDeviceAndEvents() throws {
    let files = try TestFiles()
    let events = try pinchEvents()
    for comments in [true, false] {
      let path = files.path("pinch-\(comments).yml")
      let writer = try RecordingWriter(
        path: path, device: .syntheticTouchscreen, comments: comments)
      try writer.write(contentsOf: events)
      try writer.close()
      let (header, read) = try RecordingReader.readAll(path: path)
      XCTAssertEqual(header.devices, [.syntheticTouchscreen])
      XCTAssertEqual(read.map(\.event), events)
      XCTAssertTrue(read.allSatisfy { $0.device == 0 })
    }
  }

  func testDeviceWithQuirksAndUnusualStringsRoundTrips() throws {
    let files = try TestFiles()
    var device = EvdevDeviceDescription.syntheticTouchscreen
    device.name = "Weird \"Name\": with # and \\ backslash"
    device.node = "/dev/input/event 7"
    device.udevProperties = [
      "ID_INPUT=1", "LIBINPUT_DEVICE_GROUP=3/1234/5678:h1-synthetic", "X=a: b",
    ]
    device.quirks = ["ModelAppleTouchpad=1", "AttrSizeHint=32x32"]
    let path = files.path("weird.yml")
    try RecordingWriter.write(
      path: path,
      devices: [(device, [EvdevEvent(timeMicroseconds: 1, type: 0, code: 0, value: 0)])])
    XCTAssertEqual(try RecordingReader(path: path).devices, [device])
  }

  func testOutputHasTheLayoutOfLibinputRecord() throws {
    let files = try TestFiles()
    let path = files.path("tap.yml")
    let events = try MultitouchEncoder.events(
      for: .tap(at: (960, 540), start: 500_000), rateHz: 120)
    try RecordingWriter.write(path: path, devices: [(.syntheticTouchscreen, events)])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.first, "# libinput record")
    XCTAssertTrue(lines.contains("    # Name: GestureBridge Synthetic Touchscreen"))
    XCTAssertTrue(lines.contains("    # Size in mm: 239x134"))
    XCTAssertTrue(lines.contains("      3: [0, 1, 47, 53, 54, 55, 57] # EV_ABS"))
    XCTAssertTrue(lines.contains("      53: [0, 1919, 0, 0, 8]"))
    XCTAssertTrue(lines.contains("    - ID_INPUT_TOUCHSCREEN=1"))
    XCTAssertTrue(
      lines.contains(
        "    - [  0, 500000,   3,  57,       1] # EV_ABS / ABS_MT_TRACKING_ID        1"))
    XCTAssertTrue(
      lines.contains(
        "    - [  0, 580000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +80ms"))
    let frames = events.filter { $0.type == 0 && $0.code == 0 }.count
    XCTAssertEqual(lines.filter { $0 == "  - evdev:" }.count, frames)
    XCTAssertEqual(text.last, "\n")

    // The whole file is plain YAML of the documented shape.
    let root = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
    XCTAssertEqual(root["version"] as? Int, 1)
    XCTAssertEqual(root["ndevices"] as? Int, 1)
    let device = try XCTUnwrap((root["devices"] as? [[String: Any]])?.first)
    let entries = try XCTUnwrap(device["events"] as? [[String: [[Int]]]])
    XCTAssertEqual(entries.count, frames)
    XCTAssertEqual(entries.last?["evdev"]?.last, [0, 580_000, 0, 0, 0])
  }

  func testMultipleDevicesAreWrittenOneAfterAnother() throws {
    let files = try TestFiles()
    let path = files.path("two.yml")
    var second = EvdevDeviceDescription.syntheticTouchscreen
    second.name = "Second"
    let writer = try RecordingWriter(path: path, deviceCount: 2)
    try writer.beginDevice(.syntheticTouchscreen)
    try writer.write(EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0))
    try writer.beginDevice(second)
    try writer.write(EvdevEvent(timeMicroseconds: 1, type: 0, code: 0, value: 0))
    try writer.close()
    let (header, events) = try RecordingReader.readAll(path: path)
    XCTAssertEqual(header.devices.map(\.name), ["GestureBridge Synthetic Touchscreen", "Second"])
    XCTAssertEqual(events.map(\.device), [0, 1])
  }

  func testWriterRefusesToCloseInsideAFrame() throws {
    let files = try TestFiles()
    let writer = try RecordingWriter(path: files.path("open.yml"), device: .syntheticTouchscreen)
    try writer.write(EvdevEvent(timeMicroseconds: 0, type: 3, code: 57, value: 1))
    XCTAssertThrowsError(try writer.close()) { error in
      XCTAssertTrue("\(error)".hasSuffix("cannot write recording: last frame has no SYN_REPORT"))
    }
  }

  func testWriterRefusesMissingDevices() throws {
    let files = try TestFiles()
    let writer = try RecordingWriter(path: files.path("short.yml"), deviceCount: 2)
    try writer.beginDevice(.syntheticTouchscreen)
    XCTAssertThrowsError(try writer.close())
  }
}
