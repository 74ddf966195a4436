// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

final class ViewAndLocationTests: XCTestCase {
  func testTouchIsDeliveredToRecognizersOfTheHitViewAndItsAncestorsButNotSiblings() {
    let h = GestureHarness()
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 960, height: 1080))
    let right = View(name: "right", frame: Rect(x: 960, y: 0, width: 960, height: 1080))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let onRoot = PuppetGestureRecognizer(name: "root")
    let onLeft = PuppetGestureRecognizer(name: "left")
    let onRight = PuppetGestureRecognizer(name: "right")
    h.root.addGestureRecognizer(onRoot)
    left.addGestureRecognizer(onLeft)
    right.addGestureRecognizer(onRight)
    h.down(1, at: (100, 100))
    XCTAssertEqual(onLeft.calls, [.began([TouchID(1)])])
    XCTAssertEqual(onRoot.calls, [.began([TouchID(1)])])
    XCTAssertEqual(onRight.calls, [])
  }

  func testTouchIsHitTestedOnceWhenItBegins() {
    let h = GestureHarness()
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 960, height: 1080))
    let right = View(name: "right", frame: Rect(x: 960, y: 0, width: 960, height: 1080))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let onRight = PuppetGestureRecognizer(name: "right")
    right.addGestureRecognizer(onRight)
    h.down(1, at: (100, 100))
    h.move(1, to: (1500, 100))
    XCTAssertEqual(onRight.calls, [], "moving into another view does not re-target the touch")
  }

  func testTopmostSubviewWinsTheHitTest() {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let below = View(name: "below", frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let above = View(name: "above", frame: Rect(x: 10, y: 10, width: 50, height: 50))
    root.addSubview(below)
    root.addSubview(above)
    XCTAssertTrue(root.hitTest(Point(x: 20, y: 20)) === above)
    XCTAssertTrue(root.hitTest(Point(x: 5, y: 5)) === below)
    above.isUserInteractionEnabled = false
    XCTAssertTrue(root.hitTest(Point(x: 20, y: 20)) === below)
    XCTAssertNil(root.hitTest(Point(x: 150, y: 5)))
  }

  func testLocationIsTheCentroidInTheRequestedViewsCoordinates() {
    let h = GestureHarness()
    let panel = View(name: "panel", frame: Rect(x: 100, y: 200, width: 800, height: 600))
    let inner = View(name: "inner", frame: Rect(x: 10, y: 20, width: 300, height: 300))
    h.root.addSubview(panel)
    panel.addSubview(inner)
    let puppet = PuppetGestureRecognizer(name: "p")
    inner.addGestureRecognizer(puppet)
    h.down(1, at: (150, 250), batch: true)
    h.down(2, at: (250, 350), batch: true)
    h.commit()
    XCTAssertEqual(puppet.numberOfTouches, 2)
    XCTAssertEqual(puppet.location(in: nil), Point(x: 200, y: 300))
    XCTAssertEqual(puppet.location(in: panel), Point(x: 100, y: 100))
    XCTAssertEqual(puppet.location(in: inner), Point(x: 90, y: 80))
    XCTAssertEqual(puppet.location(ofTouch: 1, in: inner), Point(x: 140, y: 130))
  }

  func testLocationAfterTheTouchesLiftIsTheirLastCentroid() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    puppet.delaysTouchesEnded = false
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.began)
    h.move(1, to: (40, 50))
    h.up(1)
    XCTAssertEqual(puppet.numberOfTouches, 1, "the last touches, once all have lifted")
    XCTAssertEqual(puppet.location(in: nil), Point(x: 40, y: 50))
    XCTAssertEqual(puppet.location(ofTouch: 0, in: nil), Point(x: 40, y: 50))
  }

  func testRecognizerAddedAfterATouchBeganDoesNotReceiveIt() {
    let h = GestureHarness()
    h.down(1, at: (10, 10))
    let puppet = PuppetGestureRecognizer(name: "late")
    h.root.addGestureRecognizer(puppet)
    h.move(1, to: (20, 20))
    h.up(1)
    XCTAssertEqual(puppet.calls, [])
  }

  func testTouchOutsideEveryViewReachesNoRecognizer() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (5000, 10))
    XCTAssertEqual(puppet.calls, [])
    XCTAssertEqual(h.engine.liveTouchIDs, [TouchID(1)])
    h.up(1)
    XCTAssertEqual(h.engine.liveTouchIDs, [])
  }

  func testBadSamplesAreSkippedAndCounted() {
    let h = GestureHarness()
    h.move(9, to: (1, 1))
    h.down(1, at: (1, 1))
    h.down(1, at: (2, 2))
    XCTAssertEqual(h.engine.diagnostics.unknownTouchSamples, 1)
    XCTAssertEqual(h.engine.diagnostics.duplicateTouchBegins, 1)
    XCTAssertEqual(h.engine.liveTouchIDs, [TouchID(1)])
  }
}

final class LastTouchesTests: XCTestCase {
  func testTapRecognizedAfterWaitingForADoubleTapStillReportsItsFinger() {
    let h = GestureHarness()
    let doubleTap = TapGestureRecognizer()
    doubleTap.numberOfTapsRequired = 2
    let tap = TapGestureRecognizer()
    tap.require(toFail: doubleTap)
    var seen: [(Int, Point)] = []
    tap.addTarget { r in seen.append((r.numberOfTouches, r.location(ofTouch: 0, in: nil))) }
    h.root.addGestureRecognizer(doubleTap)
    h.root.addGestureRecognizer(tap)
    h.tap(1, at: (300, 200))
    h.advance(ms: 400)
    XCTAssertEqual(seen.count, 1)
    XCTAssertEqual(seen.first?.0, 1)
    XCTAssertEqual(seen.first?.1, Point(x: 300, y: 200))
  }
}
