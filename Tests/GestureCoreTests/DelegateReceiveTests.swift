// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

/// `GestureRecognizerDelegate.mayRefuseTouches`: read once when the delegate is set; a
/// delegate that says false is not asked `shouldReceive` per touch.
final class DelegateReceiveTests: XCTestCase {
  private final class CountingDelegate: GestureRecognizerDelegate {
    let mayRefuseTouches: Bool
    var asked: [TouchID] = []
    var refuses = false
    init(mayRefuseTouches: Bool) { self.mayRefuseTouches = mayRefuseTouches }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
      asked.append(touch.id)
      return !refuses
    }
  }

  /// A delegate that does not override `mayRefuseTouches`.
  private final class DefaultDelegate: GestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
      asked += 1
      return false
    }
  }

  /// A harness whose root holds one puppet recognizer.
  private func makePuppet() -> (GestureHarness, PuppetGestureRecognizer) {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    return (h, puppet)
  }

  /// A puppet with a counting delegate that refuses every touch it is asked about.
  private func makeRefusingPuppet(mayRefuseTouches: Bool) -> (
    GestureHarness, PuppetGestureRecognizer, CountingDelegate
  ) {
    let (h, puppet) = makePuppet()
    let delegate = CountingDelegate(mayRefuseTouches: mayRefuseTouches)
    delegate.refuses = true
    puppet.delegate = delegate
    return (h, puppet, delegate)
  }

  func testADelegateThatMayRefuseIsAskedForEachTouch() {
    let (h, puppet, delegate) = makeRefusingPuppet(mayRefuseTouches: true)
    h.down(1, at: (10, 10))
    h.down(2, at: (20, 20))
    XCTAssertEqual(delegate.asked, [TouchID(1), TouchID(2)])
    XCTAssertFalse(puppet.calls.contains { if case .began = $0 { true } else { false } })
  }

  func testTheDefaultDeclarationIsThatADelegateMayRefuse() {
    let (h, puppet) = makePuppet()
    let delegate = DefaultDelegate()
    XCTAssertTrue(delegate.mayRefuseTouches)
    puppet.delegate = delegate
    h.down(1, at: (10, 10))
    XCTAssertEqual(delegate.asked, 1)
    XCTAssertEqual(puppet.calls, [], "refused: the recognizer heard nothing")
  }

  func testADelegateThatNeverRefusesIsNotAskedAndEveryTouchArrives() {
    // Breaking its word: it would refuse if asked, but it is not.
    let (h, puppet, delegate) = makeRefusingPuppet(mayRefuseTouches: false)
    h.down(1, at: (10, 10))
    h.down(2, at: (20, 20))
    XCTAssertEqual(delegate.asked, [])
    XCTAssertEqual(puppet.calls, [.began([TouchID(1)]), .began([TouchID(2)])])
  }

  func testReplacingTheDelegateReadsTheNewDeclaration() {
    let (h, puppet) = makePuppet()
    let quiet = CountingDelegate(mayRefuseTouches: false)
    let asking = CountingDelegate(mayRefuseTouches: true)
    puppet.delegate = quiet
    puppet.delegate = asking
    h.down(1, at: (10, 10))
    XCTAssertEqual(asking.asked, [TouchID(1)])
    puppet.delegate = nil
    h.down(2, at: (20, 20))
    XCTAssertEqual(asking.asked, [TouchID(1)], "no delegate: nobody is asked")
    XCTAssertEqual(puppet.calls, [.began([TouchID(1)]), .began([TouchID(2)])])
  }
}
