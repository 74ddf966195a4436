// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

final class StateMachineTests: XCTestCase {
  func testDiscreteRecognizerGoesFromPossibleToRecognizedWithOneActionThenResets() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    puppet.continuous = false
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.recognized)
    XCTAssertEqual(puppet.actionStates, [.ended])
    XCTAssertEqual(puppet.state, .possible, "reset returns the state to possible")
    XCTAssertEqual(puppet.calls, [.began([TouchID(1)]), .reset])
  }

  func testContinuousRecognizerSendsBeganChangedEndedInOrder() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.began)
    h.move(1, to: (20, 10))
    puppet.puppet(.changed)
    puppet.puppet(.changed)
    h.up(1)
    puppet.puppet(.ended)
    XCTAssertEqual(puppet.actionStates, [.began, .changed, .changed, .ended])
  }

  func testCancelledContinuousRecognizerSendsItsAction() {
    // The class reference says a cancelled recognizer sends its action (the later guide
    // says it does not); the class reference wins.
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.began)
    puppet.puppet(.cancelled)
    XCTAssertEqual(puppet.actionStates, [.began, .cancelled])
    XCTAssertEqual(puppet.state, .possible)
  }

  func testFailedRecognizerSendsNoActionAndIsReset() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.failed)
    XCTAssertEqual(puppet.actionStates, [])
    XCTAssertEqual(puppet.state, .possible)
    XCTAssertEqual(puppet.calls.last, .reset)
  }

  func testAfterResetTheRecognizerGetsNoUpdatesForTouchesInProgress() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.failed)
    h.move(1, to: (30, 30))
    h.up(1)
    XCTAssertEqual(puppet.calls, [.began([TouchID(1)]), .reset])
    h.down(2, at: (10, 10))
    XCTAssertEqual(puppet.calls.last, .began([TouchID(2)]), "a new touch is received again")
  }

  func testRecognizerStillPossibleWhenItsTouchesLiftFails() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.tap(1, at: (10, 10))
    XCTAssertEqual(puppet.calls, [.began([TouchID(1)]), .ended([TouchID(1)]), .reset])
    XCTAssertEqual(puppet.actionStates, [])
  }

  func testDisablingAnActiveRecognizerCancelsItsGesture() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.began)
    puppet.isEnabled = false
    XCTAssertEqual(puppet.actionStates, [.began, .cancelled])
    h.move(1, to: (50, 50))
    XCTAssertFalse(puppet.calls.contains(.moved([TouchID(1)])), "disabled: no more touches")
  }

  func testDisablingAPossibleRecognizerFailsItWithoutAnAction() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.isEnabled = false
    XCTAssertEqual(puppet.actionStates, [])
    XCTAssertEqual(puppet.calls.last, .reset)
  }

  func testDisabledRecognizerReceivesNoTouches() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    puppet.isEnabled = false
    h.root.addGestureRecognizer(puppet)
    h.tap(1, at: (10, 10))
    XCTAssertEqual(puppet.calls, [])
  }

  func testRemovingAnActiveRecognizerFromItsViewCancelsIt() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (10, 10))
    puppet.puppet(.began)
    h.root.removeGestureRecognizer(puppet)
    XCTAssertEqual(puppet.actionStates, [.began, .cancelled])
    XCTAssertNil(puppet.view)
  }

  func testLegalMovesTable() {
    let legal: [(GestureRecognizerState, GestureRecognizerState)] = [
      (.possible, .began), (.possible, .recognized), (.possible, .failed),
      (.began, .changed), (.began, .ended), (.began, .cancelled),
      (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
    ]
    let all: [GestureRecognizerState] = [.possible, .began, .changed, .ended, .cancelled, .failed]
    for from in all {
      for to in all {
        let expected = legal.contains { $0 == (from, to) }
        XCTAssertEqual(from.canMove(to: to), expected, "\(from) -> \(to)")
      }
    }
  }

  func testRecognizedIsTheSameStateAsEnded() {
    XCTAssertEqual(GestureRecognizerState.recognized, .ended)
  }
}
