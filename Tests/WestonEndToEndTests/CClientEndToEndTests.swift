// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import GestureReplay
import GestureScene
import XCTest

/// The example C client `Examples/c-client/gesture-bridge-c-client.c`, built here by its own
/// `build.sh` (wayland-scanner on the protocol XML, the system `cc` with -Wall -Wextra
/// -Wpedantic -Werror), against real headless weston with the module.
///
/// Recordings: the module replays a bundled `libinput record` file (weston.ini `recording=`)
/// once the C client's three recognizers are committed; the client's JSON lines, failed
/// state changes included (`--print-failed`), must be what the in-core replay
/// (`RecordingReplayer`) reports on a scene with the client's recognizers, parameters and
/// relation, with the geometry of `RecordingReplayEndToEndTests`: a 960x540 output, so the
/// recordings' 1920x1080 range maps to half-pixels, and kiosk-shell centring the 400x300
/// window at (280, 120). Times are compared to the microsecond (client time minus the
/// playback origin in weston's log), values within 1/256 plus the printed rounding.
///
/// Protocol errors: a bad parameter value from C is reported by the client with the
/// interface, the code and its name, exit status 2, and weston goes on serving the next client.
final class CClientEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testPanRecordingReachesTheCClientAsTheInCoreReplaySays() throws {
    let printed = try checkRecording("pan.yml", wholeGestureOf: "pan")
    // As the XML says, the rival the pan defeats reports failed first, at the same time.
    let first = printed.prefix(2).map { "\($0["recognizer"] ?? "") \($0["state"] ?? "")" }
    XCTAssertEqual(first, ["double-tap failed", "pan began"])
    XCTAssertEqual(printed.first?["time"] as? Double, printed.dropFirst().first?["time"] as? Double)
  }

  func testPinchRecordingReachesTheCClientAsTheInCoreReplaySays() throws {
    try checkRecording("pinch.yml", wholeGestureOf: "pinch")
  }

  func testABadParameterValueIsAProtocolErrorTheCClientReportsAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let client = try ExampleCClient.build(in: session)
    try session.startWeston()

    let bad = try session.startClient(client, ["--taps", "0"], name: "bad-client")
    try session.waitFor("the bad client to exit", timeoutSeconds: 20) { !bad.isRunning }
    XCTAssertEqual(bad.exitCode, 2, session.report)
    XCTAssertTrue(
      bad.text.contains("protocol error gesture_bridge_recognizer_v1@"), session.report)
    XCTAssertTrue(bad.text.contains("code 1 (invalid_value)"), session.report)
    // The compositor's message, logged by libwayland-client, names the request.
    XCTAssertTrue(bad.text.contains("set_number_of_taps_required"), session.report)
    XCTAssertTrue(session.isCompositorRunning)

    // weston serves the next client: a double tap in the middle of its 400x300 window
    // (centred on the 1024x640 output at (312, 170)); it exits by itself after one gesture.
    let good = try session.startClient(
      client, ["--print-ready", "--exit-after", "1"], name: "good-client")
    try session.waitFor("the good client's ready line", timeoutSeconds: 20) {
      good.lines.contains("{\"event\":\"ready\"}")
    }
    try session.play("0 down 0 512 320\n50 up 0\n150 down 0 512 320\n200 up 0\n")
    try session.waitFor("the good client to exit after one gesture", timeoutSeconds: 20) {
      !good.isRunning
    }
    XCTAssertEqual(good.exitCode, 0, session.report)
    let gestures = good.gestures
    XCTAssertEqual(gestures.count, 1, session.report)
    XCTAssertEqual(gestures.first?["recognizer"] as? String, "double-tap")
    XCTAssertEqual(gestures.first?["state"] as? String, "recognized")
    XCTAssertEqual(gestures.first?["taps"] as? Int, 2)
    XCTAssertEqual(InCoreComparison.numbers(gestures.first?["location"]), [200, 150])
    XCTAssertTrue(session.isCompositorRunning)
  }

  // MARK: - Helpers

  /// Replays `name` to the C client and compares; the in-core replay must hold a began,
  /// changed and ended of `recognizer`, so the comparison covers a whole gesture.
  /// Returns every line the client printed, failures included.
  @discardableResult
  private func checkRecording(_ name: String, wholeGestureOf recognizer: String) throws
    -> [[String: Any]]
  {
    let session = try CompositorSession()
    self.session = session
    return try session.compareRecording(
      name, wholeGestureOf: recognizer, sceneRecognizers: ExampleCClient.sceneRecognizers,
      client: try ExampleCClient.build(in: session), clientName: "c-client")
  }

}
