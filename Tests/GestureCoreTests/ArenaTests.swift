// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

/// The arena's one rule, checked with puppets whose state the test sets.
final class ArenaTests: XCTestCase {
  private final class Delegate: GestureRecognizerDelegate {
    var simultaneous = false
    var shouldBegin = true
    var refusedTouches: Set<TouchID> = []
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
      !refusedTouches.contains(touch.id)
    }
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
  }

  private func pair(_ h: GestureHarness) -> (PuppetGestureRecognizer, PuppetGestureRecognizer) {
    let a = PuppetGestureRecognizer(name: "a")
    let b = PuppetGestureRecognizer(name: "b")
    h.root.addGestureRecognizer(a)
    h.root.addGestureRecognizer(b)
    return (a, b)
  }

  // MARK: require(toFail:)

  func testWaitingRecognizerStaysPossibleUntilTheOtherFailsThenProceeds() {
    let h = GestureHarness()
    let (single, double) = pair(h)
    single.continuous = false
    single.require(toFail: double)
    h.down(1, at: (10, 10))
    single.puppet(.recognized)
    XCTAssertEqual(single.state, .possible, "waits while the requirement is possible")
    XCTAssertEqual(single.actionStates, [])
    double.puppet(.failed)
    XCTAssertEqual(single.actionStates, [.ended], "recognized once the requirement failed")
  }

  func testWaitingRecognizerFailsWhenTheOtherRecognizes() {
    let h = GestureHarness()
    let (single, double) = pair(h)
    single.continuous = false
    double.continuous = false
    single.require(toFail: double)
    h.down(1, at: (10, 10))
    single.puppet(.recognized)
    double.puppet(.recognized)
    XCTAssertEqual(single.actionStates, [])
    XCTAssertEqual(double.actionStates, [.ended])
    XCTAssertEqual(single.calls.last, .reset, "the waiting one failed and was reset")
  }

  func testWaitingRecognizerFailsWhenTheOtherBegins() {
    let h = GestureHarness()
    let (pan, swipe) = pair(h)
    pan.require(toFail: swipe)
    h.down(1, at: (10, 10))
    pan.puppet(.began)
    swipe.puppet(.began)
    XCTAssertEqual(pan.actionStates, [])
    XCTAssertEqual(swipe.actionStates, [.began])
  }

  func testRecognizerFailsAtOnceWhenItsRequirementIsAlreadyActive() {
    let h = GestureHarness()
    let (pan, swipe) = pair(h)
    pan.require(toFail: swipe)
    swipe.preventsOthers = false
    h.down(1, at: (10, 10))
    swipe.puppet(.began)
    pan.puppet(.began)
    XCTAssertEqual(pan.actionStates, [])
  }

  func testContinuousRecognizerThatEndedWhileWaitingBeginsThenEnds() {
    let h = GestureHarness()
    let (pan, swipe) = pair(h)
    pan.require(toFail: swipe)
    h.down(1, at: (10, 10))
    pan.puppet(.began)
    pan.puppet(.changed)
    pan.puppet(.ended)
    XCTAssertEqual(pan.actionStates, [])
    swipe.puppet(.failed)
    XCTAssertEqual(pan.actionStates, [.began, .ended])
  }

  func testRequirementThatSawNoTouchDoesNotHoldTheWaitingOneBack() {
    let h = GestureHarness()
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let right = View(name: "right", frame: Rect(x: 100, y: 0, width: 100, height: 100))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let a = PuppetGestureRecognizer(name: "a")
    let b = PuppetGestureRecognizer(name: "b")
    left.addGestureRecognizer(a)
    right.addGestureRecognizer(b)
    a.require(toFail: b)
    h.down(1, at: (10, 10))
    a.puppet(.began)
    XCTAssertEqual(a.actionStates, [.began], "b is not in play, so a does not wait")
  }

  // MARK: Default exclusivity

  func testWhenOneBeginsOthersSharingItsFingersFail() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    h.down(1, at: (10, 10))
    a.puppet(.began)
    XCTAssertEqual(b.calls.last, .reset, "b failed and was reset")
    XCTAssertEqual(b.actionStates, [])
    h.move(1, to: (50, 50))
    XCTAssertFalse(b.calls.contains(.moved([TouchID(1)])), "b hears nothing more of the finger")
  }

  func testActiveRecognizerKeepsAnotherFromBeginning() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    // b refuses finger 1, so it does not share it with a and does not fail when a begins.
    let delegate = Delegate()
    delegate.refusedTouches = [TouchID(1)]
    b.delegate = delegate
    h.down(1, at: (10, 10))
    a.puppet(.began)
    h.down(2, at: (20, 20))  // both track the new finger
    XCTAssertEqual(b.calls.last, .began([TouchID(2)]))
    b.puppet(.began)
    XCTAssertEqual(b.actionStates, [], "a is active on a finger b tracks and prevents it")
  }

  func testAPreventedRecognizerTakesNoFingerUntilTheSequenceEnds() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    h.down(1, at: (10, 10))
    a.puppet(.began)  // b shares finger 1: prevented, it fails
    h.down(2, at: (20, 20))
    XCTAssertFalse(
      b.calls.contains(.began([TouchID(2)])), "failed for this sequence: finger 2 is not its")
    h.up(1, batch: true)
    h.up(2, batch: true)
    h.commit()
    h.down(3, at: (30, 30))
    XCTAssertEqual(b.calls.last, .began([TouchID(3)]), "a new sequence reaches it")
  }

  func testRecognizersOnDifferentFingersDoNotExcludeEachOther() {
    let h = GestureHarness()
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let right = View(name: "right", frame: Rect(x: 100, y: 0, width: 100, height: 100))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let a = PuppetGestureRecognizer(name: "a")
    let b = PuppetGestureRecognizer(name: "b")
    left.addGestureRecognizer(a)
    right.addGestureRecognizer(b)
    h.down(1, at: (10, 10), batch: true)
    h.down(2, at: (150, 10), batch: true)
    h.commit()
    a.puppet(.began)
    b.puppet(.began)
    XCTAssertEqual(a.actionStates, [.began])
    XCTAssertEqual(b.actionStates, [.began])
  }

  func testRecognizedOnTouchUpDoesNotDefeatOneWaitingForMoreTaps() {
    let h = GestureHarness()
    let (tap, doubleTap) = pair(h)
    tap.continuous = false
    doubleTap.continuous = false
    h.down(1, at: (10, 10))
    doubleTap.armTimer(deadlineMicroseconds: 300_000)  // waiting for its second tap
    h.advance(ms: 50)
    tap.stateWhenTouchesEnd = .recognized  // as a tap recognizer does
    h.up(1)
    XCTAssertEqual(tap.actionStates, [.ended])
    XCTAssertFalse(doubleTap.calls.contains(.reset), "the double tap is still possible")
    h.advance(ms: 300)
    XCTAssertEqual(doubleTap.calls.last, .reset, "its timer fired: it failed and was reset")
  }

  func testCanPreventFalseLetsTheOtherGoOn() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    a.preventsOthers = false
    h.down(1, at: (10, 10))
    a.puppet(.began)
    b.puppet(.began)
    XCTAssertEqual(b.actionStates, [.began])
  }

  func testCanBePreventedFalseKeepsItAlive() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    b.preventableByOthers = false
    h.down(1, at: (10, 10))
    a.puppet(.began)
    b.puppet(.began)
    XCTAssertEqual(b.actionStates, [.began])
  }

  func testOneWayPreventionRotationPreventsPinchButNotTheOtherWayRound() {
    // The guide's example: rotation may prevent pinch, pinch may not prevent rotation.
    func run(rotationFirst: Bool) -> (
      rotation: [GestureRecognizerState], pinch: [GestureRecognizerState]
    ) {
      let h = GestureHarness()
      let rotation = PuppetGestureRecognizer(name: "rotation")
      let pinch = PuppetGestureRecognizer(name: "pinch")
      rotation.preventableByOthers = false
      h.root.addGestureRecognizer(pinch)
      h.root.addGestureRecognizer(rotation)
      h.down(1, at: (10, 10), batch: true)
      h.down(2, at: (90, 90), batch: true)
      h.commit()
      if rotationFirst {
        rotation.puppet(.began)
        XCTAssertEqual(pinch.calls.last, .reset, "pinch failed when rotation began")
      } else {
        pinch.puppet(.began)
        rotation.puppet(.began)
      }
      return (rotation.actionStates, pinch.actionStates)
    }
    let rotationFirst = run(rotationFirst: true)
    XCTAssertEqual(rotationFirst.rotation, [.began])
    XCTAssertEqual(rotationFirst.pinch, [], "rotation prevents pinch")
    let pinchFirst = run(rotationFirst: false)
    XCTAssertEqual(pinchFirst.pinch, [.began])
    XCTAssertEqual(pinchFirst.rotation, [.began], "pinch cannot prevent rotation")
  }

  // MARK: Delegate

  func testSimultaneousRecognitionAllowedByEitherDelegate() {
    for side in ["a", "b"] {
      let h = GestureHarness()
      let (a, b) = pair(h)
      let delegate = Delegate()
      delegate.simultaneous = true
      if side == "a" { a.delegate = delegate } else { b.delegate = delegate }
      h.down(1, at: (10, 10))
      a.puppet(.began)
      b.puppet(.began)
      XCTAssertEqual(a.actionStates, [.began], side)
      XCTAssertEqual(b.actionStates, [.began], side)
    }
  }

  func testShouldBeginFalseMakesTheRecognizerFail() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    let delegate = Delegate()
    delegate.shouldBegin = false
    a.delegate = delegate
    h.down(1, at: (10, 10))
    a.puppet(.began)
    XCTAssertEqual(a.actionStates, [])
    b.puppet(.began)
    XCTAssertEqual(b.actionStates, [.began], "the refused one did not prevent b")
  }

  func testShouldReceiveFalseKeepsTheTouchFromTheRecognizerOnly() {
    let h = GestureHarness()
    let (a, b) = pair(h)
    let delegate = Delegate()
    delegate.refusedTouches = [TouchID(1)]
    a.delegate = delegate
    h.down(1, at: (10, 10))
    h.down(2, at: (20, 20))
    XCTAssertEqual(a.calls, [.began([TouchID(2)])])
    XCTAssertEqual(b.calls, [.began([TouchID(1)]), .began([TouchID(2)])])
    XCTAssertEqual(a.state, .possible)
  }
}

final class ArenaDeadlockTests: XCTestCase {
  func testRecognizersRequiringEachOtherToFailDoNotWaitForever() {
    let h = GestureHarness()
    let a = PuppetGestureRecognizer(name: "a")
    let b = PuppetGestureRecognizer(name: "b")
    a.continuous = false
    b.continuous = false
    a.require(toFail: b)
    b.require(toFail: a)
    a.stateWhenTouchesEnd = .recognized
    b.stateWhenTouchesEnd = .recognized
    h.root.addGestureRecognizer(a)
    h.root.addGestureRecognizer(b)
    h.tap(1, at: (10, 10))
    XCTAssertEqual(a.state, .possible)
    XCTAssertEqual(b.state, .possible)
    XCTAssertEqual(a.actionStates + b.actionStates, [.ended], "the cycle is broken: one wins")
    h.tap(2, at: (10, 10))
    XCTAssertEqual(a.calls.last, .reset, "both are free for the next gesture")
  }
}
