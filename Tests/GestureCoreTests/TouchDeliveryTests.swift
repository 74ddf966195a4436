import GestureCore
import GestureCoreTesting
import XCTest

/// "Regulating the Delivery of Touches to Views": what the view hears while a recognizer
/// analyses its touches.
final class TouchDeliveryTests: XCTestCase {
  private func setUp(
    _ configure: (PuppetGestureRecognizer) -> Void = { _ in }
  ) -> (GestureHarness, PuppetGestureRecognizer) {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "two-finger")
    puppet.continuous = false
    configure(puppet)
    h.root.addGestureRecognizer(puppet)
    return (h, puppet)
  }

  /// Steps 1-3 of the guide's two-finger discrete gesture.
  private func firstThreeSteps(_ h: GestureHarness) {
    h.down(1, at: (100, 100), batch: true)
    h.down(2, at: (200, 100), batch: true)
    h.commit()
    h.advance(ms: 10)
    h.move(1, to: (101, 100), batch: true)
    h.move(2, to: (201, 100), batch: true)
    h.commit()
    h.advance(ms: 10)
    h.up(1)
  }

  func testGuideSequenceRecognizedCancelsTheDeliveredTouchesBeforeTheAction() {
    let (h, puppet) = setUp()
    var linesWhenActionRan: [String] = []
    puppet.addTarget { _ in linesWhenActionRan = h.deliveries.lines }
    firstThreeSteps(h)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1,2", "screen moved 1,2"], "end of 1 held")
    puppet.stateWhenTouchesEnd = .recognized
    h.up(2)
    XCTAssertEqual(
      h.deliveries.lines, ["screen began 1,2", "screen moved 1,2", "screen cancelled 1,2"])
    XCTAssertEqual(linesWhenActionRan.last, "screen cancelled 1,2", "cancel comes before action")
  }

  func testGuideSequenceFailedDeliversBothEndedTouchesTogether() {
    let (h, puppet) = setUp()
    firstThreeSteps(h)
    puppet.stateWhenTouchesEnd = .failed
    h.up(2)
    XCTAssertEqual(
      h.deliveries.lines, ["screen began 1,2", "screen moved 1,2", "screen ended 1,2"])
  }

  func testDelaysTouchesEndedFalseDeliversEndedAtOnce() {
    let (h, _) = setUp { $0.delaysTouchesEnded = false }
    firstThreeSteps(h)
    XCTAssertEqual(h.deliveries.lines.last, "screen ended 1")
  }

  func testDelaysTouchesBeganHoldsTheTouchUntilTheRecognizerFails() {
    let (h, puppet) = setUp { $0.delaysTouchesBegan = true }
    h.down(1, at: (100, 100))
    h.advance(ms: 10)
    h.move(1, to: (130, 100))
    XCTAssertEqual(h.deliveries.lines, [], "nothing reaches the view while it analyses")
    puppet.puppet(.failed)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1", "screen moved 1"])
    h.advance(ms: 10)
    h.move(1, to: (140, 100))
    XCTAssertEqual(h.deliveries.lines.last, "screen moved 1", "later moves flow normally")
  }

  func testDelaysTouchesBeganDropsTheTouchWhenTheGestureIsRecognized() {
    let (h, puppet) = setUp { $0.delaysTouchesBegan = true }
    h.down(1, at: (100, 100))
    puppet.puppet(.recognized)
    h.up(1)
    XCTAssertEqual(h.deliveries.lines, [])
  }

  func testCancelsTouchesInViewFalseLetsTheViewSeeEverything() {
    let (h, puppet) = setUp { $0.cancelsTouchesInView = false }
    puppet.continuous = true
    h.down(1, at: (100, 100))
    puppet.puppet(.began)
    h.move(1, to: (120, 100))
    h.up(1)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1", "screen moved 1", "screen ended 1"])
  }

  func testActiveContinuousGestureKeepsLaterTouchesFromTheView() {
    let (h, puppet) = setUp()
    puppet.continuous = true
    h.down(1, at: (100, 100))
    puppet.puppet(.began)
    h.down(2, at: (300, 300))
    h.move(2, to: (310, 300))
    h.up(2)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1", "screen cancelled 1"])
  }

  func testIgnoredTouchReachesTheViewEvenWhenTheGestureIsRecognized() {
    let (h, puppet) = setUp()
    puppet.ignoredTouches = [TouchID(2)]
    h.down(1, at: (100, 100), batch: true)
    h.down(2, at: (200, 100), batch: true)
    h.commit()
    puppet.puppet(.recognized)
    h.up(2)
    h.up(1)
    XCTAssertEqual(
      h.deliveries.lines, ["screen began 1,2", "screen cancelled 1", "screen ended 2"])
  }

  func testSystemCancelledTouchReachesTheViewAsCancelled() {
    let (h, _) = setUp()
    h.down(1, at: (100, 100))
    h.cancel(1)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1", "screen cancelled 1"])
  }

  func testHeldEndIsDeliveredWhenTheRecognizerTimesOut() {
    let (h, puppet) = setUp()
    h.down(1, at: (100, 100))
    puppet.armTimer(deadlineMicroseconds: 300_000)
    h.advance(ms: 50)
    h.up(1)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1"])
    h.advance(toMs: 300)
    XCTAssertEqual(h.deliveries.lines, ["screen began 1", "screen ended 1"])
    XCTAssertEqual(h.engine.liveTouchIDs, [])
  }

  func testTouchesAreDeliveredToTheHitViewNotItsAncestors() {
    let h = GestureHarness()
    let panel = View(name: "panel", frame: Rect(x: 0, y: 0, width: 500, height: 500))
    h.root.addSubview(panel)
    h.deliveries.observe(h.root)
    h.tap(1, at: (10, 10))
    XCTAssertEqual(h.deliveries.lines, ["panel began 1", "panel ended 1"])
  }
}
