import Foundation
import GestureReplay
import GestureScene
import XCTest

/// The module replays a bundled `libinput record` file into its seat (weston.ini
/// `recording=`) once the demo client has committed its recognizers; the demo client's
/// gestures must be what the in-core replay (`RecordingReplayer`, the engine of `gesture-bridge
/// replay`) reports for the same recording on a scene with the same geometry.
///
/// Geometry: the headless output is 960x540, so the recordings' 1920x1080 device range maps
/// to half-pixels (exact in wl_fixed); kiosk-shell centres the 400x300 window at (280, 120).
/// The in-core scene has a 960x540 screen and one view "surface" at [280, 120, 400, 300]
/// with the demo client's recognizers, so its view coordinates are the surface-local ones.
/// Times: the module logs its CLOCK_MONOTONIC origin; a client time minus the origin is the
/// replay's time (seconds since the recording's first event), to the microsecond. Values
/// travel as wl_fixed (1/256), so numbers are compared within 1/256 plus the printed
/// rounding.
final class RecordingReplayEndToEndTests: XCTestCase {
  private var session: WestonSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testPinchRecordingReachesTheClientAsTheInCoreReplaySaysWithSurfaceLocalValues() throws {
    try checkRecording(
      "pinch.yml", recognizers: ["pinch", "rotation"],
      sceneRecognizers: """
        {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
        {"name": "rotation", "type": "rotation"}
        """)
  }

  func testPanRecordingReachesTheClientAsTheInCoreReplaySaysWithSurfaceLocalValues() throws {
    try checkRecording(
      "pan.yml", recognizers: ["pan"], sceneRecognizers: #"{"name": "pan", "type": "pan"}"#)
  }

  func testAnUnreadableRecordingIsAnErrorInWestonsLogAndWestonKeepsServing() throws {
    let session = try WestonSession()
    self.session = session
    let missing = session.path("no-such-recording.yml")
    try session.startWeston(gestureBridgeKeys: ["recording=\(missing)"])
    XCTAssertTrue(
      session.log.contains("gesture-bridge-weston: error: recording not played: \(missing)"),
      session.log)
    let client = try session.startDemoClient(
      ["--recognizer", "tap", "--width", "400", "--height", "300"], name: "client")
    try session.play("0 down 0 512 320\n60 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) { client.gestures.count == 1 }
    XCTAssertEqual(client.gestures.first?["state"] as? String, "recognized")
    XCTAssertTrue(session.isWestonRunning)
  }

  func testAMalformedRecordingIsAnErrorInWestonsLogNamingTheFile() throws {
    let session = try WestonSession()
    self.session = session
    let notARecording = session.path("not-a-recording.yml")
    try "this is not a libinput recording\n".write(
      toFile: notARecording, atomically: true, encoding: .utf8)
    try session.startWeston(gestureBridgeKeys: ["recording=\(notARecording)"])
    XCTAssertTrue(
      session.log.contains("gesture-bridge-weston: error: recording not played: \(notARecording)"),
      session.log)
    XCTAssertFalse(session.log.contains("recording \(notARecording): waiting"), session.log)
    XCTAssertTrue(session.isWestonRunning)
  }

  // MARK: - Helpers

  private func checkRecording(
    _ name: String, recognizers: [String], sceneRecognizers: String
  ) throws {
    let recording = WestonSession.sourceRoot.appendingPathComponent(
      "Examples/recordings/\(name)"
    ).path
    let expected = try inCoreReplay(recording, sceneRecognizers: sceneRecognizers)
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")

    let session = try WestonSession()
    self.session = session
    try session.startWeston(
      gestureBridgeKeys: [
        "recording=\(recording)", "recording-start-recognizers=\(recognizers.count)",
      ], width: 960, height: 540)
    let client = try session.startDemoClient(
      recognizers.flatMap { ["--recognizer", $0] } + ["--width", "400", "--height", "300"],
      name: "client")
    try session.waitFor("the recording to finish", timeoutSeconds: 30) {
      session.log.contains("recording \(recording): finished")
    }
    try client.sync(in: session)
    let origin = try playbackOrigin(in: session.log)
    let received = client.gestures
    XCTAssertEqual(received.count, expected.count, session.report)
    for (index, (got, want)) in zip(received, expected).enumerated() {
      compare(got, want, originMicroseconds: origin, line: index)
    }
  }

  /// The in-core replay's JSON lines (failed ones left out, as the demo client prints none).
  private func inCoreReplay(_ path: String, sceneRecognizers: String) throws -> [[String: Any]] {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 960, "height": 540},
         "views": [{"name": "surface", "frame": [280, 120, 400, 300], "children": [],
           "recognizers": [\(sceneRecognizers)]}]}
        """, file: "e2e-scene.json")
    var lines: [String] = []
    try RecordingReplayer(scene: scene).replay(
      path: path, report: { lines.append($0.jsonLine) }, warning: { _ in })
    return lines.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }.filter { $0["state"] as? String != "failed" }
  }

  private func playbackOrigin(in log: String) throws -> Int64 {
    guard let range = log.range(of: #"origin \d+ us CLOCK_MONOTONIC"#, options: .regularExpression),
      let value = Int64(log[range].split(separator: " ")[1])
    else { throw E2EFailure("no playback origin in weston's log:\n\(log)") }
    return value
  }

  private func compare(
    _ got: [String: Any], _ want: [String: Any], originMicroseconds: Int64, line: Int
  ) {
    let context = "line \(line): got \(got), want \(want)"
    for key in ["recognizer", "type", "view", "state"] {
      XCTAssertEqual(got[key] as? String, want[key] as? String, context)
    }
    XCTAssertEqual(got["touches"] as? Int, want["touches"] as? Int, context)
    if let time = got["time"] as? Double, let wantTime = want["time"] as? Double {
      let relative = Int64((time * 1_000_000).rounded()) - originMicroseconds
      XCTAssertEqual(relative, Int64((wantTime * 1_000_000).rounded()), context)
    } else {
      XCTFail("no time: \(context)")
    }
    XCTAssertEqual(Set(got.keys), Set(want.keys), context)
    let fixed = 1.0 / 256
    let tolerances: [String: Double] = [
      "location": fixed + 0.01, "translation": fixed + 0.01, "scale": fixed + 0.0001,
      "rotation": fixed + 0.0001,
      "velocity": want["type"] as? String == "pan" ? fixed + 0.1 : fixed + 0.0001,
    ]
    for (key, tolerance) in tolerances where want[key] != nil {
      let gotNumbers = numbers(got[key])
      let wantNumbers = numbers(want[key])
      XCTAssertEqual(gotNumbers.count, wantNumbers.count, "\(key): \(context)")
      for (a, b) in zip(gotNumbers, wantNumbers) {
        XCTAssertEqual(a, b, accuracy: tolerance, "\(key): \(context)")
      }
    }
  }

  private func numbers(_ value: Any?) -> [Double] {
    if let array = value as? [Any] { return array.compactMap { ($0 as? NSNumber)?.doubleValue } }
    if let number = value as? NSNumber { return [number.doubleValue] }
    return []
  }
}
