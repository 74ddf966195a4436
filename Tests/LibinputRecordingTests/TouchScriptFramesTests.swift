// SPDX-License-Identifier: MIT
import LibinputRecording
import XCTest

final class TouchScriptFramesTests: XCTestCase {
  func testTapProducesDownThenUpAtExactStartAndEndTimes() {
    let frames = TouchScript.tap(at: (100, 200), start: 500_000, duration: 80_000)
      .frames(rateHz: 120)
    XCTAssertEqual(
      frames,
      [
        ScriptFrame(
          timeMicroseconds: 500_000, changes: [.init(finger: 0, phase: .down, x: 100, y: 200)]),
        ScriptFrame(
          timeMicroseconds: 580_000, changes: [.init(finger: 0, phase: .up, x: 100, y: 200)]),
      ])
  }

  func testFramesAreStrictlyIncreasingAndNeverEmpty() {
    let script =
      TouchScript.drag(from: (0, 0), to: (300, 0), start: 1_000, duration: 100_000)
      + TouchScript.tap(at: (5, 5), start: 33_333, duration: 10_001)
      + TouchScript.pinch(
        center: (960, 540), fromSpan: 200, toSpan: 500, start: 50_000, duration: 600_000)
    let frames = script.frames(rateHz: 240)
    XCTAssertFalse(frames.isEmpty)
    for (previous, next) in zip(frames, frames.dropFirst()) {
      XCTAssertLessThan(previous.timeMicroseconds, next.timeMicroseconds)
    }
    XCTAssertTrue(frames.allSatisfy { !$0.changes.isEmpty })
    for frame in frames {
      XCTAssertEqual(frame.changes.map(\.finger), frame.changes.map(\.finger).sorted())
    }
  }

  func testDragIsInterpolatedLinearlyAtTheSamplingRate() {
    let frames = TouchScript.drag(from: (0, 100), to: (100, 200), start: 0, duration: 100_000)
      .frames(rateHz: 100)
    XCTAssertEqual(
      frames.map(\.timeMicroseconds),
      stride(from: 0, through: 100_000, by: 10_000).map { UInt64($0) })
    XCTAssertEqual(frames[3].changes, [.init(finger: 0, phase: .move, x: 30, y: 130)])
    XCTAssertEqual(frames[9].changes, [.init(finger: 0, phase: .move, x: 90, y: 190)])
    XCTAssertEqual(frames[10].changes, [.init(finger: 0, phase: .up, x: 100, y: 200)])
  }

  func testStrokeEndBetweenSamplesGetsItsOwnExactFrame() {
    let frames = TouchScript.drag(from: (0, 0), to: (25, 0), start: 0, duration: 25_000)
      .frames(rateHz: 100)
    XCTAssertEqual(frames.map(\.timeMicroseconds), [0, 10_000, 20_000, 25_000])
    XCTAssertEqual(frames.last?.changes, [.init(finger: 0, phase: .up, x: 25, y: 0)])
  }

  func testFingerThatDoesNotMoveIsNotListed() {
    let script =
      TouchScript.hold(at: (10, 10), start: 0, duration: 50_000)
      + TouchScript.drag(from: (0, 0), to: (40, 0), start: 10_000, duration: 40_000)
    let frames = script.frames(rateHz: 100)
    // Between down and up only the moving finger 1 appears.
    for frame in frames where frame.timeMicroseconds > 0 && frame.timeMicroseconds < 50_000 {
      XCTAssertFalse(frame.changes.contains { $0.finger == 0 }, "at \(frame.timeMicroseconds)")
    }
    XCTAssertEqual(
      frames.last?.changes,
      [.init(finger: 0, phase: .up, x: 10, y: 10), .init(finger: 1, phase: .up, x: 40, y: 0)])
  }

  func testCancelledStrokeEndsWithCancelInsteadOfUp() {
    let frames = TouchScript.hold(at: (1, 2), start: 0, duration: 30_000, ending: .cancel)
      .frames(rateHz: 60)
    XCTAssertEqual(frames.first?.changes.first?.phase, .down)
    XCTAssertEqual(
      frames.last,
      ScriptFrame(timeMicroseconds: 30_000, changes: [.init(finger: 0, phase: .cancel, x: 1, y: 2)])
    )
    XCTAssertFalse(frames.contains { $0.changes.contains { $0.phase == .up } })
  }

  func testStayDownStrokeNeverLifts() {
    let script =
      TouchScript.drag(
        from: (0, 0), to: (10, 0), start: 0, duration: 20_000, ending: .stayDown)
      + TouchScript.tap(at: (50, 50), start: 0, duration: 100_000)
    let frames = script.frames(rateHz: 100)
    let finger0 = frames.flatMap(\.changes).filter { $0.finger == 0 }
    XCTAssertEqual(finger0.map(\.phase), [.down, .move, .move])
    XCTAssertEqual(finger0.last?.x, 10)
    XCTAssertEqual(frames.last?.timeMicroseconds, 100_000)
  }

  func testOverlappingStrokesKeepTheirOwnFingerIndicesAndTimes() {
    let script =
      TouchScript.tap(at: (0, 0), start: 0, duration: 100_000)
      + TouchScript.tap(at: (1, 1), start: 50_000, duration: 100_000)
    let frames = script.frames(rateHz: 10)
    XCTAssertEqual(
      frames,
      [
        ScriptFrame(timeMicroseconds: 0, changes: [.init(finger: 0, phase: .down, x: 0, y: 0)]),
        ScriptFrame(
          timeMicroseconds: 50_000, changes: [.init(finger: 1, phase: .down, x: 1, y: 1)]),
        ScriptFrame(timeMicroseconds: 100_000, changes: [.init(finger: 0, phase: .up, x: 0, y: 0)]),
        ScriptFrame(
          timeMicroseconds: 150_000, changes: [.init(finger: 1, phase: .up, x: 1, y: 1)]),
      ])
  }

  func testSameFingerCanTouchAgainRightAfterLifting() {
    let script =
      TouchScript.tap(at: (0, 0), start: 0, duration: 10_000)
      + TouchScript.tap(at: (0, 0), start: 10_000, duration: 10_000)
    let frames = script.frames(rateHz: 1)
    XCTAssertEqual(
      frames[1],
      ScriptFrame(
        timeMicroseconds: 10_000,
        changes: [
          .init(finger: 0, phase: .up, x: 0, y: 0), .init(finger: 1, phase: .down, x: 0, y: 0),
        ]))
  }

  func testEmptyScriptHasNoFrames() {
    XCTAssertEqual(TouchScript().frames(rateHz: 120), [])
  }

  func testSamplingAtNonDividingRateRoundsTimesDownToMicroseconds() {
    let frames = TouchScript.drag(from: (0, 0), to: (30, 0), start: 0, duration: 25_000)
      .frames(rateHz: 120)
    XCTAssertEqual(frames.map(\.timeMicroseconds), [0, 8_333, 16_666, 25_000])
  }
}
