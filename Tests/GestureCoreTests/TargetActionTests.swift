// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

final class TargetActionTests: XCTestCase {
  private final class Target {}

  func testEveryAddedActionRunsOnAStateChange() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    var log: [String] = []
    puppet.addTarget { _ in log.append("a") }
    puppet.addTarget { _ in log.append("b") }
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (1, 1))
    puppet.puppet(.began)
    XCTAssertEqual(log, ["a", "b"])
  }

  func testRemoveTargetWithNilTargetAndNilActionRemovesEveryAction() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    var count = 0
    puppet.addTarget { _ in count += 1 }
    puppet.removeTarget(nil, action: nil)
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (1, 1))
    puppet.puppet(.began)
    XCTAssertEqual(count, 0)
    XCTAssertEqual(puppet.actionStates, [], "the puppet's own recording action is gone too")
  }

  func testRemoveTargetWithATokenRemovesOnlyThatAction() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    var log: [String] = []
    let first = puppet.addTarget { _ in log.append("first") }
    puppet.addTarget { _ in log.append("second") }
    puppet.removeTarget(nil, action: first)
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (1, 1))
    puppet.puppet(.began)
    XCTAssertEqual(log, ["second"])
  }

  func testRemoveTargetByTargetRemovesItsActions() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    let target = Target()
    var log: [String] = []
    puppet.addTarget(target) { _ in log.append("target") }
    puppet.addTarget { _ in log.append("other") }
    puppet.removeTarget(target, action: nil)
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (1, 1))
    puppet.puppet(.began)
    XCTAssertEqual(log, ["other"])
  }

  func testActionOfATargetThatIsGoneNoLongerRuns() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    var target: Target? = Target()
    var count = 0
    puppet.addTarget(target) { _ in count += 1 }
    target = nil
    h.root.addGestureRecognizer(puppet)
    h.down(1, at: (1, 1))
    puppet.puppet(.began)
    XCTAssertEqual(count, 0)
  }
}
