// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

final class MultiDeviceRecordingTests: XCTestCase {
  private func device(_ name: String, node: String) -> EvdevDeviceDescription {
    var device = EvdevDeviceDescription.syntheticTouchscreen
    device.name = name
    device.node = node
    return device
  }

  private func frame(_ time: UInt64, _ values: [Int32]) -> [EvdevEvent] {
    values.map { EvdevEvent(timeMicroseconds: time, type: 3, code: 53, value: $0) }
      + [EvdevEvent(timeMicroseconds: time, type: 0, code: 0, value: 0)]
  }

  func testEventsOfAllDevicesComeAsOneStreamOrderedByTime() throws {
    let files = try TestFiles()
    let path = files.path("two.yml")
    try RecordingWriter.write(
      path: path,
      devices: [
        (
          device("first", node: "/dev/input/event1"),
          frame(0, [1]) + frame(20_000, [2, 3]) + frame(40_000, [4])
        ),
        (
          device("second", node: "/dev/input/event2"),
          frame(10_000, [10]) + frame(30_000, [11]) + frame(50_000, [12, 13])
        ),
      ])
    let reader = try RecordingReader(path: path)
    XCTAssertEqual(reader.devices.map(\.name), ["first", "second"])
    XCTAssertEqual(reader.devices.map(\.node), ["/dev/input/event1", "/dev/input/event2"])
    var stream: [(Int, UInt64, Int32)] = []
    try reader.forEachEvent { device, event in
      stream.append((device, event.timeMicroseconds, event.value))
    }
    XCTAssertEqual(stream.map(\.0), [0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1])
    XCTAssertEqual(stream.map(\.1), stream.map(\.1).sorted())
    XCTAssertEqual(stream.filter { $0.2 != 0 }.map(\.2), [1, 10, 2, 3, 11, 4, 12, 13])
  }

  func testFramesAtEqualTimesStayWholeAndTheLowerDeviceComesFirst() throws {
    let files = try TestFiles()
    let path = files.path("same-time.yml")
    try RecordingWriter.write(
      path: path,
      devices: [
        (device("a", node: "/dev/input/event1"), frame(5_000, [1, 2, 3]) + frame(5_000, [4])),
        (device("b", node: "/dev/input/event2"), frame(5_000, [10, 11])),
        (device("c", node: "/dev/input/event3"), frame(1_000, [20])),
      ])
    let events = try RecordingReader.readAll(path: path).events
    XCTAssertEqual(
      events.map(\.device), [2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1])
    XCTAssertEqual(events.map(\.event.value), [20, 0, 1, 2, 3, 0, 4, 0, 10, 11, 0])
  }
}
