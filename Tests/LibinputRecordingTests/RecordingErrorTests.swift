// SPDX-License-Identifier: MIT
import LibinputRecording
import XCTest

/// Every malformed recording gives one `FILE:LINE: what is wrong` line and never a crash.
final class RecordingErrorTests: XCTestCase {
  private var files: TestFiles!

  override func setUpWithError() throws {
    files = try TestFiles()
  }

  /// The description of the error reading all of `text` throws (or nil when it reads fine).
  private func readingError(_ text: String, name: String = "x.yml") throws -> String? {
    let path = try files.write(name, text)
    return readingError(path: path)
  }

  private func readingError(path: String) -> String? {
    do {
      _ = try RecordingReader.readAll(path: path)
      return nil
    } catch {
      let description = "\(error)"
      XCTAssertFalse(description.contains("\n"), "error must be one line: \(description)")
      return description.replacingOccurrences(of: files.directory.path + "/", with: "")
    }
  }

  /// A recording whose events list is `events`; the events list starts on line 26.
  private func recording(events: String) -> String {
    touchscreenRecording(events: events)
  }

  private let firstEventsLine = 26

  func testEventWithTooFewNumbersNamesItsLine() throws {
    let text = recording(
      events: """
          - evdev:
            - [  0,      0,   3,  57,       1]
            - [  0,      0,   3]
            - [  0,      0,   0,   0,       0]
        """)
    XCTAssertEqual(
      try readingError(text, name: "tap.yml"),
      "tap.yml:\(firstEventsLine + 2): evdev event needs 5 numbers, found 3")
  }

  func testEventWithTooManyNumbers() throws {
    let text = recording(events: "  - evdev:\n    - [0, 0, 0, 0, 0, 0]\n")
    XCTAssertEqual(
      try readingError(text), "x.yml:\(firstEventsLine + 1): evdev event needs 5 numbers, found 6")
  }

  func testUnsupportedVersionIsRefused() throws {
    XCTAssertEqual(
      try readingError("version: 2\nndevices: 1\ndevices: []\n"),
      "x.yml:1: unsupported recording version 2 (only version 1 is supported)")
  }

  func testMissingVersion() throws {
    XCTAssertEqual(
      try readingError("ndevices: 1\ndevices: []\n"),
      "x.yml: missing 'version' (not a libinput recording?)")
  }

  func testRecordingWithoutDevices() throws {
    XCTAssertEqual(
      try readingError("version: 1\nndevices: 0\ndevices: []\n"), "x.yml: no devices in recording")
    XCTAssertEqual(
      try readingError("version: 1\nndevices: 0\ndevices:\n"), "x.yml: no devices in recording")
  }

  func testMissingDevicesList() throws {
    XCTAssertEqual(
      try readingError("version: 1\nndevices: 1\n"),
      "x.yml: missing 'devices' list (not a libinput recording?)")
  }

  func testDeviceWithoutEvdevSection() throws {
    let text = """
      version: 1
      ndevices: 1
      devices:
      - node: /dev/input/event5
        udev:
          properties: []
        events:
        - evdev:
          - [0, 0, 0, 0, 0]
      """
    XCTAssertEqual(try readingError(text), "x.yml:4: device 0 has no 'evdev' section")
  }

  func testDeviceIdWithWrongCount() throws {
    let text = touchscreenRecording(events: "").replacingOccurrences(
      of: "id: [3, 4660, 22136, 273]", with: "id: [3, 4660, 22136]")
    XCTAssertEqual(try readingError(text), "x.yml:7: 'id' needs 4 numbers, found 3")
  }

  func testAbsinfoOutOfRange() throws {
    let text = touchscreenRecording(events: "").replacingOccurrences(
      of: "53: [0, 1919, 0, 0, 8]", with: "53: [0, 99999999999, 0, 0, 8]")
    XCTAssertEqual(
      try readingError(text),
      "x.yml:16: absinfo of axis 53 [min, max, fuzz, flat, resolution] 99999999999 out of range "
        + "-2147483648...2147483647")
  }

  func testNotYAML() throws {
    let error = try XCTUnwrap(try readingError("version: 1\ndevices: [\n  - {a: b\n: : :\n"))
    XCTAssertTrue(error.hasPrefix("x.yml:"), error)
    XCTAssertTrue(error.contains("not valid YAML ("), error)
  }

  func testPlainTextIsNotARecording() throws {
    XCTAssertEqual(
      try readingError("hello world\n"),
      "x.yml:1: not a libinput recording (expected a mapping with 'version' and 'devices')")
  }

  func testEmptyFile() throws {
    XCTAssertEqual(try readingError(""), "x.yml: empty file (not a libinput recording)")
  }

  func testMissingFile() {
    XCTAssertEqual(
      readingError(path: files.path("nothing.yml")),
      "nothing.yml: cannot open recording (no such file)")
  }

  func testBinaryGarbageGivesAnErrorNotACrash() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<20 {
      let bytes = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let path = try files.write("garbage\(round).yml", bytes: bytes)
      XCTAssertNotNil(readingError(path: path))
    }
  }

  func testFileTruncatedInsideAnEventLine() throws {
    var text = recording(
      events: """
          - evdev:
            - [  0,      0,   3,  57,       1]
            - [  0,      0,   0,   0,       0]
          - evdev:
            - [  0,  10000,   3,  53,     740]
            - [  0,  10000,   3
        """)
    while text.hasSuffix("\n") { text.removeLast() }
    XCTAssertEqual(
      try readingError(text),
      "x.yml:\(firstEventsLine + 5): file ends inside an evdev event (found 3 of 5 numbers, no ']')"
    )
  }

  func testFileEndingInsideAnEvdevEntry() throws {
    let text = recording(
      events: """
          - evdev:
            - [  0,      0,   3,  57,       1]
            - [  0,      0,   0,   0,       0]
          - evdev:
            - [  0,  10000,   3,  53,     740]
        """)
    XCTAssertEqual(
      try readingError(text),
      "x.yml:\(firstEventsLine + 4): file ends inside an evdev entry (its last event is not "
        + "SYN_REPORT)")
  }

  func testFileEndingRightAfterAnEvdevKey() throws {
    let text = recording(
      events: """
          - evdev:
            - [  0,      0,   0,   0,       0]
          - evdev:
        """)
    XCTAssertEqual(
      try readingError(text),
      "x.yml:\(firstEventsLine + 2): file ends inside an evdev entry (no events after '- evdev:')")
  }

  func testEventValueOutOfInt32Range() throws {
    let text = recording(events: "  - evdev:\n    - [0, 0, 3, 53, 4294967296]\n")
    XCTAssertEqual(
      try readingError(text),
      "x.yml:\(firstEventsLine + 1): evdev event value 4294967296 out of range for a 32-bit value")
  }

  func testHugeNumbersAreErrorsNotOverflows() throws {
    let text = recording(events: "  - evdev:\n    - [99999999999999999999999, 0, 0, 0, 0]\n")
    XCTAssertEqual(
      try readingError(text),
      "x.yml:\(firstEventsLine + 1): evdev event number at column 8 is out of range")
  }

  func testEventTypeCodeAndMicrosecondRanges() throws {
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [0, 0, 70000, 0, 0]\n")),
      "x.yml:\(firstEventsLine + 1): evdev event type 70000 out of range 0...65535")
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [0, 0, 3, -1, 0]\n")),
      "x.yml:\(firstEventsLine + 1): evdev event code -1 out of range 0...65535")
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [0, 1000000, 0, 0, 0]\n")),
      "x.yml:\(firstEventsLine + 1): evdev event microseconds 1000000 out of range 0...999999")
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [-1, 0, 0, 0, 0]\n")),
      "x.yml:\(firstEventsLine + 1): evdev event time has negative seconds -1")
  }

  func testNonNumberInEvent() throws {
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [0, 0, EV_ABS, 0, 0]\n")),
      "x.yml:\(firstEventsLine + 1): evdev event has a non-number at column 14")
  }

  func testMissingClosingBracket() throws {
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    - [0, 0, 0, 0, 0\n")),
      "x.yml:\(firstEventsLine + 1): evdev event is missing its closing ']'")
  }

  func testGarbageInsideAnEvdevEntry() throws {
    XCTAssertEqual(
      try readingError(recording(events: "  - evdev:\n    time: 5\n")),
      "x.yml:\(firstEventsLine + 1): expected an evdev event '- [sec, usec, type, code, value]'")
  }
}
