// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting
import XCTest

/// The guides' checkmark recognizer, written against the subclass API.
final class CheckmarkGestureRecognizerTests: XCTestCase {
  private func draw(_ points: [(Double, Double)], on h: GestureHarness) {
    h.down(1, at: points[0])
    for point in points.dropFirst() {
      h.advance(ms: 16)
      h.move(1, to: point)
    }
    h.advance(ms: 16)
    h.up(1)
  }

  func testCheckmarkIsRecognizedWithItsMidPoint() {
    let h = GestureHarness()
    let check = CheckmarkGestureRecognizer()
    var midPoints: [Point] = []
    check.addTarget { _ in midPoints.append(check.midPoint) }
    h.root.addGestureRecognizer(check)
    draw([(10, 10), (20, 20), (30, 30), (40, 20), (50, 10)], on: h)
    XCTAssertEqual(midPoints, [Point(x: 30, y: 30)])
    XCTAssertEqual(check.midPoint, .zero, "reset cleared it")
  }

  func testStrokeThatGoesLeftIsNotACheckmark() {
    let h = GestureHarness()
    let check = CheckmarkGestureRecognizer()
    var count = 0
    check.addTarget { _ in count += 1 }
    h.root.addGestureRecognizer(check)
    draw([(50, 10), (40, 20), (30, 30), (40, 20)], on: h)
    XCTAssertEqual(count, 0)
  }

  func testTwoFingersAreNotACheckmark() {
    let h = GestureHarness()
    let check = CheckmarkGestureRecognizer()
    var count = 0
    check.addTarget { _ in count += 1 }
    h.root.addGestureRecognizer(check)
    h.down(1, at: (10, 10), batch: true)
    h.down(2, at: (100, 10), batch: true)
    h.commit()
    h.advance(ms: 16)
    h.move(1, to: (20, 20))
    h.move(1, to: (30, 10))
    h.up(1, batch: true)
    h.up(2, batch: true)
    h.commit()
    XCTAssertEqual(count, 0)
  }

  func testCancelledTouchFailsTheCheckmark() {
    let h = GestureHarness()
    let check = CheckmarkGestureRecognizer()
    var count = 0
    check.addTarget { _ in count += 1 }
    h.root.addGestureRecognizer(check)
    h.down(1, at: (10, 10))
    h.move(1, to: (20, 20))
    h.move(1, to: (30, 10))
    h.cancel(1)
    XCTAssertEqual(count, 0)
  }
}
