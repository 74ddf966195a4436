// SPDX-License-Identifier: MIT
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

final class InputEventEncodingTests: XCTestCase {
  func testEventIsWrittenAsA24ByteKernelInputEventWithItsOwnTime() {
    let event = EvdevEvent(timeMicroseconds: 2_500_123, type: 3, code: 0x35, value: -2)

    let bytes = InputEventEncoding.encode([event])

    XCTAssertEqual(bytes.count, 24)
    XCTAssertEqual(Array(bytes[0..<8]), [2, 0, 0, 0, 0, 0, 0, 0], "seconds")
    XCTAssertEqual(Array(bytes[8..<16]), [0x9b, 0xa1, 0x07, 0, 0, 0, 0, 0], "500123 us = 0x07A19B")
    XCTAssertEqual(Array(bytes[16..<24]), [3, 0, 0x35, 0, 0xfe, 0xff, 0xff, 0xff])
  }

  func testSeveralEventsAreTheirEncodingsOneAfterTheOther() {
    let events = [
      EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0),
      EvdevEvent(timeMicroseconds: 1_999_999, type: 3, code: 0x2f, value: Int32.min),
      EvdevEvent(timeMicroseconds: 4_000_000_000_001, type: 0xFFFF, code: 0xFFFF, value: Int32.max),
    ]
    var expected: [UInt8] = []
    for event in events { InputEventEncoding.append(event, to: &expected) }

    XCTAssertEqual(InputEventEncoding.encode(events), expected)
    XCTAssertEqual(InputEventEncoding.encode(events[1...]), Array(expected[24...]))
    XCTAssertEqual(InputEventEncoding.encode([EvdevEvent]()), [])
  }

  func testStreamIsSplitIntoFramesAtEachSynReport() {
    let events = [
      EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0),
      EvdevEvent(timeMicroseconds: 1, type: 3, code: 0x2f, value: 1),
      EvdevEvent(timeMicroseconds: 1, type: 3, code: 0x35, value: 9),
      EvdevEvent(timeMicroseconds: 1, type: 0, code: 0, value: 0),
      EvdevEvent(timeMicroseconds: 2, type: 3, code: 0x2f, value: 0),
    ]

    let frames = InputEventEncoding.frames(events)

    XCTAssertEqual(frames.map(\.count), [1, 3, 1])
    XCTAssertEqual(frames.map { InputEventEncoding.expectsTouchFrame($0) }, [false, true, false])
  }
}
