// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import GestureReplay
import GestureScene
import XCTest

/// weston.ini `device=`: the module reads a touchscreen with real libinput and feeds its
/// seat. weston runs inside a umockdev testbed (`daemon-test-driver`) whose mocked
/// touchscreen gets a bundled recording's evdev events written in real time; the demo
/// client's gestures must be what the in-core replay reports for that recording.
///
/// Geometry as in `RecordingReplayEndToEndTests`: a 960x540 output, so the touchscreen's
/// 1920x1080 range maps to half-pixels, and kiosk-shell centres the 400x300 window at
/// (280, 120); the in-core scene has one view there. Times: libinput reports the evdev
/// timestamps the driver wrote (the recording's, moved to the moment of playing), so each
/// gesture's time after the first gesture is the recording's, to the microsecond.
final class DeviceFeedEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testPinchWrittenIntoAMockedTouchscreenReachesTheClientAsTheInCoreReplaySays() throws {
    let recording = Self.recording("pinch.yml")
    let expected = try InCoreComparison.replay(
      recording,
      sceneRecognizers: """
        {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
        {"name": "rotation", "type": "rotation"}
        """)
    XCTAssertGreaterThan(expected.count, 2, "the recording holds gestures")
    let session = try CompositorSession()
    self.session = session
    try session.startWeston(
      gestureBridgeKeys: ["device=@NODE@"], width: 960, height: 540, onMockedTouchscreen: true)
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    XCTAssertTrue(
      session.log.contains("gesture-bridge-weston: devices \(touchscreen.node) feed the seat"),
      session.log)
    let client = try session.startDemoClient(
      ["--recognizer", "pinch", "--recognizer", "rotation", "--width", "400", "--height", "300"],
      name: "client")

    try touchscreen.play(recording)
    try session.waitFor("the client's gestures", timeoutSeconds: 30) {
      client.gestures.count >= expected.count
    }
    try client.sync(in: session)

    let received = client.gestures
    XCTAssertEqual(received.count, expected.count, session.report)
    for (index, (got, want)) in zip(received, expected).enumerated() {
      InCoreComparison.compare(
        got, want, time: .relativeToFirst(got: received[0], want: expected[0]), index: index,
        panVelocityTolerance: InCoreComparison.fixed + 0.0001)
    }
    session.stop()
    XCTAssertEqual(
      session.compositorExit, "exited 0", "weston ends cleanly with the device open (SIGTERM)")
  }

  func testDevicesThatCannotBeUsedAreErrorsInWestonsLogAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let missing = session.path("no-such-event-node")
    try session.startWeston(gestureBridgeKeys: ["device=\(missing), /dev/null"])
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston: error: device not used: cannot open \(missing): no such device node"
      ), session.log)
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston: error: device not used: libinput rejected /dev/null"),
      session.log)
    XCTAssertFalse(session.log.contains("feed the seat"), session.log)
    let client = try session.startDemoClient(
      ["--recognizer", "tap", "--width", "400", "--height", "300"], name: "client")
    try session.play("0 down 0 512 320\n60 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) { client.gestures.count == 1 }
    XCTAssertEqual(client.gestures.first?["state"] as? String, "recognized")
    XCTAssertTrue(session.isCompositorRunning)
  }

  func testUnpluggingTheTouchscreenMidPinchCancelsItsTouchesAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let missing = session.path("no-such-event-node")
    try session.startWeston(
      gestureBridgeKeys: ["device=\(missing),@NODE@"], width: 960, height: 540,
      onMockedTouchscreen: true)
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    XCTAssertTrue(
      session.log.contains("error: device not used: cannot open \(missing)"), session.log)
    XCTAssertTrue(
      session.log.contains("devices \(touchscreen.node) feed the seat"), "the other device is used")
    let client = try session.startDemoClient(
      [
        "--recognizer", "pinch", "--recognizer", "tap", "--width", "400", "--height", "300",
        "--print-touches", "--cancels-touches-in-view", "false",
      ], name: "client")

    // The pinch's two fingers stay down (the recording lifts them at 1.15 s).
    try touchscreen.play(Self.recording("pinch.yml"), untilSeconds: 0.9)
    try session.waitFor("the pinch to begin", timeoutSeconds: 20) {
      client.gestures.contains { $0["state"] as? String == "began" }
    }
    try touchscreen.remove()
    try session.waitFor("the removal in weston's log", timeoutSeconds: 20) {
      session.log.contains(
        "device \(touchscreen.node) removed with 2 touch(es) down: touches cancelled")
    }
    try session.waitFor("the pinch to be cancelled", timeoutSeconds: 20) {
      client.gestures.last?["state"] as? String == "cancelled"
    }
    try client.sync(in: session)
    let touches = client.events.filter { $0.hasPrefix("touch-") }
    XCTAssertEqual(touches.filter { $0 == "touch-down" }.count, 2, session.report)
    XCTAssertEqual(touches.last, "touch-cancel", session.report)
    XCTAssertFalse(touches.contains("touch-up"), "cancelled touches never go up: \(touches)")
    XCTAssertEqual(
      client.gestures.filter { $0["recognizer"] as? String == "pinch" }.last?["state"] as? String,
      "cancelled")

    // Nothing stuck: a tap on the seat is recognized.
    let before = client.gestures.count
    try session.play("0 down 0 480 270\n60 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) {
      client.gestures.dropFirst(before).contains { $0["recognizer"] as? String == "tap" }
    }
    XCTAssertEqual(
      client.gestures.dropFirst(before).map { $0["state"] as? String }, ["recognized"],
      session.report)
    XCTAssertTrue(session.isCompositorRunning)
  }

  /// A turned output: the panel rotated 90 degrees clockwise (`--transform=rotate-90`, as
  /// weston.ini's `transform=rotate-90`: the 960x540 panel shows a 540x960 portrait picture). The module maps the
  /// touchscreen as weston's own libinput backend does (through the output's transform), so
  /// `edge-pan.yml`, from the panel's left edge moving right on the panel, is a swipe down
  /// from the top of the picture the person sees: of four edge pans the top one begins (on
  /// a view covering both orientations: the edges are measured against the screen).
  func testOnATurnedOutputTheSystemEdgePansAreThePersonsEdges() throws {
    let edges = ["left", "right", "top", "bottom"]
    let lines = try turnedRun { output in
      let recognizers = edges.map {
        #"{"name": "\#($0)", "type": "screen-edge-pan", "edges": ["\#($0)"]}"#
      }
      let bindings = edges.map {
        #"{"recognizer": "\#($0)", "state": "began", "command": "echo edge-\#($0) >> \#(output)"}"#
      }
      return """
        {"screen": {"width": 960, "height": 960},
         "views": [{"name": "screen", "frame": [0, 0, 960, 960], "recognizers": [
           \(recognizers.joined(separator: ",\n"))]}],
         "bindings": [\(bindings.joined(separator: ",\n"))]}
        """
    }
    XCTAssertEqual(lines, ["edge-top"])
  }

  /// The same turned output with lisgd bindings: the stroke down from the top runs.
  func testOnATurnedOutputLisgdBindingsAreThePersonsStrokes() throws {
    let lines = try turnedRun { output in
      """
      {"screen": {"width": 540, "height": 960}, "views": [], "bindings": [],
       "lisgd": ["-g", "1,LR,L,*,R,echo left-right >> \(output)",
                 "-g", "1,DU,B,*,R,echo bottom-up >> \(output)",
                 "-g", "1,UD,T,*,R,echo top-down >> \(output)"]}
      """
    }
    XCTAssertEqual(lines, ["top-down"])
  }

  /// Plays `edge-pan.yml` into weston with the turned output, the mocked touchscreen as
  /// `device=` and the system-gesture config `body(output)`; returns what the commands wrote
  /// to `output` (one line, then a wait: a second would show).
  private func turnedRun(_ body: (String) -> String) throws -> [String] {
    let session = try CompositorSession()
    self.session = session
    let output = session.path("commands.txt")
    let config = session.path("system.json")
    try body(output).write(toFile: config, atomically: true, encoding: .utf8)
    try session.startWeston(
      gestureBridgeKeys: ["device=@NODE@", "system-gestures=\(config)"], width: 960,
      height: 540, transform: "rotate-90", onMockedTouchscreen: true)
    let touchscreen = try XCTUnwrap(session.mockedTouchscreen)
    // A client under the finger: weston forwards a touch's motion only over a view.
    let client = try session.startDemoClient(
      ["--recognizer", "tap", "--width", "540", "--height", "960"], name: "client")
    try touchscreen.play(Self.recording("edge-pan.yml"))
    let lines = try session.commandLines(in: output, count: 1)
    try client.sync(in: session)
    return lines
  }

  // MARK: - Helpers

  private static func recording(_ name: String) -> String {
    CompositorSession.sourceRoot.appendingPathComponent("Examples/recordings/\(name)").path
  }
}
