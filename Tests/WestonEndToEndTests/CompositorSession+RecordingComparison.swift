// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

extension CompositorSession {
  /// Plays the bundled recording `name` (Examples/recordings) through the module to the client
  /// program `executable`, which prints its gestures as JSON lines (`--print-failed`) and
  /// exits 0 on SIGTERM after one roundtrip, and compares its lines (failed ones aside: the
  /// in-core replay prints none) with the in-core replay of the same recording with
  /// `sceneRecognizers`, which must hold a whole gesture (began, changed, ended) of
  /// `recognizer`. Starts weston (960x540) in this session. Returns every line the client
  /// printed, failures included.
  func compareRecording(
    _ name: String, wholeGestureOf recognizer: String, sceneRecognizers: String,
    client executable: String, clientName: String
  ) throws -> [[String: Any]] {
    let recording = CompositorSession.sourceRoot.appendingPathComponent(
      "Examples/recordings/\(name)"
    ).path
    let expected = try InCoreComparison.replay(recording, sceneRecognizers: sceneRecognizers)
    let states = expected.filter { $0["recognizer"] as? String == recognizer }
      .compactMap { $0["state"] as? String }
    XCTAssertTrue(
      Set(["began", "changed", "ended"]).isSubset(of: states),
      "the in-core replay of \(name) holds a whole \(recognizer) gesture: \(states)")

    try startWeston(
      gestureBridgeKeys: ["recording=\(recording)", "recording-start-recognizers=3"],
      width: 960, height: 540)
    let process = try startClient(executable, ["--print-failed"], name: clientName)
    try waitFor("the recording to finish", timeoutSeconds: 30) {
      self.log.contains("recording \(recording): finished")
    }
    // SIGTERM: the client makes one roundtrip, printing everything sent before, and exits 0.
    process.stop()
    XCTAssertEqual(process.exitCode, 0, report)
    let origin = try InCoreComparison.playbackOrigin(in: log)
    let printed = process.gestures
    let received = printed.filter { $0["state"] as? String != "failed" }
    XCTAssertEqual(received.count, expected.count, report)
    for (index, (got, want)) in zip(received, expected).enumerated() {
      InCoreComparison.compare(
        got, want, time: .playbackOrigin(microseconds: origin), index: index)
    }
    return printed
  }
}
