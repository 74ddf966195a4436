// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInTapTests: BuiltInRecognizerTestCase {
  /// a single tap is recognized when the finger lifts, at the tap's location
  func testSingleTap() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    let log = journal(tap) { ($0.taps, $0.location(in: nil)) }
    rig.frame(0, down(1, 100, 100))
    XCTAssertTrue(log.entries.isEmpty, "nothing before the lift")
    rig.frame(80, up(1, 104, 100))
    XCTAssertEqual(log.states, [.ended])
    XCTAssertEqual(log.last?.0, 1)
    XCTAssertEqual(log.last?.1, Point(x: 104, y: 100))
    XCTAssertEqual(tap.finishes, [.ended])
    XCTAssertEqual(tap.isContinuous, false)
  }

  /// tap fails when the touch moves past the tap slop
  func testSlopExceeded() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(20, move(1, 119, 100))  // 19 px > 18 px
    XCTAssertEqual(tap.finishes, [.failed])
    rig.frame(40, up(1, 119, 100))
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// tap still counts when the touch wanders within the tap slop
  func testWithinSlop() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(20, move(1, 112, 112))  // 16.97 px
    rig.frame(40, up(1, 112, 112))
    XCTAssertEqual(log.states, [.ended])
  }

  /// tap slop comes from the engine's settings
  func testSlopFromSettings() {
    var settings = GestureSettings()
    settings.tapSlopPixels = 5
    let rig = Rig(settings: settings)
    let tap = rig.add(RecordingTap())
    rig.frame(0, down(1, 100, 100))
    rig.frame(20, move(1, 106, 100))
    XCTAssertEqual(tap.finishes, [.failed])
  }

  /// tap fails when the finger stays down longer than the tap maximum duration
  func testHeldTooLong() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 999)
    XCTAssertTrue(tap.finishes.isEmpty)
    rig.advance(to: 1000)
    XCTAssertEqual(tap.finishes, [.failed], "the timer fails it while the finger is still down")
  }

  /// double tap is recognized on the second lift, not the first
  func testDoubleTap() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTapsRequired = 2
    rig.add(tap)
    let log = journal(tap) { ($0.taps, $0.location(in: nil)) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(60, up(1, 100, 100))
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(tap.taps, 1)
    rig.frame(200, down(2, 110, 105))
    rig.frame(260, up(2, 110, 105))
    XCTAssertEqual(log.states, [.ended])
    XCTAssertEqual(log.last?.0, 2)
    XCTAssertEqual(log.last?.1, Point(x: 110, y: 105), "location is the last tap's")
    XCTAssertEqual(tap.taps, 0, "reset after recognition")
  }

  /// double tap fails when the second tap does not come within the multi-tap interval
  func testDoubleTapTooSlow() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTapsRequired = 2
    rig.add(tap)
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(60, up(1, 100, 100))
    rig.advance(to: 359)
    XCTAssertTrue(tap.finishes.isEmpty)
    rig.advance(to: 360)
    XCTAssertEqual(tap.finishes, [.failed])
    rig.frame(400, down(2, 100, 100))
    rig.frame(450, up(2, 100, 100))
    XCTAssertTrue(log.entries.isEmpty, "the late tap starts a new sequence, one tap short")
  }

  /// double tap fails when the second tap lands beyond the multi-tap slop
  func testDoubleTapTooFar() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTapsRequired = 2
    rig.add(tap)
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(60, up(1, 100, 100))
    rig.frame(150, down(2, 201, 100))  // 101 px away
    XCTAssertEqual(tap.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// triple tap needs three taps
  func testTripleTap() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTapsRequired = 3
    rig.add(tap)
    let log = journal(tap) { $0.taps }
    for (index, start) in [0.0, 150, 300].enumerated() {
      XCTAssertTrue(log.entries.isEmpty)
      rig.frame(start, down(UInt64(index + 1), 100, 100))
      rig.frame(start + 50, up(UInt64(index + 1), 100, 100))
    }
    XCTAssertEqual(log.values, [3])
  }

  /// two-finger tap is recognized at the centroid of the fingers
  func testTwoFingerTap() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTouchesRequired = 2
    rig.add(tap)
    let log = journal(tap) { $0.location(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(30, down(2, 200, 100))
    rig.frame(80, up(1, 100, 100))
    XCTAssertTrue(log.entries.isEmpty, "one finger is still down")
    rig.frame(90, up(2, 200, 100))
    XCTAssertEqual(log.states, [.ended])
    XCTAssertEqual(log.last, Point(x: 150, y: 100))
  }

  /// two-finger tap fails when only one finger taps
  func testTwoFingerTapWithOneFinger() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTouchesRequired = 2
    rig.add(tap)
    rig.frame(0, down(1, 100, 100))
    rig.frame(50, up(1, 100, 100))
    XCTAssertEqual(tap.finishes, [.failed])
  }

  /// two-finger tap fails when the second finger lands after the landing window
  func testTwoFingerTapLateFinger() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTouchesRequired = 2
    rig.add(tap)
    rig.frame(0, down(1, 100, 100))
    rig.frame(151, down(2, 200, 100))
    XCTAssertEqual(tap.finishes, [.failed])
  }

  /// tap fails when more fingers than required land
  func testTooManyFingers() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(20, down(2, 150, 100))
    XCTAssertEqual(tap.finishes, [.failed])
    rig.frame(60, up(1, 100, 100), up(2, 150, 100))
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// two-finger double tap needs both fingers on both taps
  func testTwoFingerDoubleTap() {
    let rig = Rig()
    let tap = RecordingTap()
    tap.numberOfTouchesRequired = 2
    tap.numberOfTapsRequired = 2
    rig.add(tap)
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100), down(2, 200, 100))
    rig.frame(50, up(1, 100, 100), up(2, 200, 100))
    rig.frame(150, down(3, 105, 100), down(4, 205, 100))
    rig.frame(200, up(3, 105, 100), up(4, 205, 100))
    XCTAssertEqual(log.values, [2])
  }

  /// tap fails when its touch is cancelled
  func testCancelled() {
    let rig = Rig()
    let tap = rig.add(RecordingTap())
    let log = journal(tap) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(30, cancel(1, 100, 100))
    XCTAssertEqual(tap.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// tap location converts into a subview's coordinates
  func testLocationInSubview() {
    let rig = Rig()
    let panel = View(name: "panel", frame: Rect(x: 50, y: 60, width: 300, height: 300))
    rig.root.addSubview(panel)
    let tap = rig.add(RecordingTap(), to: panel)
    let log = journal(tap) { $0.location(in: panel) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(50, up(1, 100, 100))
    XCTAssertEqual(log.last, Point(x: 50, y: 40))
  }

  /// single tap that requires a double tap to fail is recognized after the interval
  func testSingleWaitsForDouble() {
    let rig = Rig()
    let single = rig.add(RecordingTap())
    let double = RecordingTap()
    double.numberOfTapsRequired = 2
    rig.add(double)
    single.require(toFail: double)
    let singles = journal(single) { $0.taps }
    let doubles = journal(double) { $0.taps }
    rig.frame(0, down(1, 100, 100))
    rig.frame(50, up(1, 100, 100))
    XCTAssertTrue(singles.entries.isEmpty, "waits for the double tap to fail")
    rig.advance(to: 350)
    XCTAssertEqual(double.finishes, [.failed])
    XCTAssertEqual(singles.values, [1])
    // A double tap: the single tap never fires.
    rig.frame(1000, down(2, 100, 100))
    rig.frame(1050, up(2, 100, 100))
    rig.frame(1150, down(3, 100, 100))
    rig.frame(1200, up(3, 100, 100))
    rig.advance(to: 2000)
    XCTAssertEqual(doubles.values, [2])
    XCTAssertEqual(singles.values, [1])
  }
}
