// SPDX-License-Identifier: MIT
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

  func testDelaysTouchesBeganReleasedByAFailureInAMovingFrameDeliversThatMoveOnce() {
    // A tap with delaysTouchesBegan fails in the frame that moves its finger beyond the tap
    // slop: the view gets the began where the finger landed, then that frame's move once.
    let h = GestureHarness()
    let tap = TapGestureRecognizer()
    tap.delaysTouchesBegan = true
    h.root.addGestureRecognizer(tap)
    let log = PositionLog()
    h.root.touchObserver = log
    h.down(1, at: (100, 100))
    h.advance(ms: 10)
    h.move(1, to: (105, 100))
    XCTAssertEqual(log.lines, [], "held while the tap is possible")
    h.advance(ms: 10)
    h.move(1, to: (160, 100))
    XCTAssertEqual(
      log.lines,
      ["began [1 (100, 100) from (100, 100)]", "moved [1 (160, 100) from (100, 100) @20000]"])
    h.advance(ms: 10)
    h.move(1, to: (170, 100))
    h.up(1)
    XCTAssertEqual(
      log.lines.suffix(2),
      ["moved [1 (170, 100) from (160, 100) @30000]", "ended [1 (170, 100) @30000]"])
  }

  func testDelaysTouchesBeganReleasedMidFrameMovesEachTouchOnce() {
    // The guide's two fingers, held by delaysTouchesBegan; in the third frame finger 2
    // moves and finger 1 lifts, which makes the recognizer fail.
    let (h, puppet) = setUp { $0.delaysTouchesBegan = true }
    let log = PositionLog()
    h.root.touchObserver = log
    h.down(1, at: (100, 100), batch: true)
    h.down(2, at: (200, 100), batch: true)
    h.commit()
    h.advance(ms: 10)
    h.move(1, to: (101, 100), batch: true)
    h.move(2, to: (201, 100), batch: true)
    h.commit()
    XCTAssertEqual(log.lines, [])
    puppet.stateWhenTouchesEnd = .failed
    h.advance(ms: 10)
    h.move(2, to: (210, 100), batch: true)
    h.up(1, batch: true)
    h.commit()
    XCTAssertEqual(
      log.lines,
      [
        "began [1 (100, 100) from (100, 100)]",
        "moved [1 (101, 100) from (100, 100) @20000]",
        "began [2 (200, 100) from (200, 100)]",
        "moved [2 (210, 100) from (200, 100) @20000]",
        "ended [1 (101, 100) @20000]",
      ])
  }

  func testDelaysTouchesBeganReleasedWhenTheLastFingerLiftsMovesOnceThenEnds() {
    let (h, _) = setUp { $0.delaysTouchesBegan = true }
    let log = PositionLog()
    h.root.touchObserver = log
    h.down(1, at: (100, 100))
    h.advance(ms: 10)
    h.move(1, to: (102, 100))
    h.advance(ms: 10)
    h.move(1, to: (104, 100))
    h.advance(ms: 10)
    h.up(1)  // nothing left to decide the recognizer: it fails, releasing the touch
    XCTAssertEqual(
      log.lines,
      [
        "began [1 (100, 100) from (100, 100)]",
        "moved [1 (104, 100) from (100, 100) @30000]",
        "ended [1 (104, 100) @30000]",
      ])
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

  func testAnObserverHearsTheTouchesThatBeganWhileItWasSetEachFromItsBegan() {
    let h = GestureHarness()
    let panel = View(name: "panel", frame: Rect(x: 0, y: 0, width: 500, height: 500))
    h.root.addSubview(panel)
    h.down(1, at: (100, 100))
    let log = PositionLog()
    panel.touchObserver = log
    h.advance(ms: 10)
    h.move(1, to: (110, 100))
    h.down(2, at: (200, 100))
    h.advance(ms: 10)
    h.move(2, to: (210, 100))
    h.up(1)
    XCTAssertEqual(
      log.lines,
      ["began [2 (200, 100) from (200, 100)]", "moved [2 (210, 100) from (200, 100) @20000]"],
      "finger 1 was down before the observer came: none of it, not even its end")
    panel.touchObserver = nil
    h.advance(ms: 10)
    h.up(2)
    XCTAssertEqual(log.lines.count, 2, "a removed observer hears nothing more")
    XCTAssertEqual(h.engine.liveTouchIDs, [])
  }
}

/// Writes down each delivery with its touches' locations, as lines such as
/// `"moved [1 (160, 100) from (100, 100) @20000]"` (`from` for began and moved, time for
/// moved and ended).
private final class PositionLog: ViewTouchObserver {
  var lines: [String] = []

  func touchesBegan(_ touches: TouchSet, in view: View) { log("began", touches) }
  func touchesMoved(_ touches: TouchSet, in view: View) { log("moved", touches) }
  func touchesEnded(_ touches: TouchSet, in view: View) { log("ended", touches) }
  func touchesCancelled(_ touches: TouchSet, in view: View) { log("cancelled", touches) }

  private func log(_ phase: String, _ touches: TouchSet) {
    let items = touches.map { touch in
      var item = "\(touch.id.rawValue) \(Self.format(touch.screenLocation))"
      if phase == "began" || phase == "moved" {
        item += " from \(Self.format(touch.previousScreenLocation))"
      }
      if phase != "began" { item += " @\(touch.timestampMicroseconds)" }
      return item
    }
    lines.append("\(phase) [\(items.joined(separator: ", "))]")
  }

  private static func format(_ point: Point) -> String { "(\(Int(point.x)), \(Int(point.y)))" }
}
