// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import GestureReplay
import GestureScene
import XCTest

/// The wlroots adapter (`Compositors/wlroots`) in a real wlroots 0.15 compositor,
/// the test kiosk `WlrootsKiosk/gb-wlr-kiosk.c` (Wayfire 0.7 itself cannot start here: it
/// needs a DRM device, see docs/wlroots.md), with touches from wlroots' own libinput backend
/// reading a umockdev-mocked touchscreen (`daemon-test-driver`) whose evdev events are a
/// bundled recording's, written in real time.
///
/// Geometry as in `DeviceFeedEndToEndTests`: a 960x540 output (the touchscreen's 1920x1080
/// range maps to half-pixels) and the 400x300 window centred at (280, 120). Times: wlroots
/// gives compositors milliseconds only, so gesture times are compared within 1 ms, and
/// velocities (distance over those times) within `velocityRelativeTolerance`.
final class WlrootsKioskEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  static func recording(_ name: String) -> String {
    CompositorSession.sourceRoot.appendingPathComponent("Examples/recordings/\(name)").path
  }

  /// Velocities from millisecond-truncated times differ from the in-core replay's by a
  /// fraction of their size (measured: pinch.yml at most 0.0219 of ~2.5 per second over four
  /// runs, palm.yml's pan 0.8 of ~97 px/s: both under 1%); twice that, 2%.
  static let velocityRelativeTolerance = 0.02

  func testPinchFromWlrootsLibinputReachesTheClientAsTheInCoreReplaySays() throws {
    let (client, expected) = try playToOneClient(
      "pinch.yml",
      sceneRecognizers: """
        {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
        {"name": "rotation", "type": "rotation"}
        """, arguments: ["--recognizer", "pinch", "--recognizer", "rotation"])
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")
    Self.assertMatches(client.gestures, expected, report: session?.report ?? "")
    // The pinch that began cancelled the client's wl_touch (cancelsTouchesInView).
    XCTAssertEqual(client.events.filter { $0 == "touch-down" }.count, 2, client.text)
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(client.events.contains("touch-up"), client.text)
    session?.stop()
    XCTAssertEqual(session?.compositorExit, "exited 0", "the kiosk ends cleanly (SIGTERM)")
  }

  /// The client's gesture lines against the in-core replay's: times relative to the first
  /// line within 1 ms, velocities within `velocityRelativeTolerance`, the rest as for weston.
  static func assertMatches(
    _ received: [[String: Any]], _ expected: [[String: Any]], report: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(received.count, expected.count, report, file: file, line: line)
    guard let firstGot = received.first, let firstWant = expected.first else { return }
    for (index, (got, want)) in zip(received, expected).enumerated() {
      let speed = InCoreComparison.numbers(want["velocity"]).map(abs).max() ?? 0
      InCoreComparison.compare(
        got, want, time: .relativeToFirstInMilliseconds(got: firstGot, want: firstWant),
        index: index,
        velocityTolerance: InCoreComparison.fixed + velocityRelativeTolerance * speed,
        file: file, line: line)
    }
  }

  /// Plays `name` to one demo client with `arguments` on the kiosk and returns the client
  /// once it has as many gesture lines as the in-core replay of `sceneRecognizers` reports.
  private func playToOneClient(
    _ name: String, sceneRecognizers: String, arguments: [String]
  ) throws -> (client: ClientProcess, expected: [[String: Any]]) {
    let recording = Self.recording(name)
    let expected = try InCoreComparison.replay(recording, sceneRecognizers: sceneRecognizers)
    let session = try CompositorSession()
    self.session = session
    try session.startWlrootsKiosk()
    let client = try session.startDemoClient(
      arguments + ["--width", "400", "--height", "300"], name: "client")
    try XCTUnwrap(session.mockedTouchscreen).play(recording)
    try session.waitFor("the client's gestures", timeoutSeconds: 30) {
      client.gestures.count >= expected.count
    }
    try client.sync(in: session)
    return (client, expected)
  }

  func testDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient() throws {
    let (client, expected) = try playToOneClient(
      "pinch.yml", sceneRecognizers: #"{"name": "pinch", "type": "pinch"}"#,
      arguments: ["--recognizer", "pinch", "--delays-touches-began", "true"])
    Self.assertMatches(client.gestures, expected, report: session?.report ?? "")
    // Held back from the first down, then cancelled by the recognition: nothing at all.
    let touches = client.events.filter { $0.hasPrefix("touch-") }
    XCTAssertEqual(touches, [], client.text)
  }

  func testWithoutCancelsTouchesInViewTheClientGetsTheWholeTouches() throws {
    let (client, expected) = try playToOneClient(
      "pinch.yml", sceneRecognizers: #"{"name": "pinch", "type": "pinch"}"#,
      arguments: ["--recognizer", "pinch", "--cancels-touches-in-view", "false"])
    Self.assertMatches(client.gestures, expected, report: session?.report ?? "")
    let events = client.events
    XCTAssertEqual(events.filter { $0 == "touch-down" }.count, 2, client.text)
    XCTAssertEqual(events.filter { $0 == "touch-up" }.count, 2, client.text)
    XCTAssertFalse(events.contains("touch-cancel"), client.text)
  }

  /// libinput's TOUCH_CANCEL (the palm, MT_TOOL_PALM) through wlroots' `touch_cancel`: the pan
  /// ends `cancelled` at the in-core replay's time (within 1 ms), and the client's touch ends
  /// with wl_touch.cancel.
  func testAPalmCancelsThePanAsTheInCoreReplaySays() throws {
    let (client, expected) = try playToOneClient(
      "palm.yml", sceneRecognizers: #"{"name": "pan", "type": "pan"}"#,
      arguments: ["--recognizer", "pan", "--cancels-touches-in-view", "false"])
    XCTAssertEqual(expected.last?["state"] as? String, "cancelled")
    Self.assertMatches(client.gestures, expected, report: session?.report ?? "")
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
  }

  /// A long press: the bridge's timer on the kiosk's event loop gives the in-core replay's
  /// `began` (times within 1 ms: the deadline counts from a millisecond down time).
  func testALongPressBeginsAsTheInCoreReplaySays() throws {
    let (client, expected) = try playToOneClient(
      "long-press.yml", sceneRecognizers: #"{"name": "long-press", "type": "long-press"}"#,
      arguments: ["--recognizer", "long-press"])
    XCTAssertEqual(expected.first?["state"] as? String, "began")
    Self.assertMatches(client.gestures, expected, report: session?.report ?? "")
  }

  /// The example C client (`Examples/c-client`, built by its `build.sh`): the pinch reaches
  /// it as the in-core replay of its three recognizers says.
  func testTheExampleCClientGetsThePinchAsTheInCoreReplaySays() throws {
    let recording = Self.recording("pinch.yml")
    let expected = try InCoreComparison.replay(
      recording, sceneRecognizers: ExampleCClient.sceneRecognizers)
    XCTAssertTrue(expected.contains { $0["recognizer"] as? String == "pinch" })
    let session = try CompositorSession()
    self.session = session
    let client = try ExampleCClient.build(in: session)
    try session.startWlrootsKiosk()
    let process = try session.startClient(client, [], name: "c-client")
    try session.waitFor("the C client's window and three recognizers", timeoutSeconds: 20) {
      session.log.contains("gb-wlr-kiosk: mapped")
        && session.log.contains("gb-wlr-kiosk: recognizers 3")
    }
    try XCTUnwrap(session.mockedTouchscreen).play(recording)
    try session.waitFor("the C client's gestures", timeoutSeconds: 30) {
      process.gestures.count >= expected.count
    }
    // SIGTERM: the client makes one roundtrip, printing everything sent before, and exits 0.
    process.stop()
    XCTAssertEqual(process.exitCode, 0, session.report)
    Self.assertMatches(process.gestures, expected, report: session.report)
  }

  /// The compositor taking the touches mid-pinch without a wlr_seat grab, as Wayfire does
  /// when one of its plugins grabs input (the kiosk on SIGHUP lifts every seat touch point
  /// while the fingers stay down): the adapter cancels the bridge's touches, the pinch ends
  /// `cancelled` and the client's touches with wl_touch.cancel.
  func testTheCompositorTakingTheTouchesCancelsTheBridgesGesture() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWlrootsKiosk()
    let client = try session.startDemoClient(
      [
        "--recognizer", "pinch", "--cancels-touches-in-view", "false", "--width", "400",
        "--height", "300",
      ], name: "client")
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    try touchscreen.play(Self.recording("pinch.yml"), untilSeconds: 0.9)
    try session.waitFor("the pinch", timeoutSeconds: 20) {
      client.gestures.contains { $0["state"] as? String == "began" }
    }
    try touchscreen.signal("HUP")
    try session.waitFor("the kiosk to take the touches", timeoutSeconds: 20) {
      session.log.contains("took the touches: lifted 2 touch point(s)")
    }
    try client.sync(in: session)
    XCTAssertTrue(
      session.log.contains("adapter: the compositor took the touches"), session.report)
    XCTAssertEqual(client.gestures.last?["state"] as? String, "cancelled", client.text)
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(client.events.contains("touch-up"), client.text)
  }

  /// Two outputs side by side (1920x540 of layout), the touchscreen mapped onto both, a
  /// 960x540 client filling each: the pinch's left finger lands on the left client, the right
  /// one on the right client. Each client gets only its own touch, in its own surface-local
  /// coordinates, down to up; no gesture is built from another client's touch.
  func testTwoClientsSideBySideEachGetOnlyTheirOwnTouch() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWlrootsKiosk(["--outputs", "2", "--touch-layout"])
    let size = ["--width", "960", "--height", "540", "--recognizer", "pinch"]
    let left = try session.startDemoClient(["--app-id", "left"] + size, name: "left")
    let right = try session.startDemoClient(["--app-id", "right"] + size, name: "right")
    XCTAssertTrue(session.log.contains("mapped left at 0,0 960x540"), session.log)
    XCTAssertTrue(session.log.contains("mapped right at 960,0 960x540"), session.log)
    try XCTUnwrap(session.mockedTouchscreen).play(Self.recording("pinch.yml"))
    for client in [left, right] {
      try session.waitFor("\(client.name)'s touch to end", timeoutSeconds: 30) {
        client.events.contains("touch-up") || client.events.contains("touch-cancel")
      }
      try client.sync(in: session)
    }
    for (client, range) in [(left, 700.0...960.0), (right, 0.0...260.0)] {
      let downs = client.objects.filter { $0["event"] as? String == "touch-down" }
      XCTAssertEqual(downs.count, 1, client.text)
      let x = InCoreComparison.numbers(downs.first?["location"]).first ?? -1
      XCTAssertTrue(range.contains(x), "\(client.name)'s surface-local x \(x)\n\(client.text)")
      XCTAssertEqual(client.events.filter { $0 == "touch-up" }.count, 1, client.text)
      XCTAssertEqual(client.gestures.count, 0, client.text)
    }
  }

  /// A client that exits in the middle of its pan (`--exit-after 1`: after the pan's
  /// `began`) leaves the kiosk running, and the next client's tap is recognized.
  func testAClientDyingMidGestureLeavesTheCompositorServing() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWlrootsKiosk()
    let dying = try session.startDemoClient(
      ["--recognizer", "pan", "--exit-after", "1", "--width", "400", "--height", "300"],
      name: "dying")
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    try touchscreen.play(Self.recording("pan.yml"))
    try session.waitFor("the dying client to exit", timeoutSeconds: 20) { !dying.isRunning }
    XCTAssertEqual(dying.gestures.first?["state"] as? String, "began", dying.text)
    XCTAssertTrue(session.isCompositorRunning, session.report)

    let tap = Self.recording("tap.yml")
    let expected = try InCoreComparison.replay(
      tap, sceneRecognizers: #"{"name": "tap", "type": "tap"}"#)
    XCTAssertEqual(expected.map { $0["state"] as? String }, ["recognized"])
    let next = try session.startDemoClient(
      ["--recognizer", "tap", "--width", "400", "--height", "300"], name: "next")
    try touchscreen.play(tap)
    try session.waitFor("the next client's tap", timeoutSeconds: 20) { next.gestures.count == 1 }
    try next.sync(in: session)
    Self.assertMatches(next.gestures, expected, report: session.report)
  }

  /// A client starting a touch drag-and-drop with the serial of the wl_touch.down the adapter
  /// sent it: the kiosk accepts it only on the seat's touch grab serial
  /// (`wlr_seat_validate_touch_grab_serial`), the drag's touch grab cancels the client's touch
  /// (wl_touch.cancel, no up, no tap), the drop reaches the window, and once the drag ends the
  /// next tap is recognized (wlroots returned to the adapter's default grab).
  func testATouchDragStartsOnTheSerialOfTheDeliveredDownAndTapsWorkAfterIt() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWlrootsKiosk()
    let client = try session.startDemoClient(
      ["--recognizer", "tap", "--drag-on-touch-down", "--width", "400", "--height", "300"],
      name: "client")
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    let tap = Self.recording("tap.yml")
    try touchscreen.play(tap)
    try session.waitFor("the drop", timeoutSeconds: 20) {
      client.events.contains("drag-source-drop-performed")
    }
    let started = client.objects.first { $0["event"] as? String == "drag-started" }
    let serial = try XCTUnwrap(started?["serial"] as? Int, client.text)
    XCTAssertTrue(session.log.contains("touch drag started (serial \(serial))"), session.report)
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(client.events.contains("touch-up"), client.text)
    XCTAssertTrue(client.events.contains("drag-drop"), client.text)
    XCTAssertEqual(client.gestures.count, 0, client.text)

    try touchscreen.play(tap)
    try session.waitFor("the tap after the drag", timeoutSeconds: 20) {
      client.gestures.count == 1
    }
    XCTAssertEqual(client.gestures.first?["recognizer"] as? String, "tap", client.text)
    XCTAssertEqual(client.gestures.first?["state"] as? String, "recognized", client.text)
  }
}
