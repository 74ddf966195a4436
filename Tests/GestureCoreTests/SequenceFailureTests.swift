// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

/// Failed stays failed for its multitouch sequence: a recognizer that failed takes no new
/// touches until every finger of its view's sequence has lifted.
final class SequenceFailureTests: XCTestCase {
  private func states(of recognizer: GestureRecognizer) -> () -> [GestureRecognizerState] {
    var log: [GestureRecognizerState] = []
    recognizer.addTarget { log.append($0.state) }
    return { log }
  }

  func testASwipeThatFailedOnASecondFingerDoesNotRecognizeALaterFingersStroke() {
    let h = GestureHarness()
    let swipe = SwipeGestureRecognizer()
    swipe.direction = .left
    h.root.addGestureRecognizer(swipe)
    let log = states(of: swipe)
    h.down(1, at: (900, 500))
    h.advance(ms: 30)
    h.down(2, at: (1000, 500))  // two fingers: the one-finger swipe fails
    h.advance(ms: 60)
    h.down(3, at: (1100, 500))
    h.drag(3, to: (800, 500), steps: 10, overMs: 100)
    h.advance(ms: 10)
    h.up(3)
    XCTAssertEqual(log(), [], "the third finger's stroke belongs to the sequence the swipe failed")
    h.up(1, batch: true)
    h.up(2, batch: true)
    h.commit()
    h.advance(ms: 200)
    h.down(4, at: (1100, 500))
    h.drag(4, to: (800, 500), steps: 10, overMs: 100)
    h.up(4)
    XCTAssertEqual(log(), [.ended], "in play again once every finger of the sequence lifted")
  }

  func testAOneFingerPanThatFailedOnASecondFingerDoesNotBeginWhenThatFingerLifts() {
    let h = GestureHarness()
    let pan = PanGestureRecognizer()
    pan.maximumNumberOfTouches = 1
    h.root.addGestureRecognizer(pan)
    let log = states(of: pan)
    h.down(1, at: (500, 500))
    h.advance(ms: 20)
    h.down(2, at: (600, 500))  // more fingers than the maximum before it began: fails
    h.advance(ms: 20)
    h.up(2)
    h.drag(1, to: (700, 500), steps: 10, overMs: 100)
    h.down(3, at: (300, 300))
    h.drag(3, to: (100, 300), steps: 10, overMs: 100)
    XCTAssertEqual(log(), [], "neither the resting finger nor a new one starts the pan")
    h.up(1)
    h.up(3)
    h.down(4, at: (300, 300))
    h.drag(4, to: (100, 300), steps: 10, overMs: 100)
    h.up(4)
    XCTAssertEqual(log().first, .began, "a new sequence pans")
    XCTAssertEqual(log().last, .ended)
  }

  func testADoubleTapStillRecognizesItsSequenceEndsBetweenTheTaps() {
    let h = GestureHarness()
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    h.root.addGestureRecognizer(double)
    h.root.addGestureRecognizer(single)
    let singleLog = states(of: single)
    let doubleLog = states(of: double)
    h.tap(1, at: (400, 400))
    h.advance(ms: 120)
    h.tap(2, at: (402, 401))
    h.advance(ms: 400)
    XCTAssertEqual(doubleLog(), [.ended])
    XCTAssertEqual(singleLog(), [])
    // The single tap failed (its requirement recognized) with no finger down: it is at once
    // in play again.
    h.tap(3, at: (400, 400))
    h.advance(ms: 400)
    XCTAssertEqual(singleLog(), [.ended])
  }

  func testTheSequenceIsPerViewFingersInAnotherViewDoNotHoldItOpen() {
    let h = GestureHarness()
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 960, height: 1080))
    let right = View(name: "right", frame: Rect(x: 960, y: 0, width: 960, height: 1080))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let tap = TapGestureRecognizer()
    left.addGestureRecognizer(tap)
    let log = states(of: tap)
    h.down(9, at: (1500, 500))  // rests in the right view throughout
    h.down(1, at: (100, 100))
    h.advance(ms: 20)
    h.move(1, to: (300, 100))  // past the slop: the tap fails
    h.up(1)
    h.tap(2, at: (200, 200))
    XCTAssertEqual(log(), [.ended], "the left view's sequence ended when finger 1 lifted")
    h.up(9)
  }

  func testAFailedRecognizerInASubviewSitsOutWhileAFingerOfItsSuperviewsSequenceIsDown() {
    let h = GestureHarness()
    let outer = View(name: "outer", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
    let inner = View(name: "inner", frame: Rect(x: 100, y: 100, width: 400, height: 400))
    h.root.addSubview(outer)
    outer.addSubview(inner)
    let tap = TapGestureRecognizer()
    outer.addGestureRecognizer(tap)
    let log = states(of: tap)
    h.down(1, at: (200, 200))  // in inner, so in outer's sequence too
    h.down(2, at: (700, 700))
    h.advance(ms: 1200)  // held too long: the tap fails
    h.up(2)
    h.tap(3, at: (800, 800))
    XCTAssertEqual(log(), [], "finger 1, down in a subview, keeps outer's sequence open")
    h.up(1)
    h.tap(4, at: (800, 800))
    XCTAssertEqual(log(), [.ended])
  }
}
