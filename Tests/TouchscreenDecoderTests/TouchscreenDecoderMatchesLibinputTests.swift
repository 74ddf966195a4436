// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

/// Decodes the evemu scenarios of Fixtures/libinput-1.22.1 and compares with what real
/// libinput 1.22.1 printed for them on a mocked device (see the folder's README).
final class TouchscreenDecoderMatchesLibinputTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Fixtures/libinput-1.22.1")

  /// Parses `E: <sec>.<usec> <type hex> <code hex> <value>` lines.
  private func evemuEvents(_ name: String) throws -> [EvdevEvent] {
    let text = try String(
      contentsOf: Self.fixtures.appendingPathComponent("\(name).events"), encoding: .utf8)
    return try text.split(separator: "\n").filter { $0.hasPrefix("E: ") }.map { line in
      let fields = line.split(separator: "\t")[0].split(separator: " ")
      let time = fields[1].split(separator: ".")
      guard fields.count == 5, time.count == 2, let seconds = UInt64(time[0]),
        let micros = UInt64(time[1]), let type = UInt16(fields[2], radix: 16),
        let code = UInt16(fields[3], radix: 16), let value = Int32(fields[4])
      else { throw CocoaError(.fileReadCorruptFile, userInfo: ["line": String(line)]) }
      return EvdevEvent(
        timeMicroseconds: seconds * 1_000_000 + micros, type: type, code: code, value: value)
    }
  }

  /// libinput's lines without the `event5` column and with single spaces.
  private func libinputLines(_ name: String) throws -> [String] {
    let text = try String(
      contentsOf: Self.fixtures.appendingPathComponent("\(name).libinput.txt"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      normalized(
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst()
          .joined(separator: " "))
    }
  }

  /// Single spaces, and none after `/` or `(` (debug-events pads numbers to a width).
  private func normalized(_ line: String) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      .replacingOccurrences(of: "/ ", with: "/").replacingOccurrences(of: "( ", with: "(")
  }

  /// The decoder's output formatted like `libinput debug-events` with a 100x100 "screen"
  /// (debug-events prints `libinput_event_touch_get_x_transformed(event, 100)`).
  private func decoderLines(_ name: String, fuzz: Int32 = 0) throws -> [String] {
    var decoder = try TouchscreenDecoder(
      description: TestDevices.multitouch(name: "H1 Synthetic Touchscreen", fuzz: fuzz),
      screen: ScreenSize(width: 100, height: 100), deviceIndex: 0)
    var lines: [String] = []
    var events: [TouchInputEvent] = []
    for event in try evemuEvents(name) {
      decoder.decode(event) { touch in
        events.append(touch)
        let kind =
          switch touch.kind {
          case .down: "TOUCH_DOWN"
          case .motion: "TOUCH_MOTION"
          case .up: "TOUCH_UP"
          case .cancel: "TOUCH_CANCEL"
          case .frame: "TOUCH_FRAME"
          }
        var line = kind
        if touch.kind != .frame { line += " \(touch.slot) (\(touch.seatSlot))" }
        if touch.kind == .down || touch.kind == .motion {
          line += String(
            format: " %.2f/%.2f (%.2f/%.2fmm)", touch.x, touch.y, touch.xMillimetres,
            touch.yMillimetres)
        }
        lines.append(normalized(line))
      }
    }
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: false), [], name)
    return lines
  }

  func testThePinchAndTapDecodeExactlyLikeLibinput() throws {
    XCTAssertEqual(try decoderLines("pinch"), try libinputLines("pinch"))
  }

  func testPalmsDecodeExactlyLikeLibinput() throws {
    XCTAssertEqual(try decoderLines("palm"), try libinputLines("palm"))
  }

  func testBadTrackingIDsDecodeExactlyLikeLibinput() throws {
    XCTAssertEqual(try decoderLines("busy"), try libinputLines("busy"))
  }

  func testBadSlotsAndOutOfRangeValuesDecodeExactlyLikeLibinput() throws {
    XCTAssertEqual(try decoderLines("slots"), try libinputLines("slots"))
  }

  func testHysteresisMatchesLibinputAndEveryGroupStillGetsItsFrame() throws {
    let mine = try decoderLines("fuzz", fuzz: 8)
    var theirs = try libinputLines("fuzz")
    XCTAssertEqual(
      mine.filter { $0 != "TOUCH_FRAME" }, theirs.filter { $0 != "TOUCH_FRAME" })
    // libinput 1.22 drops the frame when the last changed slot's motion is filtered
    // (fallback_flush_mt_events keeps only the last slot's result); the decoder closes it.
    XCTAssertEqual(theirs[5], "TOUCH_MOTION 0 (0) 53.65/92.59 (128.75/125.00mm)")
    XCTAssertNotEqual(theirs[6], "TOUCH_FRAME")
    theirs.insert("TOUCH_FRAME", at: 6)
    XCTAssertEqual(mine, theirs)
  }
}
