// SPDX-License-Identifier: MIT
import XCTest

@testable import LibinputRecording

/// The end of an events list is found in two halves on two threads for large bodies; wherever
/// the list ends (first half, second half, the middle line, not at all), the result must be
/// what one pass finds.
final class EventListBodyScanTests: XCTestCase {
  func testTwoHalvesFindWhatOnePassFinds() throws {
    let files = try TestFiles()
    let body = (0..<40).map { index in
      index % 5 == 0 ? "  - evdev:" : "    - [  0, \(100 + index),   3,  53,     960] # x"
    }
    var cases: [(String, [String])] = [("to the end", body)]
    for position in [0, 1, 7, 19, 20, 21, 33, 39] {
      var lines = body
      lines.insert("  quirks:", at: position)
      cases.append(("ends at line \(position)", lines))
    }
    var blankAndComments = body
    blankAndComments.insert("", at: 20)
    blankAndComments.insert("# comment", at: 21)
    blankAndComments.insert("\r", at: 22)
    cases.append(("blank lines and comments", blankAndComments))
    for (name, lines) in cases {
      for ending in ["\n", "\r\n"] {
        for finalNewline in [true, false] {
          let text = "  events:\n" + lines.joined(separator: ending) + (finalNewline ? ending : "")
          let path = try files.write("body.yml", text)
          let size = UInt64(text.utf8.count)
          let start = UInt64("  events:\n".utf8.count)
          let onePass = try EventListBodyScan.scan(
            path: path, from: start, fileSize: size, keyIndent: 2, splitBytes: .max)
          for split: UInt64 in [2, 100, size / 2] {
            let halves = try EventListBodyScan.scan(
              path: path, from: start, fileSize: size, keyIndent: 2, splitBytes: split)
            let label = "\(name), \(ending == "\n" ? "LF" : "CRLF"), final newline \(finalNewline)"
            XCTAssertEqual(halves.endOffset, onePass.endOffset, label)
            XCTAssertEqual(halves.reachedEnd, onePass.reachedEnd, label)
            XCTAssertEqual(halves.lines, onePass.lines, label)
          }
        }
      }
    }
  }

  func testOnePassStopsAtTheFirstLineOutsideTheList() throws {
    let files = try TestFiles()
    let text = "  events:\n  - evdev:\n    - [0, 0, 0, 0, 0]\n  quirks:\n  - evdev:\n"
    let path = try files.write("short.yml", text)
    let result = try EventListBodyScan.scan(
      path: path, from: 10, fileSize: UInt64(text.utf8.count), keyIndent: 2, splitBytes: .max)
    XCTAssertEqual(
      result.endOffset, UInt64("  events:\n  - evdev:\n    - [0, 0, 0, 0, 0]\n".utf8.count))
    XCTAssertFalse(result.reachedEnd)
    XCTAssertEqual(result.lines, 2)
  }
}
