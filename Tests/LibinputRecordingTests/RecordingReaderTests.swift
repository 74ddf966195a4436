// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

final class RecordingReaderTests: XCTestCase {
  func testReadsTheHeaderOfARealLibinputRecording() throws {
    let reader = try RecordingReader(path: try TestFiles.fixture("pinch_tap.record.yml"))
    XCTAssertEqual(reader.header.version, 1)
    XCTAssertEqual(reader.header.libinputVersion, "1.22.1")
    XCTAssertEqual(reader.header.systemOS, "debian:12")
    XCTAssertEqual(reader.header.systemKernel, "6.18.44-fc-v657")
    XCTAssertEqual(reader.devices.count, 1)
    let device = try XCTUnwrap(reader.devices.first)
    XCTAssertEqual(device.node, "/dev/input/event5")
    XCTAssertEqual(device.name, "H1 Synthetic Touchscreen")
    XCTAssertEqual(
      device.id, .init(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111))
    XCTAssertEqual(device.codes[0], Array(0...15))
    XCTAssertEqual(device.codes[1], [330])
    XCTAssertEqual(device.codes[3], [0, 1, 47, 53, 54, 55, 57])
    XCTAssertEqual(device.codes.count, 3)
    XCTAssertEqual(device.absinfo.count, 7)
    XCTAssertEqual(device.absinfo[0], AbsInfo(minimum: 0, maximum: 1919, resolution: 8))
    XCTAssertEqual(device.absinfo[1], AbsInfo(minimum: 0, maximum: 1079, resolution: 8))
    XCTAssertEqual(device.absinfo[47], AbsInfo(minimum: 0, maximum: 9))
    XCTAssertEqual(device.absinfo[55], AbsInfo(minimum: 0, maximum: 2))
    XCTAssertEqual(device.absinfo[57], AbsInfo(minimum: 0, maximum: 65535))
    XCTAssertEqual(device.properties, [1])
    XCTAssertEqual(
      device.udevProperties,
      [
        "ID_INPUT=1", "ID_INPUT_HEIGHT_MM=135", "ID_INPUT_TOUCHSCREEN=1", "ID_INPUT_WIDTH_MM=240",
        "LIBINPUT_DEVICE_GROUP=3/1234/5678:h1-synthetic",
      ])
    XCTAssertEqual(device.quirks, [])
    XCTAssertTrue(device.supports(type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_MT_TOOL_TYPE))
  }

  func testReadsEveryEventOfARealLibinputRecordingInOrder() throws {
    let path = try TestFiles.fixture("pinch_tap.record.yml")
    let (_, events) = try RecordingReader.readAll(path: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let eventLines = text.split(separator: "\n").filter { $0.hasPrefix("    - [") }
    XCTAssertEqual(events.count, eventLines.count)
    XCTAssertTrue(events.allSatisfy { $0.device == 0 })
    XCTAssertEqual(events.first?.event, EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0))
    XCTAssertEqual(events[1].event, EvdevEvent(timeMicroseconds: 0, type: 3, code: 57, value: 1))
    XCTAssertEqual(events[2].event, EvdevEvent(timeMicroseconds: 0, type: 3, code: 53, value: 760))
    XCTAssertEqual(
      events[12].event, EvdevEvent(timeMicroseconds: 10_000, type: 3, code: 47, value: 0))
    XCTAssertEqual(
      events[events.count - 3].event,
      EvdevEvent(timeMicroseconds: 480_000, type: 3, code: 57, value: -1))
    XCTAssertEqual(
      events.last?.event, EvdevEvent(timeMicroseconds: 480_000, type: 0, code: 0, value: 0))
    let times = events.map(\.event.timeMicroseconds)
    XCTAssertEqual(times, times.sorted())
  }

  func testCommentsUnknownKeysAndOtherEntryKindsAreIgnored() throws {
    let files = try TestFiles()
    let plain = try files.write(
      "plain.yml",
      touchscreenRecording(
        events: """
            - evdev:
              - [  0,    500,   3,  57,       7]
              - [  0,    500,   0,   0,       0]
            - evdev:
              - [  1,     20,   3,  57,      -1]
              - [  1,     20,   0,   0,       0]
          """))
    let noisy = try files.write(
      "noisy.yml",
      touchscreenRecording(
        events: """
            # Current time is 10:00:00
            - libinput:
                type: TOUCH_DOWN
                time: [1, 2]
                nested:
                - [9, 9, 9, 9, 9, 9]
            - evdev:
              - [  0,    500,   3,  57,       7] # EV_ABS / ABS_MT_TRACKING_ID  7

              # a comment between events
              - [  0,    500,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
                                                 # Touch device in neutral state
            - hid:
                time: [0, 12]
                hidraw0: [1, 2, 3]
            - evdev:
              - [1,20,3,57,-1]
              - [  1 ,  20 , 0 , 0 , 0 ]
          """,
        extraHeader: """
          # a comment at the top
          future_key: {nested: [1, 2, {deeper: true}]}
          libinput:
            version: "9.9"
            something_new: 1
          system:
            os: "debian:12"

          """))
    let expected = try RecordingReader.readAll(path: plain).events.map(\.event)
    XCTAssertEqual(expected.count, 4)
    XCTAssertEqual(try RecordingReader.readAll(path: noisy).events.map(\.event), expected)
    XCTAssertEqual(try RecordingReader(path: noisy).header.libinputVersion, "9.9")
  }

  func testKeyboardOnlyRecordingParses() throws {
    let files = try TestFiles()
    let path = try files.write(
      "keyboard.yml",
      """
      version: 1
      ndevices: 1
      libinput:
        version: "1.22.1"
      devices:
      - node: /dev/input/event3
        evdev:
          name: "AT Translated Set 2 keyboard"
          id: [17, 1, 1, 43841]
          codes:
            0: [0, 1, 4, 17, 20] # EV_SYN
            1: [1, 2, 3, 30, 31] # EV_KEY
            4: [4] # EV_MSC
          properties: []
        udev:
          properties:
          - ID_INPUT=1
          - ID_INPUT_KEY=1
          - ID_INPUT_KEYBOARD=1
        quirks:
        events:
        - evdev:
          - [  0,      0,   4,   4,      30] # EV_MSC / MSC_SCAN                30
          - [  0,      0,   1,  30,       1] # EV_KEY / KEY_A                    1
          - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
        - evdev:
          - [  0,  90000,   1,  30,       0] # EV_KEY / KEY_A                    0
          - [  0,  90000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +90ms

      """)
    let (header, events) = try RecordingReader.readAll(path: path)
    let device = try XCTUnwrap(header.devices.first)
    XCTAssertEqual(device.name, "AT Translated Set 2 keyboard")
    XCTAssertTrue(device.absinfo.isEmpty)
    XCTAssertEqual(device.properties, [])
    XCTAssertFalse(device.supports(type: EvdevCodes.EV_ABS, code: EvdevCodes.ABS_MT_SLOT))
    XCTAssertEqual(events.count, 5)
    XCTAssertEqual(
      events[3].event, EvdevEvent(timeMicroseconds: 90_000, type: 1, code: 30, value: 0))
  }

  func testDeviceWithoutEventsGivesNoEvents() throws {
    let files = try TestFiles()
    let path = try files.write("empty.yml", touchscreenRecording(events: ""))
    let (header, events) = try RecordingReader.readAll(path: path)
    XCTAssertEqual(header.devices.count, 1)
    XCTAssertTrue(events.isEmpty)
  }

  func testWindowsLineEndingsAreAccepted() throws {
    let files = try TestFiles()
    let text = touchscreenRecording(
      events: """
          - evdev:
            - [  0,    500,   3,  57,       7]
            - [  0,    500,   0,   0,       0]
        """
    ).replacingOccurrences(of: "\n", with: "\r\n")
    let events = try RecordingReader.readAll(path: try files.write("crlf.yml", text)).events
    XCTAssertEqual(events.map(\.event.value), [7, 0])
  }

  /// Event numbers are read eight bytes at a time where the line allows and one byte at a time
  /// elsewhere; every layout must give the same events: numbers of 1 to 12 digits, runs of 0
  /// to 12 spaces, negative values down to Int32.min, with and without a trailing comment.
  func testEventNumbersOfEveryWidthAndSpacingReadTheSame() throws {
    var state: UInt64 = 0x1234_5678
    func random(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    func spaces() -> String { String(repeating: " ", count: Int(random(13))) }
    var lines: [String] = []
    var expected: [EvdevEvent] = []
    var seconds: UInt64 = 0
    for item in 0..<300 {
      lines.append("  - evdev:")
      for index in 0..<Int(random(6)) + 1 {
        let last = index > 0 && random(3) == 0
        seconds += random(2) == 0 ? 0 : [1, 7, 999, 123_456_789][Int(random(4))]
        let microseconds = random(1_000_000)
        let type: UInt64 = last ? 0 : [1, 3, 4, 65_535][Int(random(4))]
        let code: UInt64 = last ? 0 : [0, 9, 53, 330, 65_535][Int(random(5))]
        let values: [Int64] = [
          0, 1, -1, 1455, 12_345_678, -98_765_432, Int64(Int32.max), Int64(Int32.min),
        ]
        let value = last ? 0 : values[Int(random(UInt64(values.count)))]
        let sign = value < 0 ? "-" : ""
        let comment = random(2) == 0 ? "" : spaces() + "# EV_ABS / ABS_MT_POSITION_X  \(item)"
        lines.append(
          "    - [" + spaces() + String(seconds) + spaces() + "," + spaces()
            + String(microseconds) + spaces() + "," + spaces() + String(type) + spaces() + ","
            + spaces() + String(code) + spaces() + "," + spaces() + sign + String(value.magnitude)
            + spaces() + "]" + comment)
        expected.append(
          EvdevEvent(
            timeMicroseconds: seconds * 1_000_000 + microseconds, type: UInt16(type),
            code: UInt16(code), value: Int32(value)))
        if last { break }
      }
      if expected.last.map({ $0.type != 0 || $0.code != 0 }) ?? true {
        lines.append("    - [\(seconds), 0, 0, 0, 0]")
        expected.append(
          EvdevEvent(timeMicroseconds: seconds * 1_000_000, type: 0, code: 0, value: 0))
      }
    }
    let files = try TestFiles()
    let path = try files.write(
      "widths.yml", touchscreenRecording(events: lines.joined(separator: "\n")))
    XCTAssertEqual(try RecordingReader.readAll(path: path).events.map(\.event), expected)
  }

  /// Lines in the exact layout `libinput record` prints (`%3lu, %6u, %3d, %3d, %7d]`) take a
  /// fixed-width path; they must read as any other spacing does, and lines that only look
  /// like it (a number wider than its field, a sign where none may be) must still be read or
  /// refused as before.
  func testFixedWidthEventLinesReadLikeAnyOther() throws {
    var state: UInt64 = 0x9E37_79B9
    func random(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    func padded(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var lines: [String] = []
    var expected: [EvdevEvent] = []
    var seconds: UInt64 = 0
    for _ in 0..<400 {
      lines.append("  - evdev:")
      seconds += random(3) == 0 ? [1, 9, 99, 900, 1000][Int(random(5))] : 0
      for index in 0..<Int(random(5)) + 1 {
        let last = index > 0 && random(3) == 0
        let microseconds = [0, 7, 99_999, 999_999, random(1_000_000)][Int(random(5))]
        let type: UInt64 = last ? 0 : [1, 3, 999, 1000, 65_535][Int(random(5))]
        let code: UInt64 = last ? 0 : [0, 53, 330, 999, 1000][Int(random(5))]
        let values: [Int64] = [0, -1, 9, -999_999, 9_999_999, 10_000_000, Int64(Int32.min)]
        let value = last ? 0 : values[Int(random(UInt64(values.count)))]
        let tail = ["", " # EV_ABS / ABS_MT_POSITION_X      1", "   #", "  "][Int(random(4))]
        lines.append(
          "    - [\(padded(String(seconds), 3)), \(padded(String(microseconds), 6)), "
            + "\(padded(String(type), 3)), \(padded(String(code), 3)), "
            + "\(padded(String(value), 7))]\(tail)")
        expected.append(
          EvdevEvent(
            timeMicroseconds: seconds * 1_000_000 + microseconds, type: UInt16(type),
            code: UInt16(code), value: Int32(value)))
        if last { break }
      }
      if expected.last.map({ $0.type != 0 || $0.code != 0 }) ?? true {
        lines.append("    - [\(padded(String(seconds), 3)),      0,   0,   0,       0]")
        expected.append(
          EvdevEvent(timeMicroseconds: seconds * 1_000_000, type: 0, code: 0, value: 0))
      }
    }
    let files = try TestFiles()
    let path = try files.write(
      "fixed.yml", touchscreenRecording(events: lines.joined(separator: "\n")))
    XCTAssertEqual(try RecordingReader.readAll(path: path).events.map(\.event), expected)

    // Fixed-width look-alikes that are not events.
    for bad in [
      "    - [ -1,      0,   3,  53,       1]",  // negative seconds
      "    - [  0,     -1,   3,  53,       1]",  // negative microseconds
      "    - [  0,      0,  -3,  53,       1]",  // negative type
      "    - [  0,      0,   3,   -,       1]",  // no digits
      "    - [  0,      0,   3,  53,     - 1]",  // a sign apart from its digits
      "    - [  0,      0,   3,  53,      1 ]x",  // text after the list
      "    - [  0,      0,   3,  5x,       1]",  // a letter in a number
    ] {
      let text = touchscreenRecording(events: "  - evdev:\n" + bad + "\n    - [0, 0, 0, 0, 0]")
      let file = try files.write("bad.yml", text)
      XCTAssertThrowsError(try RecordingReader.readAll(path: file), bad)
    }
  }
}
