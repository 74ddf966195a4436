// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInPanTests: BuiltInRecognizerTestCase {
  /// pan begins once the centroid moves past the hysteresis, translation included
  func testBeginsPastHysteresis() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 110, 100))
    rig.frame(20, move(1, 118, 100))  // exactly 18 px: not past it
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(30, move(1, 125, 100))
    XCTAssertEqual(log.states, [.began])
    XCTAssertEqual(log.last, Point(x: 25, y: 0))
  }

  /// pan translation counts from the start and sends changed per movement, ended on lift
  func testChangedAndEnded() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 130, 100))
    rig.frame(20, move(1, 160, 90))
    rig.frame(30, move(1, 170, 140))
    rig.frame(40, up(1, 170, 140))
    XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
    XCTAssertEqual(
      log.values,
      [
        Point(x: 30, y: 0), Point(x: 60, y: -10), Point(x: 70, y: 40), Point(x: 70, y: 40),
      ])
    XCTAssertEqual(pan.finishes, [.ended])
  }

  /// pan fails when the finger lifts without moving past the hysteresis
  func testLiftedWithoutPanning() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 110, 100))
    rig.frame(20, up(1, 110, 100))
    XCTAssertEqual(pan.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// pan hysteresis comes from the engine's settings
  func testHysteresisFromSettings() {
    var settings = GestureSettings()
    settings.panHysteresisPixels = 50
    let rig = Rig(settings: settings)
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 140, 100))
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, move(1, 151, 100))
    XCTAssertEqual(log.states, [.began])
  }

  /// pan translation ignores the centroid jump when a second finger lands
  func testSecondFingerLands() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 130, 100))
    rig.frame(20, down(2, 500, 300), move(1, 140, 100))
    XCTAssertEqual(log.last, Point(x: 40, y: 0), "the new finger does not count in its frame")
    rig.frame(30, move(1, 150, 100), move(2, 510, 300))
    XCTAssertEqual(log.last, Point(x: 50, y: 0), "both moved 10 px right")
    rig.frame(40, move(2, 530, 300))
    XCTAssertEqual(log.last, Point(x: 60, y: 0), "one of two moving 20 px moves the centroid 10")
  }

  /// pan translation ignores the centroid jump when a finger lifts
  func testFingerLifts() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 100, 100), down(2, 300, 100))
    rig.frame(10, move(1, 130, 100), move(2, 330, 100))
    XCTAssertEqual(log.last, Point(x: 30, y: 0))
    rig.frame(20, up(2, 330, 100))
    rig.frame(30, move(1, 140, 100))
    XCTAssertEqual(log.states, [.began, .changed])
    XCTAssertEqual(log.last, Point(x: 40, y: 0))
  }

  /// pan with minimumNumberOfTouches 2 waits for two fingers and ends when one lifts
  func testMinimumTwo() {
    let rig = Rig()
    let pan = RecordingPan()
    pan.minimumNumberOfTouches = 2
    rig.add(pan)
    let log = journal(pan) { $0.translation(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 200, 100))
    XCTAssertTrue(log.entries.isEmpty, "one finger does not pan")
    rig.frame(20, down(2, 300, 100))
    rig.frame(30, move(1, 210, 100), move(2, 310, 100))
    XCTAssertTrue(log.entries.isEmpty, "10 px since two fingers were down")
    rig.frame(40, move(1, 230, 100), move(2, 330, 100))
    XCTAssertEqual(log.states, [.began])
    XCTAssertEqual(log.last, Point(x: 30, y: 0), "counted from when the second finger landed")
    rig.frame(50, up(2, 330, 100))
    XCTAssertEqual(log.states, [.began, .ended])
  }

  /// pan fails when more than maximumNumberOfTouches fingers land before it began
  func testTooManyBeforeBegin() {
    let rig = Rig()
    let pan = RecordingPan()
    pan.maximumNumberOfTouches = 1
    rig.add(pan)
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, down(2, 300, 100))
    XCTAssertEqual(pan.finishes, [.failed])
  }

  /// pan ignores fingers beyond maximumNumberOfTouches after it began
  func testExtraIgnoredAfterBegin() {
    let rig = Rig()
    let pan = RecordingPan()
    pan.maximumNumberOfTouches = 1
    rig.add(pan)
    let log = journal(pan) { ($0.translation(in: nil), $0.numberOfTouches) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 130, 100))
    rig.frame(20, down(2, 500, 500))
    rig.frame(30, move(2, 600, 600))
    rig.frame(40, up(2, 600, 600))
    XCTAssertEqual(log.states, [.began], "the ignored finger neither changes nor ends it")
    rig.frame(50, move(1, 140, 100))
    XCTAssertEqual(log.states, [.began, .changed])
    XCTAssertEqual(log.last?.0, Point(x: 40, y: 0))
    XCTAssertEqual(log.last?.1, 1)
  }

  /// pan setTranslation rebases the translation, later movement adds to it
  func testSetTranslation() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    var seen: [Point] = []
    pan.addTarget { sender in
      let pan = sender as! PanGestureRecognizer
      seen.append(pan.translation(in: nil))
      pan.setTranslation(.zero, in: nil)
    }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 130, 100))
    rig.frame(20, move(1, 135, 110))
    rig.frame(30, move(1, 135, 120))
    XCTAssertEqual(seen, [Point(x: 30, y: 0), Point(x: 5, y: 10), Point(x: 0, y: 10)])
  }

  /// pan translation and velocity are the same vectors in any view
  func testTranslationInSubview() {
    let rig = Rig()
    let panel = View(name: "panel", frame: Rect(x: 50, y: 60, width: 800, height: 800))
    rig.root.addSubview(panel)
    let pan = rig.add(RecordingPan(), to: panel)
    let log = journal(pan) { ($0.translation(in: panel), $0.translation(in: nil)) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 130, 110))
    XCTAssertEqual(log.last?.0, Point(x: 30, y: 10))
    XCTAssertEqual(log.last?.1, Point(x: 30, y: 10))
  }

  /// pan velocity of a finger moving at a constant 1000 px/s is about 1000 px/s
  func testConstantVelocity() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.velocity(in: nil) }
    rig.frame(0, down(1, 100, 100))
    // 8 ms frames, 8 px each: 1000 px/s to the right, 500 px/s down.
    for step in 1...30 {
      let s = Double(step)
      rig.frame(8 * s, move(1, 100 + 8 * s, 100 + 4 * s))
    }
    rig.frame(248, up(1, 340, 220))
    let velocity = log.last!
    XCTAssertTrue(abs(velocity.x - 1000) < 30, "x velocity \(velocity.x)")
    XCTAssertTrue(abs(velocity.y - 500) < 15, "y velocity \(velocity.y)")
    XCTAssertEqual(log.states.last, .ended)
  }

  /// pan velocity follows a change of speed within the velocity horizon
  func testVelocityChanges() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.velocity(in: nil).x }
    rig.frame(0, down(1, 100, 100))
    var x = 100.0
    for step in 1...20 {  // 1000 px/s
      x += 8
      rig.frame(8 * Double(step), move(1, x, 100))
    }
    for step in 21...40 {  // then 2000 px/s
      x += 16
      rig.frame(8 * Double(step), move(1, x, 100))
    }
    XCTAssertTrue(abs(log.last! - 2000) < 60, "velocity \(log.last!)")
  }

  /// pan velocity is zero when the finger rested before lifting
  func testVelocityAfterRest() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.velocity(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.drag(1, from: (100, 100), to: (300, 100), startMs: 0, steps: 25, stepMs: 8)
    rig.frame(400, up(1, 300, 100))
    XCTAssertEqual(log.states.last, .ended)
    XCTAssertEqual(log.last, .zero)
  }

  /// pan is cancelled when its touch is cancelled after it began
  func testCancelledAfterBegin() {
    let rig = Rig()
    let pan = rig.add(RecordingPan())
    let log = journal(pan) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 150, 100))
    rig.frame(20, cancel(1, 150, 100))
    XCTAssertEqual(log.states, [.began, .cancelled])
  }

  /// pan beginning makes a tap sharing its finger fail
  func testPanDefeatsTap() {
    var settings = GestureSettings()
    settings.tapSlopPixels = 40  // the tap would survive the movement on its own
    let rig = Rig(settings: settings)
    let tap = rig.add(RecordingTap())
    let pan = rig.add(RecordingPan())
    let taps = journal(tap) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(10, move(1, 117, 100))
    rig.frame(20, move(1, 119, 100))
    XCTAssertEqual(pan.state, .began)
    XCTAssertEqual(tap.finishes, [.failed])
    rig.frame(30, up(1, 119, 100))
    XCTAssertTrue(taps.entries.isEmpty)
  }
}
