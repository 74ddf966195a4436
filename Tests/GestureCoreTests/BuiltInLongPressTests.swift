// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInLongPressTests: BuiltInRecognizerTestCase {
  /// long press begins after minimumPressDuration of virtual time
  func testBeginsAfterDuration() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.location(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 499)
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 500)
    XCTAssertEqual(log.states, [.began])
    XCTAssertEqual(log.last, Point(x: 100, y: 100))
    XCTAssertTrue(press.isContinuous)
  }

  /// long press sends changed on movement past allowableMovement once begun, ended on lift
  func testChangedThenEnded() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.location(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 600)
    rig.frame(650, move(1, 140, 100))
    rig.frame(700, move(1, 300, 200))
    rig.frame(750, up(1, 300, 200))
    XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
    XCTAssertEqual(log.values[2], Point(x: 300, y: 200))
    XCTAssertEqual(press.finishes, [.ended])
  }

  /// long press fails when the finger lifts before minimumPressDuration
  func testLiftedEarly() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(400, up(1, 100, 100))
    rig.advance(to: 1000)
    XCTAssertEqual(press.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// long press fails when the finger moves past allowableMovement before it begins
  func testMovedTooFar() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, move(1, 111, 100))
    XCTAssertEqual(press.finishes, [.failed])
    rig.advance(to: 1000)
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// long press tolerates movement within allowableMovement
  func testMovedWithinAllowance() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, move(1, 109, 100))
    rig.advance(to: 500)
    XCTAssertEqual(log.states, [.began])
  }

  /// long press allowableMovement is configurable
  func testCustomAllowance() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.allowableMovement = 30
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, move(1, 125, 100))
    rig.advance(to: 500)
    XCTAssertEqual(log.states, [.began])
  }

  /// long press minimumPressDuration is configurable
  func testCustomDuration() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.minimumPressDuration = 1.2
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 1199)
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 1200)
    XCTAssertEqual(log.states, [.began])
  }

  /// two-finger long press times the press from the second finger's landing
  func testTwoFingers() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.numberOfTouchesRequired = 2
    rig.add(press)
    let log = journal(press) { $0.location(in: nil) }
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, down(2, 200, 100))
    rig.advance(to: 599)
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 600)
    XCTAssertEqual(log.states, [.began])
    XCTAssertEqual(log.last, Point(x: 150, y: 100))
  }

  /// two-finger long press fails when only one finger presses
  func testTwoFingersWithOne() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.numberOfTouchesRequired = 2
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 2000)
    XCTAssertEqual(press.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// long press fails when an extra finger lands before it begins
  func testExtraFingerBeforeBegin() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, down(2, 300, 100))
    XCTAssertEqual(press.finishes, [.failed])
  }

  /// long press ignores an extra finger after it began
  func testExtraFingerAfterBegin() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.numberOfTouches }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 500)
    rig.frame(600, down(2, 300, 100))
    rig.frame(650, move(2, 320, 100))
    rig.frame(700, up(2, 320, 100))
    XCTAssertEqual(log.states, [.began], "the extra finger neither changes nor ends it")
    rig.frame(800, up(1, 100, 100))
    XCTAssertEqual(log.states, [.began, .ended])
    XCTAssertEqual(log.values, [1, 1])
  }

  /// long press with numberOfTapsRequired 1 begins on a press after a tap
  func testTapThenPress() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.numberOfTapsRequired = 1
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(60, up(1, 100, 100))
    rig.frame(200, down(2, 104, 100))
    rig.advance(to: 699)
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 700)
    XCTAssertEqual(log.states, [.began])
  }

  /// long press with numberOfTapsRequired 1 does not begin on a plain press
  func testPressWithoutTap() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.numberOfTapsRequired = 1
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 2000)
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertEqual(press.finishes, [.failed])
  }

  /// long press after a tap fails when the press comes after the multi-tap interval
  func testPressTooLateAfterTap() {
    let rig = Rig()
    let press = RecordingLongPress()
    press.numberOfTapsRequired = 1
    rig.add(press)
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.frame(60, up(1, 100, 100))
    rig.advance(to: 360)
    XCTAssertEqual(press.finishes, [.failed])
    rig.frame(400, down(2, 100, 100))
    rig.advance(to: 2000)
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// long press is cancelled when its touch is cancelled after it began
  func testCancelledAfterBegin() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    let log = journal(press) { $0.state }
    rig.frame(0, down(1, 100, 100))
    rig.advance(to: 500)
    rig.frame(600, cancel(1, 100, 100))
    XCTAssertEqual(log.states, [.began, .cancelled])
    XCTAssertEqual(press.finishes, [.cancelled])
  }

  /// long press fails when its touch is cancelled before it began
  func testCancelledBeforeBegin() {
    let rig = Rig()
    let press = rig.add(RecordingLongPress())
    rig.frame(0, down(1, 100, 100))
    rig.frame(100, cancel(1, 100, 100))
    XCTAssertEqual(press.finishes, [.failed])
  }
}
