// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import GestureCoreTesting
import XCTest

/// The wl_touch stream a toolkit can trust (issue 15), under real weston with real client
/// processes: touch drag-and-drop with the serial of the client's own down, other grabs
/// coexisting with the bridge, double taps as a protocol-valid stream, cancels and timers at
/// the times of the input behind them. (Every run of every end-to-end test also checks each
/// demo client's wl_touch stream with `TouchStreamChecker` when the session stops.)
final class TouchStreamEndToEndTests: XCTestCase {
  private var session: CompositorSession?
  private var busyLoops: [Process] = []

  override func tearDown() {
    for loop in busyLoops where loop.isRunning {
      kill(loop.processIdentifier, SIGKILL)
      loop.waitUntilExit()
    }
    busyLoops.removeAll()
    session?.stop()
    session = nil
  }

  /// The demo client's default recognizers as an in-core scene (tap waits for double-tap to
  /// fail, pinch and rotation together, swipe in every direction).
  static let defaultSceneRecognizers = """
    {"name": "tap", "type": "tap", "requiresFailureOf": ["double-tap"]},
    {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
    {"name": "long-press", "type": "long-press"},
    {"name": "pan", "type": "pan"},
    {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
    {"name": "rotation", "type": "rotation"},
    {"name": "swipe", "type": "swipe", "direction": ["left", "right", "up", "down"]}
    """

  // MARK: - Drag-and-drop and other grabs

  func testTouchDragAndDropWithTheClientsOwnDownSerialThenTheOtherClientsTapIsRecognized()
    throws
  {
    let session = try TouchDeliveryEndToEndTests.startTwoOutputs()
    self.session = session
    // The left client (default recognizers) starts a drag from its first wl_touch.down; the
    // right one takes drops and recognizes taps.
    let left = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("left") + ["--drag-on-touch-down"], name: "left")
    let right = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("right") + ["--data-device", "--recognizer", "tap"],
      name: "right")
    // Finger down on the left window, across to the right window, lifted there; later a tap
    // on the right window.
    try session.play(
      """
      0 down 0 412 270
      200 motion 0 700 280
      260 motion 0 1100 300
      320 motion 0 1500 320
      380 motion 0 1536 320
      440 up 0
      900 down 1 1636 370
      960 up 1
      """)
    try session.waitFor("the tap on the right window", timeoutSeconds: 20) {
      right.gestures.contains { $0["state"] as? String == "recognized" }
    }
    try left.sync(in: session)
    try right.sync(in: session)

    XCTAssertTrue(left.events.contains("drag-started"), left.text)
    // weston accepted start_drag with the down's serial: the right client saw the drag come
    // in and the drop.
    XCTAssertTrue(right.events.contains("drag-enter"), right.text + session.report)
    XCTAssertTrue(right.events.contains("drag-drop"), right.text)
    // The drag grab took the touches: the left client's touch ended with wl_touch.cancel and
    // none of its recognizers made a gesture of the drag.
    XCTAssertEqual(
      left.events.filter { $0.hasPrefix("touch-") }, ["touch-down", "touch-cancel"], left.text)
    XCTAssertTrue(left.gestures.isEmpty, left.text)
    XCTAssertTrue(session.log.contains("another touch grab took the touches"), session.log)
    // After the drop the bridge has the touches back: the tap on the right window.
    XCTAssertEqual(
      right.gestures.filter { $0["state"] as? String == "recognized" }.count, 1, right.text)
    XCTAssertTrue(session.isCompositorRunning)
  }

  func testAfterADragEndsTheClientThatDraggedGetsItsGesturesAgain() throws {
    let session = try TouchDeliveryEndToEndTests.startTwoOutputs()
    self.session = session
    let left = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("left") + ["--drag-on-touch-down", "--recognizer", "tap"],
      name: "left")
    _ = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("right") + ["--data-device"], name: "right")
    // A drag from the left window dropped on the right one, then a tap on the left window.
    try session.play(
      """
      0 down 0 412 270
      200 motion 0 900 280
      300 motion 0 1536 320
      400 up 0
      900 down 0 412 270
      960 up 0
      """)
    try session.waitFor("the tap after the drag", timeoutSeconds: 20) {
      left.gestures.contains { $0["state"] as? String == "recognized" }
    }
    XCTAssertTrue(left.events.contains("drag-started"), left.text)
    // The drag's touch cancelled when the drag took it; the tap's touch cancelled when the
    // tap recognized (cancelsTouchesInView).
    XCTAssertEqual(
      left.events.filter { $0.hasPrefix("touch-") },
      ["touch-down", "touch-cancel", "touch-down", "touch-cancel"], left.text)
    XCTAssertEqual(left.gestures.count, 1, left.text)
  }

  func testAPopupGrabInBetweenLeavesRecognitionWorking() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWeston()
    // The first tap is recognized and its up delivered; the client then opens a popup with
    // a grab on the serial of that tap's down. The second tap belongs to the popup's grab
    // (weston forwards it to the client; no gesture); the client destroys the popup at its
    // up, which ends the grab; the third tap is the bridge's again.
    let client = try session.startDemoClient(
      [
        "--width", "400", "--height", "300", "--recognizer", "tap",
        "--cancels-touches-in-view", "false", "--popup-on-touch-up",
      ], name: "client")
    try session.play(
      """
      0 down 0 512 320
      60 up 0
      400 down 0 512 320
      460 up 0
      800 down 0 512 320
      860 up 0
      """)
    try session.waitFor("the tap after the popup", timeoutSeconds: 20) {
      client.gestures.count >= 2
    }
    try client.sync(in: session)
    XCTAssertEqual(
      client.events.filter { $0.hasPrefix("popup") }, ["popup-grabbed", "popup-destroyed"],
      client.text)
    // Three taps reached the client's wl_touch, two of them as recognized taps: weston
    // accepted the grab with the serial of the bridge's down, and took the touches back.
    XCTAssertEqual(client.events.filter { $0 == "touch-up" }.count, 3, client.text)
    XCTAssertEqual(client.gestures.count, 2, client.text)
    XCTAssertEqual(TouchStreamChecker.violations(in: client.touchStream), [], client.text)
  }

  // MARK: - Double taps

  func testADoubleTapGivesTheClientAProtocolValidStreamAsUIKitDeliversIt() throws {
    let session = try CompositorSession()
    self.session = session
    try session.startWeston()
    // Default recognizers (delaysTouchesEnded and cancelsTouchesInView on), full window.
    let client = try session.startDemoClient(
      ["--width", "1024", "--height", "640"], name: "client")
    try session.play(
      """
      0 down 0 400 300
      60 up 0
      200 down 0 402 301
      260 up 0
      """)
    try session.waitFor("the double tap", timeoutSeconds: 20) {
      client.gestures.contains { $0["recognizer"] as? String == "double-tap" }
    }
    try client.sync(in: session)
    // UIKit's sequence for a double tap with delaysTouchesEnded: began, began, cancelled,
    // cancelled. The first tap's up stays held, so the second touch gets another id.
    let touches = client.touchStream.filter { $0.kind != .frame }
    XCTAssertEqual(touches.map(\.kind), [.down, .down, .cancelAll], client.text)
    XCTAssertNotEqual(touches.first?.id, touches.dropFirst().first?.id, client.text)
    XCTAssertEqual(TouchStreamChecker.violations(in: client.touchStream), [], client.text)
  }

  func testBothBundledDoubleTapRecordingsGiveTheInCoreGesturesAndValidStreams() throws {
    for name in ["double-tap.yml", "recorded-double-tap.yml"] {
      let client = try playRecording(name)
      XCTAssertEqual(TouchStreamChecker.violations(in: client.touchStream), [], client.text)
      XCTAssertTrue(
        client.gestures.contains {
          $0["recognizer"] as? String == "double-tap" && $0["state"] as? String == "recognized"
        }, client.text)
      session?.stop()
      session = nil
    }
  }

  // MARK: - Times

  func testCancelsCarryTheTimesOfTheInputPalmRecording() throws {
    // The palm cancels the pan: its `cancelled` line is compared with the in-core replay's,
    // time to the microsecond.
    let client = try playRecording("palm.yml")
    XCTAssertTrue(client.gestures.contains { $0["state"] as? String == "cancelled" }, client.text)
  }

  func testALongPressUnderCPULoadEqualsTheInCoreReplayToTheMicrosecond() throws {
    // A busy loop on each core for the whole run.
    for _ in 0..<2 {
      let loop = Process()
      loop.executableURL = URL(fileURLWithPath: "/bin/sh")
      loop.arguments = ["-c", "while :; do :; done"]
      try loop.run()
      busyLoops.append(loop)
    }
    let client = try playRecording("long-press.yml")
    XCTAssertTrue(
      client.gestures.contains { $0["recognizer"] as? String == "long-press" }, client.text)
    tearDownSession()
    // A finger trembling within the allowable movement every 4 ms around the deadline, one
    // frame 76 us before it: the timer must not overtake that frame (the long press begins
    // where it moved the finger), however the loop orders the two.
    let jitter = try writeJitterRecording()
    defer { try? FileManager.default.removeItem(atPath: jitter) }
    let jittered = try playRecording(path: jitter)
    XCTAssertEqual(
      jittered.gestures.first?["state"] as? String, "began", jittered.text)
  }

  // MARK: - Helpers

  private func tearDownSession() {
    session?.stop()
    session = nil
  }

  /// Writes a recording (the bundled long press's device) where one finger lands at 0.5 s at
  /// (960, 540), trembles by 2 device units every 4 ms from 0.9 s to 1.1 s with one frame at
  /// 0.999924 s (76 us before the 0.5 s long press deadline), and lifts at 1.3 s.
  private func writeJitterRecording() throws -> String {
    let bundled = try String(
      contentsOf: CompositorSession.sourceRoot.appendingPathComponent(
        "Examples/recordings/long-press.yml"), encoding: .utf8)
    guard let eventsRange = bundled.range(of: "  events:\n") else {
      throw E2EFailure("long-press.yml has no events section")
    }
    var lines = [String(bundled[..<eventsRange.upperBound])]
    func frame(_ microseconds: Int, _ events: [(Int, Int, Int)]) {
      lines.append("  - evdev:")
      let (seconds, fraction) = (microseconds / 1_000_000, microseconds % 1_000_000)
      for (type, code, value) in events + [(0, 0, 0)] {
        lines.append("    - [\(seconds), \(fraction), \(type), \(code), \(value)]")
      }
    }
    frame(0, [])
    frame(500_000, [(3, 57, 1), (3, 53, 960), (3, 54, 540), (1, 330, 1), (3, 0, 960), (3, 1, 540)])
    var times = Array(stride(from: 900_000, through: 1_100_000, by: 4_000))
    times.append(999_924)
    for (index, time) in times.sorted().enumerated() {
      let x = index % 2 == 0 ? 962 : 960
      frame(time, [(3, 53, x), (3, 0, x)])
    }
    frame(1_300_000, [(3, 57, -1), (1, 330, 0)])
    let path = (session?.directory ?? URL(fileURLWithPath: NSTemporaryDirectory()))
      .appendingPathComponent("long-press-jitter-\(getpid()).yml").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Plays bundled recording `name` into weston (960x540 output, a 400x300 demo client with
  /// the default recognizers, see `RecordingReplayEndToEndTests`) and checks the client's
  /// gestures against the in-core replay: same lines, times to the microsecond.
  private func playRecording(_ name: String) throws -> ClientProcess {
    try playRecording(
      path: CompositorSession.sourceRoot.appendingPathComponent("Examples/recordings/\(name)").path)
  }

  private func playRecording(path recording: String) throws -> ClientProcess {
    let name = URL(fileURLWithPath: recording).lastPathComponent
    let expected = try InCoreComparison.replay(
      recording, sceneRecognizers: Self.defaultSceneRecognizers
    ).filter { $0["state"] as? String != "failed" }
    let session = try CompositorSession()
    self.session = session
    try session.startWeston(
      gestureBridgeKeys: ["recording=\(recording)", "recording-start-recognizers=7"],
      width: 960, height: 540)
    let client = try session.startDemoClient(["--width", "400", "--height", "300"], name: name)
    try session.waitFor("the recording to finish", timeoutSeconds: 30) {
      session.log.contains("recording \(recording): finished")
    }
    // The last timers (a double tap's tap failure, a long press) may run out after it.
    try session.waitFor("the in-core replay's \(expected.count) gestures", timeoutSeconds: 20) {
      client.gestures.count >= expected.count
    }
    try client.sync(in: session)
    let origin = try InCoreComparison.playbackOrigin(in: session.log)
    let received = client.gestures
    XCTAssertEqual(received.count, expected.count, "\(name):\n" + session.report)
    for (index, (got, want)) in zip(received, expected).enumerated() {
      InCoreComparison.compare(
        got, want, time: .playbackOrigin(microseconds: origin), index: index)
    }
    return client
  }
}
