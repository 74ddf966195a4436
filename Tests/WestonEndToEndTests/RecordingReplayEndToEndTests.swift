// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
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
  private var session: CompositorSession?

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

  /// The transform kind (protocol version 3) through weston, the module and the Swift client
  /// library: translation, scale and rotation together, equal to the in-core replay.
  func testPinchRecordingReachesATransformAsTheInCoreReplaySays() throws {
    try checkRecording(
      "pinch.yml", recognizers: ["transform"],
      sceneRecognizers: #"{"name": "transform", "type": "transform"}"#)
  }

  func testPanRecordingReachesTheClientAsTheInCoreReplaySaysWithSurfaceLocalValues() throws {
    try checkRecording(
      "pan.yml", recognizers: ["pan"], sceneRecognizers: #"{"name": "pan", "type": "pan"}"#)
  }

  func testAnUnreadableRecordingIsAnErrorInWestonsLogAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let missing = session.path("no-such-recording.yml")
    try session.startWeston(gestureBridgeKeys: ["recording=\(missing)"])
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston-test-seat: error: recording not played: \(missing)"),
      session.log)
    let client = try session.startDemoClient(
      ["--recognizer", "tap", "--width", "400", "--height", "300"], name: "client")
    try session.play("0 down 0 512 320\n60 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) { client.gestures.count == 1 }
    XCTAssertEqual(client.gestures.first?["state"] as? String, "recognized")
    XCTAssertTrue(session.isCompositorRunning)
  }

  func testAMalformedRecordingIsAnErrorInWestonsLogNamingTheFile() throws {
    let session = try CompositorSession()
    self.session = session
    let notARecording = session.path("not-a-recording.yml")
    try "this is not a libinput recording\n".write(
      toFile: notARecording, atomically: true, encoding: .utf8)
    try session.startWeston(gestureBridgeKeys: ["recording=\(notARecording)"])
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston-test-seat: error: recording not played: \(notARecording)"),
      session.log)
    XCTAssertFalse(session.log.contains("recording \(notARecording): waiting"), session.log)
    XCTAssertTrue(session.isCompositorRunning)
  }

  func testTestSeatKeysWithoutTheDriveSeatModuleAreNamedInOneLineAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let recording = CompositorSession.sourceRoot.appendingPathComponent(
      "Examples/recordings/pan.yml"
    ).path
    try session.startWeston(gestureBridgeKeys: ["recording=\(recording)"], withTestSeat: false)
    try session.waitFor("the line naming the test seat's keys", timeoutSeconds: 20) {
      session.log.contains(
        "gesture-bridge-weston: warning: recording=, touch-script= ignored: they are options of "
          + "the test seat module libgesture-bridge-weston-test-seat.so, which is not loaded")
    }
    XCTAssertFalse(session.log.contains("recording \(recording): waiting"), session.log)
    XCTAssertTrue(session.isCompositorRunning)
  }

  /// #15: playback starts only once a mapped surface is where the recording's first touch
  /// lands. A client on the second output commits its recognizer (so the count is met) while
  /// nothing is under the first touch on the first output: the player waits; once a client
  /// is mapped there, playback starts and that client gets every gesture of the in-core replay.
  func testPlaybackWaitsForAMappedSurfaceUnderTheRecordingsFirstTouch() throws {
    let recording = CompositorSession.sourceRoot.appendingPathComponent(
      "Examples/recordings/pan.yml"
    ).path
    let expected = try InCoreComparison.replay(
      recording, sceneRecognizers: #"{"name": "pan", "type": "pan"}"#
    ).filter { $0["state"] as? String != "failed" }
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")

    let session = try CompositorSession()
    self.session = session
    try session.startWeston(
      gestureBridgeKeys: [
        "recording=\(recording)", "recording-output=headless", "extra-outputs=1",
      ],
      moreSections: """
        [output]
        name=headless
        app-ids=left

        [output]
        name=gesture-bridge-1
        app-ids=right
        """, width: 960, height: 540)
    let window = ["--recognizer", "pan", "--width", "400", "--height", "300"]
    let right = try session.startDemoClient(["--app-id", "right"] + window, name: "right")
    try session.waitFor("the player to wait for a surface", timeoutSeconds: 20) {
      session.log.contains("recording \(recording): waiting for a mapped surface at")
    }
    try right.sync(in: session)
    usleep(300_000)
    XCTAssertFalse(session.log.contains("recording \(recording): playing"), session.log)

    let left = try session.startDemoClient(["--app-id", "left"] + window, name: "left")
    try session.waitFor("the recording to finish", timeoutSeconds: 30) {
      session.log.contains("recording \(recording): finished")
    }
    try left.sync(in: session)
    try right.sync(in: session)
    XCTAssertTrue(right.gestures.isEmpty, session.report)
    try compareWithTheInCoreReplay(left, expected, session)
  }

  // MARK: - Helpers

  private func checkRecording(
    _ name: String, recognizers: [String], sceneRecognizers: String
  ) throws {
    let recording = CompositorSession.sourceRoot.appendingPathComponent(
      "Examples/recordings/\(name)"
    ).path
    let expected = try InCoreComparison.replay(recording, sceneRecognizers: sceneRecognizers)
      .filter { $0["state"] as? String != "failed" }  // the demo client prints no failures
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")

    let session = try CompositorSession()
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
    try compareWithTheInCoreReplay(client, expected, session)
  }

  /// The client's gestures are `expected` (the in-core replay's), times through the logged
  /// playback origin.
  private func compareWithTheInCoreReplay(
    _ client: ClientProcess, _ expected: [[String: Any]], _ session: CompositorSession
  ) throws {
    let origin = try InCoreComparison.playbackOrigin(in: session.log)
    let received = client.gestures
    XCTAssertEqual(received.count, expected.count, session.report)
    for (index, (got, want)) in zip(received, expected).enumerated() {
      InCoreComparison.compare(
        got, want, time: .playbackOrigin(microseconds: origin), index: index)
    }
  }
}
