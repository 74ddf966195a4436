// SPDX-License-Identifier: MIT
@_spi(GestureRecognizerSubclass) import GestureCore
import GestureCoreTesting
import XCTest

/// `GestureEngine.stateObserver`: every state change, failures and resets included, in the
/// order they happen.
final class StateObserverTests: XCTestCase {
  /// What the observer saw, as lines such as `"p possible->failed @10000"`, plus the
  /// recognizer's state during each call.
  private final class TransitionLog {
    var lines: [String] = []
    var statesDuringCalls: [GestureRecognizerState] = []

    func attach(to engine: GestureEngine) {
      engine.stateObserver = { [unowned self] change in
        lines.append(
          "\(change.recognizer.name ?? "?") \(change.from)->\(change.to) @\(change.timeMicroseconds)"
        )
        statesDuringCalls.append(change.recognizer.state)
      }
    }
  }

  private func makeHarness(_ names: String...) -> (
    GestureHarness, [PuppetGestureRecognizer], TransitionLog
  ) {
    let h = GestureHarness()
    let puppets = names.map { PuppetGestureRecognizer(name: $0) }
    for puppet in puppets { h.root.addGestureRecognizer(puppet) }
    let log = TransitionLog()
    log.attach(to: h.engine)
    return (h, puppets, log)
  }

  func testAContinuousGestureReportsEveryChangeThenTheResetToPossible() {
    let (h, puppets, log) = makeHarness("p")
    let p = puppets[0]
    h.down(1, at: (10, 10))
    p.puppet(.began)
    h.advance(ms: 10)
    h.move(1, to: (30, 10))
    p.puppet(.changed)
    h.advance(ms: 10)
    h.up(1)
    p.puppet(.ended)
    XCTAssertEqual(
      log.lines,
      [
        "p possible->began @0", "p began->changed @10000", "p changed->ended @20000",
        "p ended->possible @20000",
      ])
    XCTAssertEqual(log.statesDuringCalls, [.began, .changed, .ended, .possible])
    XCTAssertEqual(p.actionStates, [.began, .changed, .ended], "actions are unchanged")
  }

  func testAFailureIsReportedAlthoughNoActionRuns() {
    let (h, puppets, log) = makeHarness("p")
    h.down(1, at: (10, 10))
    h.advance(ms: 5)
    h.move(1, to: (12, 10))
    puppets[0].puppet(.failed)
    XCTAssertEqual(log.lines, ["p possible->failed @5000", "p failed->possible @5000"])
    XCTAssertEqual(log.statesDuringCalls, [.failed, .possible])
    XCTAssertEqual(puppets[0].actionStates, [])
  }

  func testARecognizerUndecidedWhenItsFingersLiftFailsAtTheLift() {
    let (h, _, log) = makeHarness("p")
    h.down(1, at: (10, 10))
    h.advance(ms: 40)
    h.up(1)
    XCTAssertEqual(log.lines, ["p possible->failed @40000", "p failed->possible @40000"])
  }

  func testTheWinnerIsReportedBeforeTheRivalItDefeatsAndBothBeforeTheWinnersAction() {
    let (h, puppets, log) = makeHarness("winner", "rival")
    var linesWhenActionRan: [String] = []
    puppets[0].addTarget { _ in linesWhenActionRan = log.lines }
    h.down(1, at: (10, 10))
    puppets[0].puppet(.began)
    XCTAssertEqual(
      log.lines,
      ["winner possible->began @0", "rival possible->failed @0", "rival failed->possible @0"])
    XCTAssertEqual(
      linesWhenActionRan, ["winner possible->began @0", "rival possible->failed @0"],
      "the winner's action runs after the defeated rival failed, before the rival's reset")
  }

  func testAFailureRequirementFailingIsReportedBeforeTheRecognitionItAllows() {
    let (h, puppets, log) = makeHarness("single", "double")
    let single = puppets[0]
    let double = puppets[1]
    single.continuous = false
    single.require(toFail: double)
    single.stateWhenTouchesEnd = .recognized
    h.down(1, at: (10, 10))
    double.armTimer(deadlineMicroseconds: 300_000)
    h.advance(ms: 50)
    h.up(1)
    XCTAssertEqual(log.lines, [], "the single tap waits for the double tap")
    h.advance(toMs: 300)
    // The engine resets finished recognizers last-finished first.
    XCTAssertEqual(
      log.lines,
      [
        "double possible->failed @300000", "single possible->ended @300000",
        "single ended->possible @300000", "double failed->possible @300000",
      ])
    XCTAssertEqual(single.actionStates, [.ended])
  }

  func testABuiltInRecognizerIsReadableWhenItFails() {
    let h = GestureHarness()
    let tap = TapGestureRecognizer()
    tap.name = "tap"
    h.root.addGestureRecognizer(tap)
    var seen: [String] = []
    h.engine.stateObserver = { change in
      guard change.to == .failed else { return }
      let recognizer = change.recognizer
      let location = recognizer.location(in: nil)
      seen.append(
        "\(recognizer.state) \(recognizer.numberOfTouches) (\(location.x), \(location.y)) "
          + "@\(change.timeMicroseconds)")
    }
    h.down(1, at: (100, 100))
    h.advance(ms: 20)
    h.move(1, to: (160, 100))  // beyond the tap slop: the tap fails in this frame
    XCTAssertEqual(seen, ["failed 1 (160.0, 100.0) @20000"])
  }

  func testTheResetObserverMayDisableTheRecognizerWithoutAnotherTransition() {
    let h = GestureHarness()
    let puppet = PuppetGestureRecognizer(name: "p")
    h.root.addGestureRecognizer(puppet)
    var lines: [String] = []
    h.engine.stateObserver = { change in
      lines.append("\(change.from)->\(change.to)")
      if change.to == .possible { change.recognizer.isEnabled = false }
    }
    h.down(1, at: (10, 10))
    puppet.puppet(.failed)
    XCTAssertEqual(lines, ["possible->failed", "failed->possible"])
    XCTAssertEqual(puppet.state, .possible)
    h.up(1)
    h.down(2, at: (10, 10))
    XCTAssertEqual(lines.count, 2, "a disabled recognizer sees no more touches")
    XCTAssertEqual(puppet.calls.filter { $0 == .began([TouchID(2)]) }, [])
  }

  func testWithdrawingARecognizerReportsItsCancellation() {
    let (h, puppets, log) = makeHarness("p")
    h.down(1, at: (10, 10))
    puppets[0].puppet(.began)
    h.advance(ms: 30)
    h.move(1, to: (20, 10))
    puppets[0].isEnabled = false
    XCTAssertEqual(
      log.lines,
      ["p possible->began @0", "p began->cancelled @30000", "p cancelled->possible @30000"])
  }
}
