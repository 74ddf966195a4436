// SPDX-License-Identifier: MIT
@_spi(GestureRecognizerSubclass) import GestureCore
import GestureCoreTesting
import XCTest

/// Views, recognizers and the engine refer to each other without keeping each other alive
/// (as UIKit's weak references do): whichever goes first, the others see it gone and keep
/// working.
final class ObjectLifetimeTests: XCTestCase {
  func testARecognizerOutlivingItsViewHasNoView() {
    let recognizer = PuppetGestureRecognizer(name: "p")
    var view: View? = View(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    view?.addGestureRecognizer(recognizer)
    XCTAssertTrue(recognizer.view === view)
    view = nil
    XCTAssertNil(recognizer.view)
    XCTAssertEqual(recognizer.location(in: nil), .zero)
  }

  func testASubviewOutlivingItsSuperviewHasNoSuperview() {
    let child = View(name: "child", frame: Rect(x: 10, y: 20, width: 10, height: 10))
    var parent: View? = View(name: "parent", frame: Rect(x: 100, y: 100, width: 50, height: 50))
    parent?.addSubview(child)
    XCTAssertEqual(child.screenOrigin, Point(x: 110, y: 120))
    parent = nil
    XCTAssertNil(child.superview)
    XCTAssertEqual(child.screenOrigin, Point(x: 10, y: 20))
  }

  func testATouchOutlivingItsViewHasNoView() {
    let h = GestureHarness()
    var view: View? = View(name: "v", frame: Rect(x: 0, y: 0, width: 500, height: 500))
    let recognizer = PuppetGestureRecognizer(name: "p")
    view?.addGestureRecognizer(recognizer)
    h.root.addSubview(view!)
    h.down(1, at: (100, 100))
    let touch = recognizer.touches.first!
    XCTAssertTrue(touch.view === view)
    view?.removeFromSuperview()
    view?.removeGestureRecognizer(recognizer)
    view = nil
    XCTAssertNil(touch.view)
    XCTAssertEqual(touch.location(in: touch.view), Point(x: 100, y: 100))
  }

  func testAFreedFailureRequirementNoLongerHoldsItsDependentBack() {
    let h = GestureHarness()
    let dependent = PuppetGestureRecognizer(name: "dependent")
    var requirement: PuppetGestureRecognizer? = PuppetGestureRecognizer(name: "requirement")
    dependent.require(toFail: requirement!)
    XCTAssertTrue(dependent.requiresFailure(of: requirement!))
    requirement = nil
    h.root.addGestureRecognizer(dependent)
    h.down(1, at: (100, 100))
    dependent.setState(.began)
    XCTAssertEqual(dependent.state, .began, "nothing left to wait for")
  }

  func testAFreedDependentLeavesItsRequirementWorking() {
    let h = GestureHarness()
    let requirement = PuppetGestureRecognizer(name: "requirement")
    var dependent: PuppetGestureRecognizer? = PuppetGestureRecognizer(name: "dependent")
    dependent?.require(toFail: requirement)
    dependent = nil
    h.root.addGestureRecognizer(requirement)
    h.down(1, at: (100, 100))
    requirement.setState(.failed)
    h.up(1)
    XCTAssertEqual(requirement.state, .possible, "failed, then reset")
  }

  func testARecognizerOutlivingItsEngineWorksWithoutOne() {
    let recognizer = PuppetGestureRecognizer(name: "p")
    var fired = 0
    recognizer.addTarget { _ in fired += 1 }
    do {
      let h = GestureHarness()
      h.root.addGestureRecognizer(recognizer)
      h.down(1, at: (100, 100))
      h.up(1)
      h.root.removeGestureRecognizer(recognizer)
    }
    XCTAssertEqual(recognizer.nowMicroseconds, 0, "no engine: no time")
    recognizer.isEnabled = false
    recognizer.isEnabled = true
    recognizer.setState(.began)
    XCTAssertEqual(fired, 1)
  }
}
