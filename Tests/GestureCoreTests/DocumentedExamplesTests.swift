// SPDX-License-Identifier: MIT
import Foundation
import GestureCore
import GestureCoreTesting
import XCTest

/// The examples the reference guides give, with the real built-in recognizers.
final class DocumentedExamplesTests: XCTestCase {
  private final class Log {
    var entries: [String] = []
    func record(_ name: String) -> (GestureRecognizer) -> Void {
      { [unowned self] recognizer in entries.append("\(name) \(recognizer.state)") }
    }
  }

  private final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(
      _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
  }

  /// A rotation that pinches may not prevent, as in the later guide's one-way example.
  private final class DominantRotation: RotationGestureRecognizer {
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
      !(other is PinchGestureRecognizer)
    }
  }

  private func tapAndDoubleTap(requireFailure: Bool, tapAddedFirst: Bool = false) -> (
    GestureHarness, Log
  ) {
    let h = GestureHarness()
    let log = Log()
    let doubleTap = TapGestureRecognizer(action: log.record("double-tap"))
    doubleTap.numberOfTapsRequired = 2
    let tap = TapGestureRecognizer(action: log.record("tap"))
    if requireFailure { tap.require(toFail: doubleTap) }
    if tapAddedFirst { h.root.addGestureRecognizer(tap) }
    h.root.addGestureRecognizer(doubleTap)
    if !tapAddedFirst { h.root.addGestureRecognizer(tap) }
    return (h, log)
  }

  func testDoubleTapWithSingleTapRequiringItToFailGivesOnlyTheDoubleTap() {
    let (h, log) = tapAndDoubleTap(requireFailure: true)
    h.tap(1, at: (500, 500))
    h.advance(ms: 100)
    h.tap(2, at: (505, 500))
    h.advance(ms: 1000)
    XCTAssertEqual(log.entries, ["double-tap ended"])
  }

  func testSingleTapRequiringDoubleTapToFailWaitsForTheDoubleTapTimeout() {
    let (h, log) = tapAndDoubleTap(requireFailure: true)
    h.tap(1, at: (500, 500))
    XCTAssertEqual(log.entries, [], "cannot know yet whether a second tap comes")
    h.advance(ms: 299)
    XCTAssertEqual(log.entries, [])
    h.advance(ms: 2)
    XCTAssertEqual(log.entries, ["tap ended"])
  }

  func testWithoutRequireToFailSingleTapActionsComeFirstEvenOnADoubleTap() {
    let (h, log) = tapAndDoubleTap(requireFailure: false)
    h.tap(1, at: (500, 500))
    XCTAssertEqual(log.entries, ["tap ended"], "the single tap fires at once")
    h.advance(ms: 100)
    h.tap(2, at: (505, 500))
    h.advance(ms: 1000)
    XCTAssertEqual(log.entries.first, "tap ended")
    XCTAssertTrue(log.entries.contains("double-tap ended"))
    XCTAssertEqual(log.entries.filter { $0 == "double-tap ended" }.count, 1)
  }

  /// The guides: "you should expect to receive your single-tap actions before your
  /// double-tap actions, even in the case of a double tap": the single tap of the first tap,
  /// then the double tap, and no single tap after it, whichever was added first.
  func testWithoutRequireToFailADoubleTapGivesTheTapThenTheDoubleTapInEitherOrderOfAdding() {
    for tapAddedFirst in [false, true] {
      let (h, log) = tapAndDoubleTap(requireFailure: false, tapAddedFirst: tapAddedFirst)
      h.tap(1, at: (500, 500))
      h.advance(ms: 100)
      h.tap(2, at: (505, 500))
      h.advance(ms: 1000)
      XCTAssertEqual(
        log.entries, ["tap ended", "double-tap ended"], "tap added first: \(tapAddedFirst)")
    }
  }

  func testWithoutRequireToFailSeparateTapsStillGiveOneTapEach() {
    for tapAddedFirst in [false, true] {
      let (h, log) = tapAndDoubleTap(requireFailure: false, tapAddedFirst: tapAddedFirst)
      h.tap(1, at: (500, 500))
      h.advance(ms: 1000)
      h.tap(2, at: (505, 500))
      h.advance(ms: 1000)
      XCTAssertEqual(log.entries, ["tap ended", "tap ended"], "tap added first: \(tapAddedFirst)")
    }
  }

  private func swipeAndPan() -> (GestureHarness, Log, PanGestureRecognizer) {
    let h = GestureHarness()
    let log = Log()
    let swipe = SwipeGestureRecognizer(action: log.record("swipe"))
    swipe.direction = [.left, .right]
    let pan = PanGestureRecognizer(action: log.record("pan"))
    pan.require(toFail: swipe)
    h.root.addGestureRecognizer(swipe)
    h.root.addGestureRecognizer(pan)
    return (h, log, pan)
  }

  func testFastFlickIsASwipeAndThePanThatRequiresItToFailNeverBegins() {
    let (h, log, _) = swipeAndPan()
    h.down(1, at: (800, 500))
    h.drag(1, to: (1100, 500), steps: 12, overMs: 100)
    h.advance(ms: 8)
    h.up(1)
    h.advance(ms: 1000)
    XCTAssertEqual(log.entries, ["swipe ended"])
  }

  func testSlowDragIsAPanOnceTheSwipeHasFailed() {
    let (h, log, pan) = swipeAndPan()
    var firstTranslation: Point?
    pan.addTarget { recognizer in
      if recognizer.state == .began { firstTranslation = pan.translation(in: nil) }
    }
    h.down(1, at: (800, 500))
    h.drag(1, to: (950, 500), steps: 60, overMs: 1000)
    h.advance(ms: 8)
    h.up(1)
    XCTAssertEqual(log.entries.first, "pan began")
    XCTAssertEqual(log.entries.last, "pan ended")
    XCTAssertFalse(log.entries.contains("swipe ended"))
    let dx = firstTranslation?.x ?? 0
    XCTAssertGreaterThan(dx, 18, "the translation counts from where the finger landed")
  }

  private func pinchAndRotate(
    rotation: RotationGestureRecognizer, pinchDelegate: GestureRecognizerDelegate?,
    spreadFirst: Bool
  ) -> Log {
    let h = GestureHarness()
    let log = Log()
    let pinch = PinchGestureRecognizer(action: log.record("pinch"))
    pinch.delegate = pinchDelegate
    rotation.addTarget(action: log.record("rotation"))
    h.root.addGestureRecognizer(pinch)
    h.root.addGestureRecognizer(rotation)
    h.down(1, at: (860, 540), batch: true)
    h.down(2, at: (1060, 540), batch: true)
    h.commit()
    // Phase one: either spread along the axis (pinch) or turn at the same spread (rotation).
    for step in 1...20 {
      h.advance(ms: 16)
      let f = Double(step) / 20
      if spreadFirst {
        h.move(1, to: (860 - 60 * f, 540), batch: true)
        h.move(2, to: (1060 + 60 * f, 540), batch: true)
      } else {
        let angle = 0.6 * f
        h.move(1, to: (960 - 100 * cos(angle), 540 - 100 * sin(angle)), batch: true)
        h.move(2, to: (960 + 100 * cos(angle), 540 + 100 * sin(angle)), batch: true)
      }
      h.commit()
    }
    // Phase two: both spread and turn.
    for step in 1...20 {
      h.advance(ms: 16)
      let f = Double(step) / 20
      let radius = (spreadFirst ? 160 : 100) + 60 * f
      let angle = (spreadFirst ? 0 : 0.6) + 0.6 * f
      h.move(1, to: (960 - radius * cos(angle), 540 - radius * sin(angle)), batch: true)
      h.move(2, to: (960 + radius * cos(angle), 540 + radius * sin(angle)), batch: true)
      h.commit()
    }
    h.up(1, batch: true)
    h.up(2, batch: true)
    h.commit()
    return log
  }

  func testPinchAndRotationRecognizeSimultaneouslyThroughTheDelegate() {
    let log = pinchAndRotate(
      rotation: RotationGestureRecognizer(), pinchDelegate: Simultaneous(), spreadFirst: true)
    XCTAssertTrue(log.entries.contains("pinch began"))
    XCTAssertTrue(log.entries.contains("rotation began"))
    XCTAssertTrue(log.entries.contains("pinch ended"))
    XCTAssertTrue(log.entries.contains("rotation ended"))
  }

  func testWithoutTheDelegatePinchAndRotationExcludeEachOther() {
    let log = pinchAndRotate(
      rotation: RotationGestureRecognizer(), pinchDelegate: nil, spreadFirst: true)
    XCTAssertTrue(log.entries.contains("pinch began"))
    XCTAssertFalse(log.entries.contains { $0.hasPrefix("rotation") })
  }

  func testRotationThatCannotBePreventedByPinchStillBeginsDuringAPinch() {
    let log = pinchAndRotate(rotation: DominantRotation(), pinchDelegate: nil, spreadFirst: true)
    XCTAssertTrue(log.entries.contains("pinch began"))
    XCTAssertTrue(log.entries.contains("rotation began"), "pinch cannot prevent it")
  }

  func testRotationThatBeganFirstPreventsThePinch() {
    let log = pinchAndRotate(rotation: DominantRotation(), pinchDelegate: nil, spreadFirst: false)
    XCTAssertTrue(log.entries.contains("rotation began"))
    XCTAssertFalse(log.entries.contains { $0.hasPrefix("pinch") }, "rotation prevents pinch")
  }
}
