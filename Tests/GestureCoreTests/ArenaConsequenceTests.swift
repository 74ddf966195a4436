// SPDX-License-Identifier: MIT
import GestureCoreTesting
import XCTest

@testable import GestureCore

/// The arena's consequences as values: what it pushes for a request, a move, a failure and a
/// re-examination, in the order the engine applies them. Puppets on one view take part with
/// a finger down; where a scenario needs a state the puppets cannot reach without the
/// engine carrying out its consequences, the test sets the arbitration state directly.
final class ArenaConsequenceTests: XCTestCase {
  private final class Delegate: GestureRecognizerDelegate {
    var simultaneous = false
    var shouldBegin = true
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
  }

  private var h = GestureHarness()

  override func setUp() {
    h = GestureHarness()
  }

  /// Puppets attached to the root view, in this order.
  private func puppets(_ names: String...) -> [PuppetGestureRecognizer] {
    names.map { name in
      let puppet = PuppetGestureRecognizer(name: name)
      h.root.addGestureRecognizer(puppet)
      return puppet
    }
  }

  /// The actions in the order the engine would apply them.
  private func drain(_ arena: inout GestureArena) -> [ArenaAction] {
    var applied: [ArenaAction] = []
    while let action = arena.nextAction() { applied.append(action) }
    return applied
  }

  /// Sets a state as if the engine had moved the recognizer there.
  private func force(_ recognizer: GestureRecognizer, _ state: ArbitrationState) {
    recognizer.arbitration.state = state
    recognizer.state = state.visible
  }

  // MARK: Requests

  func testARequestWithNothingInTheWayMovesToWhatWasAskedFor() {
    let p = puppets("a", "b")
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.requested(p[0], .began, records: h.engine.state.touches.records)
    arena.requested(p[1], .ended, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .ended), .move(p[0], .began)])
  }

  func testARequestWaitsWhileAFailureRequirementIsUndecided() {
    let p = puppets("requirement", "continuous", "discrete")
    p[1].require(toFail: p[0])
    p[2].require(toFail: p[0])
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.requested(p[1], .began, records: h.engine.state.touches.records)
    arena.requested(p[2], .ended, records: h.engine.state.touches.records)
    XCTAssertEqual(
      drain(&arena), [.move(p[2], .waiting(.recognize)), .move(p[1], .waiting(.begin))])
  }

  func testAWaitingRecognizerRemembersWhatItAsksForAndFailsAtOnce() {
    let p = puppets("requirement", "waiting")
    p[1].require(toFail: p[0])
    h.down(1, at: (100, 100))
    p[1].puppet(.began)
    XCTAssertEqual(p[1].arbitration.state, .waiting(.begin))
    var arena = GestureArena()
    arena.requested(p[1], .changed, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [], "changing while waiting: still waiting to begin")
    arena.requested(p[1], .ended, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .waiting(.beginThenEnd))])
    arena.requested(p[1], .cancelled, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .failed)], "failing needs no wait")
  }

  func testARequestFailsWhenAFailureRequirementHasSucceeded() {
    let p = puppets("requirement", "dependent")
    p[1].require(toFail: p[0])
    h.down(1, at: (100, 100))
    force(p[0], .began)
    var arena = GestureArena()
    arena.requested(p[1], .began, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .failed)])
  }

  func testARequestFailsWhenAnActiveRecognizerOnItsTouchPreventsIt() {
    let p = puppets("active", "late")
    let delegate = Delegate()
    delegate.simultaneous = true
    p[0].delegate = delegate
    h.down(1, at: (100, 100))
    p[0].puppet(.began)
    XCTAssertEqual(p[1].state, .possible, "allowed to recognize with it: not defeated")
    var arena = GestureArena()
    arena.requested(p[1], .began, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .began)], "simultaneous: it may begin")
    delegate.simultaneous = false
    arena.requested(p[1], .began, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[1], .failed)], "prevented by the active one")
  }

  func testARequestTheDelegateRefusesFails() {
    let p = puppets("a")
    let delegate = Delegate()
    delegate.shouldBegin = false
    p[0].delegate = delegate
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.requested(p[0], .began, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[0], .failed)])
  }

  // MARK: Moves

  func testBeginningDefeatsTheRivalsOnItsLiveTouchesInTheOrderTheyJoined() {
    let left = View(name: "left", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let right = View(name: "right", frame: Rect(x: 500, y: 0, width: 400, height: 400))
    h.root.addSubview(left)
    h.root.addSubview(right)
    let p = ["winner", "b", "c", "elsewhere"].map { PuppetGestureRecognizer(name: $0) }
    for puppet in p.prefix(3) { left.addGestureRecognizer(puppet) }
    right.addGestureRecognizer(p[3])
    h.down(1, at: (100, 100))
    h.down(2, at: (550, 50))
    var arena = GestureArena()
    arena.moved(p[0], from: .possible, to: .began, records: h.engine.state.touches.records)
    XCTAssertEqual(
      drain(&arena),
      [.defeat(p[1]), .defeat(p[2]), .complete(p[0], from: .possible, to: .began)],
      "the recognizer on the other finger is not a rival")
  }

  func testRivalsAllowedToRecognizeSimultaneouslyAreNotDefeated() {
    let p = puppets("winner", "friend", "rival")
    let delegate = Delegate()
    delegate.simultaneous = true
    p[1].delegate = delegate
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.moved(p[0], from: .possible, to: .began, records: h.engine.state.touches.records)
    XCTAssertEqual(
      drain(&arena), [.defeat(p[2]), .complete(p[0], from: .possible, to: .began)])
  }

  func testRecognizingDefeatsTheRecognizersRequiringItToFail() {
    let p = puppets("double-tap", "tap")
    p[1].require(toFail: p[0])
    p[1].preventableByOthers = false
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.moved(p[0], from: .possible, to: .ended, records: h.engine.state.touches.records)
    XCTAssertEqual(
      drain(&arena), [.defeat(p[1]), .complete(p[0], from: .possible, to: .ended)],
      "it requires the winner to fail: defeated even though nothing can prevent it")
  }

  func testAMoveBetweenActiveStatesDefeatsNobody() {
    let p = puppets("a", "b")
    h.down(1, at: (100, 100))
    var arena = GestureArena()
    arena.moved(p[0], from: .began, to: .changed, records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.complete(p[0], from: .began, to: .changed)])
  }

  // MARK: Failures and require-to-fail chains

  func testAFailureReexaminesOnlyTheRecognizersWaitingForItAlongTheChain() {
    let p = puppets("a", "b", "c", "unrelated")
    p[1].require(toFail: p[0])
    p[2].require(toFail: p[1])
    p[3].require(toFail: p[2])
    h.down(1, at: (100, 100))
    p[1].puppet(.began)
    p[2].puppet(.ended)
    XCTAssertEqual(p[1].arbitration.state, .waiting(.begin))
    XCTAssertEqual(p[2].arbitration.state, .waiting(.recognize))
    var arena = GestureArena()
    arena.failed(p[0])
    XCTAssertEqual(drain(&arena), [.reexamine(p[1])])
    arena.failed(p[1])
    XCTAssertEqual(drain(&arena), [.reexamine(p[2])])
    arena.failed(p[2])
    XCTAssertEqual(drain(&arena), [], "the last one in the chain is not waiting")
  }

  func testAReexaminedRecognizerIsReleasedKeepsWaitingOrFails() {
    let p = puppets("first", "second", "waiting")
    p[2].require(toFail: p[0])
    p[2].require(toFail: p[1])
    h.down(1, at: (100, 100))
    p[2].puppet(.began)
    p[2].puppet(.ended)
    XCTAssertEqual(p[2].arbitration.state, .waiting(.beginThenEnd))
    var arena = GestureArena()
    force(p[0], .failed)
    arena.reexamine(p[2], records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [], "the second requirement is still undecided")
    force(p[1], .failed)
    arena.reexamine(p[2], records: h.engine.state.touches.records)
    XCTAssertEqual(
      drain(&arena), [.move(p[2], .began), .endIfBegan(p[2])],
      "it began and ended while it waited: it begins, then ends")
    force(p[1], .ended)
    arena.reexamine(p[2], records: h.engine.state.touches.records)
    XCTAssertEqual(drain(&arena), [.move(p[2], .failed)], "a requirement recognized")
  }

  func testTheEngineCarriesAChainOutInOneLoop() {
    let p = puppets("a", "b", "c")
    p[1].require(toFail: p[0])
    p[2].require(toFail: p[1])
    var log: [String] = []
    h.engine.stateObserver = { change in
      log.append("\(change.recognizer.name ?? "") \(change.from)->\(change.to)")
    }
    h.down(1, at: (100, 100))
    p[1].puppet(.began)
    p[2].puppet(.began)
    XCTAssertEqual(log, [], "both wait")
    p[0].puppet(.failed)
    XCTAssertEqual(
      log,
      [
        "a possible->failed", "b possible->began", "c possible->failed", "c failed->possible",
        "a failed->possible",
      ])
    XCTAssertEqual(p[1].actionStates, [.began])
    XCTAssertEqual(p[2].actionStates, [], "failures send no action")
  }

  // MARK: The legal-move table

  func testTheTableHoldsTheWaitsAndTheResetsAndNothingElse() {
    XCTAssertTrue(ArbitrationState.possible.canMove(to: .waiting(.begin)))
    XCTAssertTrue(ArbitrationState.waiting(.begin).canMove(to: .waiting(.beginThenEnd)))
    XCTAssertTrue(ArbitrationState.waiting(.begin).canMove(to: .began))
    XCTAssertFalse(ArbitrationState.waiting(.begin).canMove(to: .ended))
    XCTAssertTrue(ArbitrationState.waiting(.recognize).canMove(to: .ended))
    XCTAssertFalse(ArbitrationState.waiting(.recognize).canMove(to: .began))
    XCTAssertTrue(ArbitrationState.waiting(.beginThenEnd).canMove(to: .failed))
    XCTAssertFalse(ArbitrationState.waiting(.begin).canMove(to: .cancelled))
    XCTAssertFalse(ArbitrationState.began.canMove(to: .waiting(.begin)))
    XCTAssertTrue(ArbitrationState.failed.canMove(to: .possible))
    XCTAssertTrue(ArbitrationState.ended.canMove(to: .possible))
    XCTAssertFalse(ArbitrationState.began.canMove(to: .possible))
    XCTAssertFalse(ArbitrationState.possible.canMove(to: .changed))
    XCTAssertTrue(ArbitrationState.changed.canMove(to: .changed))
  }
}
