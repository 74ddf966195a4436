// SPDX-License-Identifier: MIT
import Foundation
import GestureCore
import GestureReplay
import GestureScene
import Testing

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let recordingsDirectory = repositoryRoot.appendingPathComponent("Examples/recordings")
private let goldenDirectory = repositoryRoot.appendingPathComponent(
  "Tests/GestureReplayTests/Golden")

/// The bundled recordings, by file name without extension: every `.yml` file in
/// Examples/recordings, so a recording added there needs its golden file.
private let bundledRecordings: [String] = {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: recordingsDirectory.path)) ?? []
  return files.filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
}()

/// Replays a bundled recording with the default scene as JSON Lines; the path printed in
/// warnings is relative to the repository so the output does not depend on where it is.
private func bundledReplay(_ name: String) -> ReplayOutcome {
  replay(recordingsDirectory.appendingPathComponent(name + ".yml").path)
}

@Suite struct BundledRecordingGoldenTests {
  @Test func theBundledRecordingsAreFound() {
    #expect(bundledRecordings.count >= 17, "\(bundledRecordings)")
    #expect(bundledRecordings.contains("two-hands") && bundledRecordings.contains("tap"))
  }

  /// Set `GESTURE_BRIDGE_UPDATE_GOLDEN=1` to rewrite the golden files (then review the diff).
  @Test(arguments: bundledRecordings)
  func eachBundledRecordingGivesItsGoldenGestures(name: String) throws {
    let outcome = bundledReplay(name)
    #expect(outcome.error == nil)
    let golden = goldenDirectory.appendingPathComponent(name + ".jsonl")
    if ProcessInfo.processInfo.environment["GESTURE_BRIDGE_UPDATE_GOLDEN"] == "1" {
      try outcome.jsonLines.write(to: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(outcome.jsonLines == expected, "replay of \(name).yml differs from \(golden.path)")
  }

  @Test func tapGivesExactlyOneTapAtTheCentreAfterTheDoubleTapInterval() throws {
    let outcome = bundledReplay("tap")
    #expect(outcome.names == ["tap"])
    let tap = try #require(outcome.reports.first)
    #expect(tap.state == .recognized)
    #expect(abs(tap.location.x - 960) < 5 && abs(tap.location.y - 540) < 5)
    // Lifted at 0.58 s, reported when the 300 ms double-tap interval has run out.
    #expect(tap.timeMicroseconds == 880_000)
  }

  @Test func threeFingersOnAProtocolATouchscreenGiveOneThreeFingerSwipeLeft() throws {
    let outcome = bundledReplay("protocol-a-three-finger-swipe")
    #expect(outcome.error == nil)
    #expect(outcome.names == ["three-finger-swipe"])
    let swipe = try #require(outcome.reports.first)
    #expect(swipe.touches == 3)
  }

  @Test func doubleTapGivesOneDoubleTapAndNoSingleTap() {
    #expect(bundledReplay("double-tap").names == ["double-tap"])
  }

  @Test func theDoubleTapRecordedByLibinputRecordGivesOneDoubleTapOnTheSecondLift() throws {
    let outcome = bundledReplay("recorded-double-tap")
    #expect(outcome.error == nil)
    #expect(outcome.names == ["double-tap"])
    let doubleTap = try #require(outcome.reports.first)
    // `libinput record` starts its clock at the first touch; the second finger lifts 230 ms later.
    #expect(doubleTap.timeMicroseconds == 230_000)
    #expect(abs(doubleTap.location.x - 960) < 1 && abs(doubleTap.location.y - 540) < 1)
  }

  @Test func pinchBeginsChangesAndEndsAtAScaleOfAboutTwoAndAHalf() throws {
    let pinch = bundledReplay("pinch").reports.filter { $0.recognizer == "pinch" }
    #expect(pinch.first?.state == .began)
    #expect(pinch.last?.state == .ended)
    #expect(pinch.dropFirst().dropLast().allSatisfy { $0.state == .changed })
    let scale = try #require(pinch.last?.values.scale, "not a pinch report")
    #expect(abs(scale - 2.5) < 0.05)
  }

  @Test func rotationEndsNearAQuarterTurnClockwise() throws {
    let rotation = bundledReplay("rotation").reports.filter { $0.recognizer == "rotation" }
    #expect(rotation.first?.state == .began && rotation.last?.state == .ended)
    let angle = try #require(rotation.last?.values.rotation, "not a rotation report")
    #expect(abs(angle - Double.pi / 2) < 0.02)
  }

  @Test func swipesReportTheirDirection() {
    #expect(bundledReplay("swipe-left").reports.map(\.values) == [GestureValues(direction: .left)])
    #expect(
      bundledReplay("swipe-right").reports.map(\.values) == [GestureValues(direction: .right)])
  }

  @Test func anEdgePanFromTheLeftIsReportedByEdgeLeftOnly() {
    let names = Set(bundledReplay("edge-pan").names)
    #expect(names == ["edge-left"])
  }

  @Test func aPalmIsCancelledAndRecognizesNothing() {
    let outcome = bundledReplay("palm")
    #expect(outcome.error == nil)
    #expect(outcome.reports.isEmpty)
  }

  @Test func longPressBeginsAfterHalfASecondAndEndsOnLift() {
    let outcome = bundledReplay("long-press")
    #expect(outcome.names == ["long-press", "long-press"])
    #expect(outcome.reports.map(\.state) == [.began, .ended])
    #expect(outcome.reports.first?.timeMicroseconds == 1_000_000)
  }
}
