// SPDX-License-Identifier: MIT
import GestureCoreTesting
import XCTest

@testable import GestureCore

/// The rule between system and app recognizers (`GesturePrecedence`, `GestureArena`'s doc
/// comment), with puppets: system recognizers on the root view (the screen), app recognizers
/// on an app view, as the bridge arranges them.
final class SystemPrecedenceTests: XCTestCase {
  private final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
  }

  private var h = GestureHarness()
  private var app = View(name: "app", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
  private var system = PuppetGestureRecognizer(name: "system")
  private var pan = PuppetGestureRecognizer(name: "pan")
  private var states: [String] = []

  override func setUp() {
    h = GestureHarness()
    app = View(name: "app", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
    h.root.addSubview(app)
    h.deliveries.observe(h.root)
    system = PuppetGestureRecognizer(name: "system")
    system.precedence = .system
    h.root.addGestureRecognizer(system)
    pan = PuppetGestureRecognizer(name: "pan")
    app.addGestureRecognizer(pan)
    states = []
    // The resets to possible are left out.
    h.engine.stateObserver = { [unowned self] change in
      if change.to != .possible { states.append("\(change.recognizer.name ?? "?") \(change.to)") }
    }
  }

  func testASystemRecognizerThatBeginsCancelsAnActiveAppRecognizerAndItsTouches() {
    pan.cancelsTouchesInView = false
    h.down(1, at: (100, 1070))
    pan.puppet(.began)
    XCTAssertEqual(pan.state, .began, "an undecided system recognizer does not delay the app")
    h.move(1, to: (100, 900))
    system.puppet(.began)
    XCTAssertEqual(system.state, .began, "an active app recognizer does not prevent it")
    XCTAssertEqual(states, ["pan began", "system began", "pan cancelled"])
    XCTAssertEqual(
      h.deliveries.lines, ["app began 1", "app moved 1", "app cancelled 1"],
      "the app got the touch as usual, then a cancel")
  }

  func testAnAppRecognizerThatBeginsDoesNotDefeatAPossibleSystemRecognizer() {
    h.down(1, at: (100, 100))
    pan.puppet(.began)
    XCTAssertEqual(system.state, .possible)
    system.puppet(.ended)
    XCTAssertEqual(states, ["pan began", "system ended", "pan cancelled"])
  }

  func testASystemRecognitionMakesAPossibleAppRecognizerFail() {
    h.down(1, at: (100, 100))
    system.puppet(.ended)
    XCTAssertEqual(states, ["system ended", "pan failed"])
    XCTAssertEqual(h.deliveries.lines, ["app began 1", "app cancelled 1"])
  }

  func testAnAppRecognizerSharingNoTouchIsNotOverruled() {
    let other = View(name: "other", frame: Rect(x: 1000, y: 0, width: 920, height: 1080))
    h.root.addSubview(other)
    let otherPan = PuppetGestureRecognizer(name: "otherPan")
    other.addGestureRecognizer(otherPan)
    system.ignoredTouches = [TouchID(1)]
    h.down(1, at: (1500, 100))
    otherPan.puppet(.began)
    h.down(2, at: (100, 100))
    system.puppet(.began)
    XCTAssertEqual(otherPan.state, .began)
    XCTAssertFalse(states.contains("otherPan cancelled"))
  }

  func testADelayingSystemRecognizerHoldsTheAppsTouchesUntilItFails() {
    system.delaysTouchesBegan = true
    h.down(1, at: (100, 1070))
    XCTAssertEqual(h.deliveries.lines, [], "the down is held while the system may begin")
    system.puppet(.failed)
    XCTAssertEqual(h.deliveries.lines, ["app began 1"])
  }

  func testADelayingSystemRecognizerThatBeginsLeavesTheAppNothing() {
    system.delaysTouchesBegan = true
    h.down(1, at: (100, 1070))
    system.puppet(.began)
    h.up(1)
    // The held touch is discarded: "If the gesture recognizer subsequently recognizes its
    // gesture, these touch objects are discarded" (the class reference on
    // delaysTouchesBegan). The app's failure comes first and no longer releases the held
    // down into a cancel: the view never hears of the touch, not even its lift.
    XCTAssertEqual(h.deliveries.lines, [])
    XCTAssertEqual(states, ["system began", "pan failed"])
  }

  // MARK: Require-to-fail across the levels

  func testASystemRecognizerRequiringAnAppRecognizerToFailDoesNotWaitAndOverrulesIt() {
    system.require(toFail: pan)
    h.down(1, at: (100, 100))
    system.puppet(.began)
    XCTAssertEqual(system.state, .began, "no wait for the undecided app recognizer")
    XCTAssertEqual(states, ["system began", "pan failed"])
  }

  func testASystemRecognizerRequiringAnActiveAppRecognizerToFailCancelsIt() {
    system.require(toFail: pan)
    h.down(1, at: (100, 100))
    pan.puppet(.began)
    system.puppet(.began)
    XCTAssertEqual(states, ["pan began", "system began", "pan cancelled"])
  }

  func testAnAppRecognizerRequiringASystemRecognizerToFailWaitsForIt() {
    pan.require(toFail: system)
    h.down(1, at: (100, 100))
    pan.puppet(.began)
    XCTAssertEqual(pan.state, .possible, "waiting for the system recognizer")
    system.puppet(.failed)
    XCTAssertEqual(states, ["system failed", "pan began"])
  }

  func testAnAppRecognizerRequiringASystemRecognizerToFailFailsWhenItRecognizes() {
    pan.require(toFail: system)
    h.down(1, at: (100, 100))
    pan.puppet(.began)
    system.puppet(.ended)
    XCTAssertEqual(states, ["system ended", "pan failed"])
  }

  // MARK: Simultaneity across the levels

  func testSimultaneityAllowedByADelegateLetsBothGoOn() {
    let delegate = Simultaneous()
    system.delegate = delegate
    h.down(1, at: (100, 100))
    pan.puppet(.began)
    system.puppet(.began)
    pan.puppet(.changed)
    XCTAssertEqual(states, ["pan began", "system began", "pan changed"])
    XCTAssertEqual(
      h.deliveries.lines, ["app began 1", "app cancelled 1"],
      "the system's cancelsTouchesInView still cancels the app's touches")
  }

  func testSimultaneityWithoutCancellingTouchesLeavesTheAppItsTouches() {
    let delegate = Simultaneous()
    pan.delegate = delegate
    system.cancelsTouchesInView = false
    pan.cancelsTouchesInView = false
    h.down(1, at: (100, 100))
    system.puppet(.began)
    pan.puppet(.began)
    h.up(1)
    XCTAssertEqual(states, ["system began", "pan began"])
    XCTAssertEqual(h.deliveries.lines, ["app began 1", "app ended 1"])
  }

  // MARK: Within one level nothing changes

  func testTwoSystemRecognizersArbitrateAsUsual() {
    let second = PuppetGestureRecognizer(name: "second")
    second.precedence = .system
    h.root.addGestureRecognizer(second)
    h.down(1, at: (100, 100))
    system.puppet(.began)
    XCTAssertEqual(states, ["system began", "pan failed", "second failed"])
  }
}
