// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// Memory stays flat while gestures replay through the engine (`GestureSoak`), and every
/// gesture is recognized by its recognizer, every time.
///
/// `GESTUREBRIDGE_SOAK_GESTURES` sets the gestures (default 20,000; `scripts/soak.sh` runs
/// 1,000,000 in a release build) and `GESTUREBRIDGE_SOAK_MAX_GROWTH_KIB` the allowed growth
/// of the resident size after warm-up (default 4096 KiB, generous for a debug build among
/// other tests; `scripts/soak.sh` uses 1024). Warm-up is the first 10% (at most 50,000).
/// Under the address or thread sanitizer the resident size is not checked (freed memory is
/// held back on purpose there).
final class GestureSoakTests: XCTestCase {
  func testGesturesReplayWithFlatMemoryAndAreAllRecognized() throws {
    let environment = ProcessInfo.processInfo.environment
    let total = Int(environment["GESTUREBRIDGE_SOAK_GESTURES"] ?? "") ?? 20_000
    let allowedGrowth = (Int(environment["GESTUREBRIDGE_SOAK_MAX_GROWTH_KIB"] ?? "") ?? 4096) * 1024
    let warmUp = min(total / 10, 50_000)
    guard ResidentMemory.bytes() != nil else { throw XCTSkip("no /proc/self/statm") }

    let soak = GestureSoak()
    soak.run(warmUp)
    let before = ResidentMemory.bytes() ?? 0
    let start = ContinuousClock.now
    soak.run(total - warmUp)
    let elapsed = ContinuousClock.now - start
    let after = ResidentMemory.bytes() ?? 0
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

    print(
      "soak: \(soak.gestures) gestures (\(warmUp) warm-up); \(total - warmUp) measured in "
        + String(format: "%.2f", seconds) + " s; RSS after warm-up \(before / 1024) KiB, "
        + "at the end \(after / 1024) KiB, growth \((after - before) / 1024) KiB "
        + "(allowed \(allowedGrowth / 1024) KiB)")
    if ResidentMemory.isDistortedBySanitizer {
      print("soak: sanitizer runtime loaded; resident size not checked")
    } else {
      XCTAssertLessThanOrEqual(after - before, allowedGrowth, "resident size grew")
    }
    XCTAssertEqual(soak.liveTouches, 0)

    var expected: [String: Int] = [:]
    for index in 0..<total {
      let kind = GestureSoak.Kind.allCases[index % GestureSoak.Kind.allCases.count]
      expected[kind.recognizer, default: 0] += 1
    }
    XCTAssertEqual(soak.endedCounts, expected, "each gesture recognized once, by its recognizer")
  }
}
