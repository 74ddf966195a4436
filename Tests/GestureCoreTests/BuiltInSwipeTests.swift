// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

final class BuiltInSwipeTests: BuiltInRecognizerTestCase {
  /// A one-finger stroke from (500, 500) by (`dx`, `dy`) in `steps` frames 10 ms apart.
  static func stroke(_ rig: Rig, dx: Double, dy: Double, steps: Int = 5) {
    rig.frame(0, down(1, 500, 500))
    rig.drag(1, from: (500, 500), to: (500 + dx, 500 + dy), startMs: 0, steps: steps, stepMs: 10)
  }

  /// swipe right is recognized during the movement, located where it started
  func testSwipeRight() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { ($0.swipedDirection, $0.location(in: nil)) }
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, move(1, 530, 502))
    XCTAssertTrue(log.entries.isEmpty, "30 px is short of 50")
    rig.frame(20, move(1, 560, 505))
    XCTAssertEqual(log.states, [.ended], "recognized before the finger lifts")
    XCTAssertEqual(log.last?.0, .right)
    XCTAssertEqual(log.last?.1, Point(x: 500, y: 500))
    XCTAssertEqual(swipe.isContinuous, false)
  }

  /// swipe reports left when swiped left
  func testSwipeLeft() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.direction = .left
    rig.add(swipe)
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: -80, dy: 5)
    XCTAssertEqual(log.values, [.left])
  }

  /// swipe reports up when swiped up, towards the top of the screen
  func testSwipeUp() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.direction = .up
    rig.add(swipe)
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: 3, dy: -80)
    XCTAssertEqual(log.values, [.up])
  }

  /// swipe reports down when swiped down
  func testSwipeDown() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.direction = .down
    rig.add(swipe)
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: -3, dy: 80)
    XCTAssertEqual(log.values, [.down])
  }

  /// swipe with several directions reports the single one swiped
  func testSeveralDirections() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.direction = [.left, .right, .up, .down]
    rig.add(swipe)
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: -10, dy: 90)
    XCTAssertEqual(log.values, [.down])
    XCTAssertNil(swipe.swipedDirection, "cleared by reset")
  }

  /// swipe fails when swiped in a direction that is not allowed
  func testWrongDirection() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())  // .right
    let log = journal(swipe) { $0.swipedDirection }
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, move(1, 470, 500))
    XCTAssertTrue(swipe.finishes.isEmpty)
    rig.frame(20, move(1, 440, 500))
    XCTAssertEqual(swipe.finishes, [.failed], "a clear swipe left fails at once")
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// swipe fails when too slow
  func testTooSlow() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { $0.swipedDirection }
    rig.frame(0, down(1, 500, 500))
    // 80 px over 400 ms: 200 px/s < 300 px/s.
    rig.drag(1, from: (500, 500), to: (580, 500), startMs: 0, steps: 10, stepMs: 40)
    XCTAssertTrue(log.entries.isEmpty)
    XCTAssertTrue(swipe.finishes.isEmpty, "still possible: it could speed up before the deadline")
    rig.advance(to: 500)
    XCTAssertEqual(swipe.finishes, [.failed])
  }

  /// swipe minimum speed comes from the engine's settings
  func testSpeedFromSettings() {
    var settings = GestureSettings()
    settings.swipeMinimumSpeedPixelsPerSecond = 100
    let rig = Rig(settings: settings)
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { $0.swipedDirection }
    rig.frame(0, down(1, 500, 500))
    rig.drag(1, from: (500, 500), to: (580, 500), startMs: 0, steps: 10, stepMs: 40)
    XCTAssertEqual(log.values, [.right])
  }

  /// swipe fails when the swipe deadline passes
  func testDeadline() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    rig.frame(0, down(1, 500, 500))
    rig.advance(to: 499)
    XCTAssertTrue(swipe.finishes.isEmpty)
    rig.advance(to: 500)
    XCTAssertEqual(swipe.finishes, [.failed])
  }

  /// swipe fails when the finger lifts before it travelled far enough
  func testLiftedEarly() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { $0.swipedDirection }
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, move(1, 540, 500))
    rig.frame(20, up(1, 549, 500))
    XCTAssertEqual(swipe.finishes, [.failed])
    XCTAssertTrue(log.entries.isEmpty)
  }

  /// swipe is not recognized when it deviates too far from the axis
  func testTooDiagonal() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: 80, dy: 41)  // 41/80 > 0.5
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 500)
    XCTAssertEqual(swipe.finishes, [.failed])
  }

  /// swipe minimum distance comes from the engine's settings
  func testDistanceFromSettings() {
    var settings = GestureSettings()
    settings.swipeMinimumDistancePixels = 100
    let rig = Rig(settings: settings)
    let swipe = rig.add(RecordingSwipe())
    let log = journal(swipe) { $0.swipedDirection }
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, move(1, 590, 500))
    XCTAssertTrue(log.entries.isEmpty)
    rig.frame(20, move(1, 600, 500))
    XCTAssertEqual(log.values, [.right])
  }

  /// two-finger swipe is recognized from the mean travel of both fingers
  func testTwoFingers() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.numberOfTouchesRequired = 2
    rig.add(swipe)
    let log = journal(swipe) { ($0.swipedDirection, $0.location(in: nil)) }
    rig.frame(0, down(1, 500, 500), down(2, 500, 600))
    rig.frame(10, move(1, 560, 500))
    XCTAssertTrue(log.entries.isEmpty, "mean travel 30 px")
    rig.frame(20, move(2, 560, 600))
    XCTAssertEqual(log.last?.0, .right)
    XCTAssertEqual(log.last?.1, Point(x: 500, y: 550))
  }

  /// two-finger swipe is not recognized with one finger
  func testTwoFingersWithOne() {
    let rig = Rig()
    let swipe = RecordingSwipe()
    swipe.numberOfTouchesRequired = 2
    rig.add(swipe)
    let log = journal(swipe) { $0.swipedDirection }
    Self.stroke(rig, dx: 100, dy: 0)
    XCTAssertTrue(log.entries.isEmpty)
    rig.advance(to: 500)
    XCTAssertEqual(swipe.finishes, [.failed])
  }

  /// swipe fails when more fingers than required land
  func testTooManyFingers() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, down(2, 500, 600))
    XCTAssertEqual(swipe.finishes, [.failed])
  }

  /// swipe fails when its touch is cancelled
  func testCancelled() {
    let rig = Rig()
    let swipe = rig.add(RecordingSwipe())
    rig.frame(0, down(1, 500, 500))
    rig.frame(10, cancel(1, 500, 500))
    XCTAssertEqual(swipe.finishes, [.failed])
  }
}
