// SPDX-License-Identifier: MIT
import LibinputRecording
import XCTest

final class TouchScriptBuilderTests: XCTestCase {
  func testMergingAppendsFingersAndPlusMeansMerge() {
    let a = TouchScript.tap(at: (1, 1), start: 0)
    let b = TouchScript.tap(at: (2, 2), start: 10)
    XCTAssertEqual(a + b, a.merged(with: b))
    XCTAssertEqual((a + b).strokes.map(\.startMicroseconds), [0, 10])
  }

  func testShiftingMovesEveryStrokeInTime() {
    let script = TouchScript.tap(at: (1, 1), start: 100) + TouchScript.tap(at: (2, 2), start: 300)
    XCTAssertEqual(script.shifted(by: 1_000).strokes.map(\.startMicroseconds), [1_100, 1_300])
    XCTAssertEqual(script.shifted(by: -100).strokes.map(\.startMicroseconds), [0, 200])
    XCTAssertEqual(script.shifted(by: 1_000).endMicroseconds, 81_300)
  }

  func testPinchSpreadsTwoFingersSymmetricallyAroundTheCentre() {
    let script = TouchScript.pinch(
      center: (960, 540), fromSpan: 200, toSpan: 500, start: 0, duration: 600_000)
    XCTAssertEqual(script.strokes.count, 2)
    let startLeft = script.strokes[0].position(atMicroseconds: 0)
    let startRight = script.strokes[1].position(atMicroseconds: 0)
    XCTAssertEqual(startLeft.x, 860, accuracy: 1e-9)
    XCTAssertEqual(startRight.x, 1060, accuracy: 1e-9)
    let halfway = script.strokes[1].position(atMicroseconds: 300_000)
    XCTAssertEqual(halfway.x, 960 + 175, accuracy: 1e-9)
    XCTAssertEqual(script.strokes[0].position(atMicroseconds: 600_000).x, 710, accuracy: 1e-9)
  }

  func testRotationTurnsClockwiseOnScreenAtConstantRadius() {
    let script = TouchScript.rotate(
      center: (960, 540), radius: 150, fromDegrees: 0, toDegrees: 90, start: 0,
      duration: 600_000)
    let first = script.strokes[0]
    let begin = first.position(atMicroseconds: 0)
    XCTAssertEqual(begin.x, 1110, accuracy: 1e-9)
    XCTAssertEqual(begin.y, 540, accuracy: 1e-9)
    let end = first.position(atMicroseconds: 600_000)
    XCTAssertEqual(end.x, 960, accuracy: 1e-9)
    XCTAssertEqual(end.y, 690, accuracy: 1e-9)  // clockwise on screen: right turns to down
    let other = script.strokes[1].position(atMicroseconds: 0)
    XCTAssertEqual(other.x, 810, accuracy: 1e-9)
    for time in stride(from: UInt64(0), through: 600_000, by: 7_000) {
      let p = first.position(atMicroseconds: time)
      XCTAssertEqual(
        ((p.x - 960) * (p.x - 960) + (p.y - 540) * (p.y - 540)).squareRoot(), 150, accuracy: 0.1)
    }
  }

  func testPositionClampsBeforeStartAndAfterEnd() {
    let stroke = TouchScript.drag(from: (0, 0), to: (10, 20), start: 1_000, duration: 1_000)
      .strokes[0]
    XCTAssertEqual(stroke.position(atMicroseconds: 0).x, 0)
    XCTAssertEqual(stroke.position(atMicroseconds: 1_500).y, 10)
    XCTAssertEqual(stroke.position(atMicroseconds: 9_000).y, 20)
    XCTAssertTrue(stroke.isDown(atMicroseconds: 1_999))
    XCTAssertFalse(stroke.isDown(atMicroseconds: 2_000))
    XCTAssertFalse(stroke.isDown(atMicroseconds: 999))
  }
}

final class TouchScriptHoldingTests: XCTestCase {
  func testThenHoldingKeepsFingersStillBeforeTheyLift() {
    let script = TouchScript.drag(from: (0, 0), to: (100, 0), start: 0, duration: 100_000)
      .thenHolding(for: 50_000)
    XCTAssertEqual(script.endMicroseconds, 150_000)
    let frames = script.frames(rateHz: 100)
    XCTAssertEqual(frames.map(\.timeMicroseconds).last, 150_000)
    // The last move reaches the end point; resting produces no frames until the lift.
    XCTAssertEqual(frames[frames.count - 2].changes, [.init(finger: 0, phase: .move, x: 100, y: 0)])
    XCTAssertEqual(frames[frames.count - 2].timeMicroseconds, 100_000)
    XCTAssertEqual(frames.last?.changes.first?.phase, .up)
  }
}
