// SPDX-License-Identifier: MIT
import LibinputRecording
import XCTest

final class StressScriptTests: XCTestCase {
  func testSameSeedGivesTheSameScriptAndOtherSeedsDiffer() {
    let a = StressScript.make(seconds: 5, fingers: 4, seed: 7)
    XCTAssertEqual(a, StressScript.make(seconds: 5, fingers: 4, seed: 7))
    XCTAssertNotEqual(a, StressScript.make(seconds: 5, fingers: 4, seed: 8))
  }

  func testNeverMoreFingersDownThanRequestedAndAllOnScreen() {
    let script = StressScript.make(seconds: 20, fingers: 10, seed: 3)
    var down = Set<Int>()
    var maximum = 0
    for frame in script.frames(rateHz: 240) {
      for change in frame.changes {
        switch change.phase {
        case .down: down.insert(change.finger)
        case .up, .cancel: down.remove(change.finger)
        case .move: XCTAssertTrue(down.contains(change.finger))
        }
        XCTAssertTrue((0...1920).contains(change.x) && (0...1080).contains(change.y))
      }
      maximum = max(maximum, down.count)
    }
    XCTAssertEqual(maximum, 10)
    XCTAssertGreaterThan(script.strokes.count, 30, "fingers touch down and lift now and then")
    XCTAssertTrue(script.strokes.contains { $0.ending == .cancel })
    XCTAssertLessThanOrEqual(script.endMicroseconds ?? 0, 20_500_000)
  }
}
