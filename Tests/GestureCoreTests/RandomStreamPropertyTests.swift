// SPDX-License-Identifier: MIT
import Foundation
import GestureCoreTesting
import XCTest

@testable import GestureCore

/// Random scenes, random touch streams: the engine's promises hold after every frame.
/// Seeded and reproducible; a failure names the seed. `GESTUREBRIDGE_PROPERTY_STREAMS`
/// sets how many streams run (default 3,000), from seed `GESTUREBRIDGE_PROPERTY_FIRST_SEED`
/// (default 0).
final class RandomStreamPropertyTests: XCTestCase {
  /// Checks a recognizer's actions form legal sequences: (recognized | began changed*
  /// (ended | cancelled))*, and none runs while it is failed.
  private final class ActionChecker {
    var problems: [String] = []
    private var active: [ObjectIdentifier: Bool] = [:]

    func watch(_ recognizer: GestureRecognizer) {
      let key = ObjectIdentifier(recognizer)
      active[key] = false
      recognizer.addTarget { [unowned self] r in
        let name = r.name ?? "?"
        let isActive = active[key] ?? false
        switch r.state {
        case .began where !isActive: active[key] = true
        case .changed where isActive: break
        case .ended where isActive, .cancelled where isActive: active[key] = false
        case .ended where !r.isContinuous: break
        default: problems.append("\(name): action in state \(r.state) (active: \(isActive))")
        }
      }
    }

    func unfinished() -> Int { active.values.filter { $0 }.count }
  }

  private final class Simultaneous: GestureRecognizerDelegate {
    let pairs: Set<[ObjectIdentifier]>
    init(pairs: Set<[ObjectIdentifier]>) { self.pairs = pairs }
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
      pairs.contains([ObjectIdentifier(recognizer), ObjectIdentifier(other)])
    }
  }

  private func makeRecognizer(_ kind: Int, _ rng: inout SeededRandom) -> GestureRecognizer {
    switch kind {
    case 0:
      let r = TapGestureRecognizer()
      r.numberOfTapsRequired = Int.random(in: 1...3, using: &rng)
      r.numberOfTouchesRequired = Int.random(in: 1...2, using: &rng)
      return r
    case 1:
      let r = LongPressGestureRecognizer()
      r.minimumPressDuration = Double.random(in: 0.05...0.6, using: &rng)
      r.numberOfTouchesRequired = Int.random(in: 1...2, using: &rng)
      r.numberOfTapsRequired = Int.random(in: 0...1, using: &rng)
      r.allowableMovement = Double.random(in: 2...40, using: &rng)
      return r
    case 2:
      let r = PanGestureRecognizer()
      r.minimumNumberOfTouches = Int.random(in: 1...2, using: &rng)
      r.maximumNumberOfTouches = r.minimumNumberOfTouches + Int.random(in: 0...3, using: &rng)
      return r
    case 3: return PinchGestureRecognizer()
    case 4: return RotationGestureRecognizer()
    case 5:
      let r = SwipeGestureRecognizer()
      r.direction = SwipeDirection(rawValue: UInt.random(in: 1...15, using: &rng))
      r.numberOfTouchesRequired = Int.random(in: 1...2, using: &rng)
      return r
    default:
      let r = ScreenEdgePanGestureRecognizer()
      r.edges = RectEdge(rawValue: UInt.random(in: 1...15, using: &rng))
      return r
    }
  }

  /// With `system`, one or two system recognizers (`GesturePrecedence.system`) join on the
  /// root view, as the bridge places them, after the scene's own (the random draws of the
  /// scene are those of the stream without them).
  private func runStream(seed: UInt64, system: Bool = false) -> [String] {
    var rng = SeededRandom(seed: seed)
    let h = GestureHarness(screen: Rect(x: 0, y: 0, width: 800, height: 600))
    let views = [h.root, View(name: "a", frame: Rect(x: 0, y: 0, width: 400, height: 600))]
    h.root.addSubview(views[1])
    if Bool.random(using: &rng) {
      views[1].addSubview(View(name: "b", frame: Rect(x: 100, y: 100, width: 200, height: 200)))
    }
    // What the views hear, checked with the stream invariant every compositor run is held
    // to (`TouchStreamChecker`): a frame after each engine step.
    let stream = TouchStreamRecorder()
    stream.observe(h.root)
    let actions = ActionChecker()
    var recognizers: [GestureRecognizer] = []
    var allViews: [View] = [h.root, views[1]] + views[1].subviews
    allViews.shuffle(using: &rng)
    for index in 0..<Int.random(in: 1...6, using: &rng) {
      let r = makeRecognizer(Int.random(in: 0...6, using: &rng), &rng)
      r.name = "r\(index)"
      r.cancelsTouchesInView = Bool.random(using: &rng)
      r.delaysTouchesBegan = Int.random(in: 0..<4, using: &rng) == 0
      r.delaysTouchesEnded = Bool.random(using: &rng)
      allViews[Int.random(in: 0..<allViews.count, using: &rng)].addGestureRecognizer(r)
      actions.watch(r)
      recognizers.append(r)
    }
    var systemRecognizers: [GestureRecognizer] = []
    if system {
      for index in 0..<Int.random(in: 1...2, using: &rng) {
        let r = makeRecognizer(Int.random(in: 0...6, using: &rng), &rng)
        r.name = "s\(index)"
        r.precedence = .system
        r.cancelsTouchesInView = Int.random(in: 0..<4, using: &rng) != 0
        r.delaysTouchesBegan = Bool.random(using: &rng)
        h.root.addGestureRecognizer(r)
        actions.watch(r)
        recognizers.append(r)
        systemRecognizers.append(r)
      }
    }
    var pairs: Set<[ObjectIdentifier]> = []
    for a in recognizers {
      for b in recognizers where a !== b {
        let roll = Int.random(in: 0..<10, using: &rng)
        if roll == 0 { a.require(toFail: b) }
        if roll == 1 { pairs.insert([ObjectIdentifier(a), ObjectIdentifier(b)]) }
      }
    }
    let delegate = Simultaneous(pairs: pairs)
    for r in recognizers where Bool.random(using: &rng) { r.delegate = delegate }

    var problems: [String] = []
    var down: [UInt64: (Double, Double)] = [:]
    var nextID: UInt64 = 1
    // Failed stays failed for its sequence: a recognizer that failed while fingers of its
    // view were down makes no move before all those fingers have lifted.
    var touchViews: [UInt64: View] = [:]
    var sittingOut: [ObjectIdentifier: Set<UInt64>] = [:]
    h.engine.stateObserver = { [unowned h] change in
      let key = ObjectIdentifier(change.recognizer)
      if change.from == .possible && change.to != .possible, let fingers = sittingOut[key] {
        problems.append(
          "\(change.recognizer.name ?? "?") moved to \(change.to) while \(fingers.sorted()) of "
            + "the sequence it failed in were down")
      }
      guard change.to == .failed, let view = change.recognizer.view else { return }
      let fingers = h.engine.liveTouchIDs.map(\.rawValue).filter {
        touchViews[$0]?.isDescendant(of: view) ?? false
      }
      if !fingers.isEmpty { sittingOut[key, default: []].formUnion(fingers) }
    }
    for _ in 0..<Int.random(in: 5...60, using: &rng) {
      h.advance(ms: Double(Int.random(in: 0...3, using: &rng) == 0 ? 400 : 8))
      stream.frame()
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let roll = Int.random(in: 0..<10, using: &rng)
        if (roll < 2 || down.isEmpty) && down.count < 5 {
          let p = (
            Double.random(in: -20...820, using: &rng), Double.random(in: 0...600, using: &rng)
          )
          h.down(nextID, at: p, batch: true)
          down[nextID] = p
          touchViews[nextID] = h.root.hitTest(Point(x: p.0, y: p.1))
          nextID += 1
        } else if let id = down.keys.sorted().randomElement(using: &rng) {
          let old = down[id]!
          if roll < 8 {
            let p = (
              old.0 + Double.random(in: -60...60, using: &rng),
              old.1 + Double.random(in: -60...60, using: &rng)
            )
            h.move(id, to: p, batch: true)
            down[id] = p
          } else if roll == 8 {
            h.up(id, batch: true)
            down[id] = nil
          } else {
            h.cancel(id, batch: true)
            down[id] = nil
          }
        }
      }
      h.commit()
      stream.frame()
      for (key, fingers) in sittingOut {
        let left = fingers.filter { down[$0] != nil }
        sittingOut[key] = left.isEmpty ? nil : left
      }
      // System precedence: no app recognizer stays active on a live touch of an active
      // system recognizer that prevents it.
      for s in systemRecognizers where s.state.isActive {
        for a in recognizers
        where a.precedence == .standard && a.state.isActive
          && GestureArena.sharesTouch(s, a, liveOnly: true) && GestureArena.prevents(s, a)
        {
          problems.append("\(a.name ?? "?") active beside system \(s.name ?? "?")")
        }
      }
      let live = Set(h.engine.liveTouchIDs.map(\.rawValue))
      if live != Set(down.keys) { problems.append("live touches \(live) != down \(down.keys)") }
      if Bool.random(using: &rng), let r = recognizers.randomElement(using: &rng),
        Int.random(in: 0..<20, using: &rng) == 0
      {
        r.isEnabled.toggle()
      }
    }
    for id in down.keys.sorted() { h.up(id, batch: true) }
    h.commit()
    stream.frame()
    for r in recognizers { r.isEnabled = true }
    stream.frame()
    h.clock.runUntilIdle()
    stream.frame()
    if !h.engine.liveTouchIDs.isEmpty { problems.append("touches alive after all lifted") }
    if actions.unfinished() > 0 { problems.append("\(actions.unfinished()) gestures never ended") }
    problems += TouchStreamChecker.violations(in: stream.events)
    // The core never reuses a touch id: no second began for a touch that ended.
    var ended: Set<Int64> = []
    for event in stream.events {
      if event.kind == .down && ended.contains(event.id) {
        problems.append("began again after it ended: touch \(event.id)")
      }
      if event.kind == .up || event.kind == .cancel { ended.insert(event.id) }
    }
    for r in recognizers where r.state != .possible {
      problems.append("\(r.name ?? "?") left in \(r.state)")
    }
    return problems + actions.problems
  }

  func testRandomStreamsWithSystemRecognizersKeepEveryInvariant() {
    let count =
      Int(ProcessInfo.processInfo.environment["GESTUREBRIDGE_PROPERTY_STREAMS"] ?? "")
      ?? 3_000
    for seed in 0..<UInt64(count) {
      let problems = runStream(seed: seed, system: true)
      if !problems.isEmpty {
        XCTFail(
          "seed \(seed) with system recognizers: \(problems.prefix(5).joined(separator: "; "))")
        return
      }
    }
  }

  func testRandomStreamsOnRandomScenesKeepEveryInvariant() {
    let count =
      Int(ProcessInfo.processInfo.environment["GESTUREBRIDGE_PROPERTY_STREAMS"] ?? "")
      ?? 3_000
    let first =
      UInt64(ProcessInfo.processInfo.environment["GESTUREBRIDGE_PROPERTY_FIRST_SEED"] ?? "") ?? 0
    for seed in first..<(first + UInt64(count)) {
      let problems = runStream(seed: seed)
      if !problems.isEmpty {
        XCTFail("seed \(seed): \(problems.prefix(5).joined(separator: "; "))")
        return
      }
    }
  }
}
