// SPDX-License-Identifier: MIT
import Foundation
import GestureCore
import GestureReplay
import GestureScene
import GestureTrace
import Testing

private let recordings = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Examples/recordings")

/// What one in-core replay of a bundled recording handed out.
private struct Replay {
  var reports: [GestureReport] = []
  var failures: [RecognizerFailure] = []
  var warnings: [String] = []
}

private func replay(_ name: String, observingFailures: Bool) throws -> Replay {
  var result = Replay()
  var replayer = RecordingReplayer(scene: .standard)
  if observingFailures { replayer.failures = { result.failures.append($0) } }
  try replayer.replay(
    path: recordings.appendingPathComponent(name + ".yml").path,
    report: { result.reports.append($0) }, warning: { result.warnings.append($0) })
  return result
}

/// The replays' `failures` hook: what traces need to show failed gestures, without changing
/// the reports.
@Suite struct ReplayFailureTraceTests {
  @Test(arguments: ["pan", "tap", "double-tap", "pinch", "swipe-left"])
  func observingFailuresLeavesTheReportsByteIdentical(name: String) throws {
    let plain = try replay(name, observingFailures: false)
    let observed = try replay(name, observingFailures: true)
    #expect(observed.reports.map(\.jsonLine) == plain.reports.map(\.jsonLine))
    #expect(observed.warnings == plain.warnings)
    #expect(plain.failures.isEmpty)
    #expect(!observed.failures.isEmpty, "every bundled gesture leaves rivals that fail")
  }

  @Test func aPanIsTheOneRecognizerOfTheDefaultSceneThatDoesNotFail() throws {
    let result = try replay("pan", observingFailures: true)
    let began = try #require(result.reports.first { $0.state == .began })
    #expect(began.recognizer == "pan")
    #expect(
      Set(result.failures.map(\.recognizer)) == [
        "double-tap", "tap", "two-finger-tap", "long-press", "swipe", "three-finger-swipe",
        "pinch", "rotation", "edge-left", "edge-right", "edge-bottom",
      ])
    #expect(result.failures.count == 11, "each fails once")
    // The rivals still possible when the pan begins fail then, where its finger is.
    for name in ["swipe", "three-finger-swipe", "pinch", "rotation"] {
      let failure = try #require(result.failures.first { $0.recognizer == name })
      #expect(failure.timeMicroseconds == began.timeMicroseconds, "\(name)")
      // A swipe's location is where it started (UIKit's), the others' where the finger is.
      if name != "swipe" { #expect(failure.location == began.location, "\(name)") }
      #expect(failure.touches == 1)
      #expect(failure.view == "desktop")
    }
    #expect(
      result.failures.map(\.timeMicroseconds) == result.failures.map(\.timeMicroseconds).sorted())
  }

  @Test func theTraceOfAReplayMarksEachFailureOnItsRecognizersRow() throws {
    var recorder = TraceRecorder(scene: .standard)
    var replayer = RecordingReplayer(scene: .standard)
    replayer.touchFrames = { recorder.record($0) }
    replayer.failures = { failure in
      recorder.recordFailure(
        of: failure.recognizer, type: failure.type.rawValue,
        atMicroseconds: failure.timeMicroseconds, location: failure.location)
    }
    try replayer.replay(
      path: recordings.appendingPathComponent("double-tap.yml").path,
      report: { recorder.record($0) }, warning: { _ in })
    let failed = recorder.marks.filter { $0.state == .failed }
    let rows = Set(failed.map { recorder.recognizers[$0.recognizer].name })
    #expect(!rows.contains("double-tap"), "the double tap is recognized")
    #expect(rows.contains("tap"), "the single tap fails when the double tap is recognized")
    #expect(recorder.marks.contains { $0.state == .recognized })
    #expect(recorder.recognizers.count == 12, "no row beyond the scene's")
    let svg = SVGRenderer().render(recorder)
    #expect(svg.contains("\(failed.count) failed"))
    #expect(svg.contains("tap failed at "))
  }
}
