// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// System gestures under real weston (`[gesture-bridge] system-gestures=`): one 1024x640
/// output filled by the demo client's window (kiosk-shell), touches from touch scripts, a
/// config whose bindings append a line to a file (the commands' side effect), checked with
/// the order of the client's wl_touch events and gestures.
final class SystemGesturesEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  /// A bottom-edge pan (ended: a line in the output file) and a three-finger left swipe
  /// (recognized: a line) over the whole output.
  private func systemConfig(output: String) -> String {
    """
    {"screen": {"width": 1024, "height": 640},
     "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
       {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]},
       {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3, "direction": ["left"]}]}],
     "bindings": [
       {"recognizer": "bottom", "state": "ended", "description": "overview",
        "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"},
       {"recognizer": "swipe3", "state": "recognized", "description": "next workspace",
        "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE $GESTURE_DIRECTION\\" >> \(output)"}]}
    """
  }

  /// Starts weston with `config`, or with `systemConfig` changed by `edit`.
  func start(config: String? = nil, edit: (String) -> String = { $0 }) throws -> (
    CompositorSession, String
  ) {
    let session = try CompositorSession()
    self.session = session
    let output = session.directory.appendingPathComponent("commands.txt").path
    let path = session.directory.appendingPathComponent("system.json").path
    try (config ?? edit(systemConfig(output: output))).write(
      toFile: path, atomically: true, encoding: .utf8)
    try session.startWeston(gestureBridgeKeys: ["system-gestures=\(path)"])
    return (session, output)
  }

  func window() -> [String] { ["--width", "1024", "--height", "640"] }

  /// Up from the bottom edge at x 512: 8 motions of 30 px, 16 ms apart.
  let bottomEdgeSwipe =
    (0...8).map { "\($0 * 16) \($0 == 0 ? "down" : "motion") 0 512 \(637 - $0 * 30)" }
    .joined(separator: "\n") + "\n150 up 0\n"

  /// The file's lines once it has `count` (`CompositorSession.commandLines`).
  func commandLines(_ output: String, count: Int, in session: CompositorSession) throws
    -> [String]
  {
    try session.commandLines(in: output, count: count)
  }

  func touchKinds(_ client: ClientProcess) -> [String] {
    client.events.filter { $0.hasPrefix("touch-") }
  }

  func states(_ client: ClientProcess) -> [String] {
    client.gestures.compactMap { $0["state"] as? String }
  }

  func testABottomEdgeSwipeOverAClientPanCancelsItsTouchAndRunsTheCommandOnce() throws {
    let (session, output) = try start()
    XCTAssertTrue(
      session.log.contains(
        "system gestures \(session.directory.path)/system.json: 2 recognizer(s), 2 binding(s)"),
      session.report)
    let client = try session.startDemoClient(
      window() + ["--recognizer", "pan", "--print-failed"], name: "pan")
    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(try commandLines(output, count: 1, in: session), ["bottom ended"])
    try client.sync(in: session)

    let touches = touchKinds(client)
    XCTAssertEqual(touches.first, "touch-down", client.text)
    XCTAssertEqual(touches.last, "touch-cancel", client.text)
    XCTAssertFalse(touches.contains("touch-up"), client.text)
    let pan = states(client)
    XCTAssertTrue(
      pan == ["began", "cancelled"] || pan == ["failed"], "pan: \(pan)\n\(client.text)")
    let log = session.log
    let began = log.range(of: "system gesture bottom (screen-edge-pan) began")
    let ended = log.range(of: "system gesture bottom (screen-edge-pan) ended")
    XCTAssertNotNil(began, session.report)
    XCTAssertNotNil(ended, session.report)
    if let began, let ended { XCTAssertLessThan(began.lowerBound, ended.lowerBound) }
    // weston reaps the command as a child it watches (wet_watch_process; weston 14: the
    // module's pidfd), not as an unknown one.
    XCTAssertFalse(log.contains("unknown child process exited"), session.report)
  }

  func testTheSameOverAClientThatNeverBoundTheProtocol() throws {
    let (session, output) = try start()
    let client = try session.startDemoClient(window() + ["--no-gesture-bridge"], name: "plain")
    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(try commandLines(output, count: 1, in: session), ["bottom ended"])
    try client.sync(in: session)
    let touches = touchKinds(client)
    XCTAssertEqual(touches.first, "touch-down", client.text)
    XCTAssertEqual(touches.last, "touch-cancel", client.text)
    XCTAssertFalse(touches.contains("touch-up"), client.text)
    XCTAssertEqual(client.gestures.count, 0)
  }

  func testAThreeFingerSystemSwipeCancelsAClientPinchOnTwoOfItsFingers() throws {
    let (session, output) = try start()
    let client = try session.startDemoClient(
      window() + ["--recognizer", "pinch", "--cancels-touches-in-view", "false"], name: "pinch")
    // Two fingers spread (the client's pinch begins), a third lands, the three move left
    // fast together and lift.
    var lines = ["0 down 0 500 320", "0 down 1 600 320"]
    for step in 1...4 {
      lines += [
        "\(step * 16) motion 0 \(500 - step * 10) 320",
        "\(step * 16) motion 1 \(600 + step * 10) 320",
      ]
    }
    lines.append("80 down 2 700 320")
    for step in 1...6 {
      let time = 80 + step * 10
      lines += [
        "\(time) motion 0 \(460 - step * 40) 320", "\(time) motion 1 \(640 - step * 40) 320",
        "\(time) motion 2 \(700 - step * 40) 320",
      ]
    }
    lines += ["150 up 0", "150 up 1", "150 up 2"]
    try session.play(lines.joined(separator: "\n") + "\n")
    XCTAssertEqual(try commandLines(output, count: 1, in: session), ["swipe3 recognized left"])
    try client.sync(in: session)
    let pinch = states(client)
    XCTAssertEqual(pinch.first, "began", client.text)
    XCTAssertEqual(pinch.last, "cancelled", client.text)
    XCTAssertFalse(pinch.contains("ended"), client.text)
    let touches = touchKinds(client)
    XCTAssertEqual(touches.last, "touch-cancel", client.text)
    XCTAssertFalse(touches.contains("touch-up"), client.text)
    XCTAssertTrue(
      session.log.contains("system gesture swipe3 (swipe) recognized"), session.report)
  }

  /// The command's exit status reaches weston's log: weston reaps every child, and the module
  /// watches its commands with weston 10's wet_watch_process, so the status is the command's
  /// own. (weston 14 and later have no such call: the module's pidfd gets the status only when
  /// it sees the command end before weston's SIGCHLD handler does, so the Debian 13 and sid
  /// plans leave this test out; docs/platforms.md.)
  func testACommandsExitStatusIsInWestonsLog() throws {
    var edited = false
    let (session, output) = try start { config in
      // The bottom edge's command (the first binding) exits 3 after writing its line.
      guard let range = config.range(of: ">> ") else { return config }
      guard let end = config[range.upperBound...].firstIndex(of: "\"") else { return config }
      edited = true
      return config.replacingCharacters(
        in: end..<end, with: "; exit 3")
    }
    XCTAssertTrue(edited)
    // The test seat plays once a client's window is under the first touch.
    _ = try session.startDemoClient(window() + ["--no-gesture-bridge"], name: "plain")
    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(try commandLines(output, count: 1, in: session), ["bottom ended"])
    try session.waitFor("the command's exit status in weston's log", timeoutSeconds: 20) {
      session.log.contains("exited with status 3")
    }
    XCTAssertTrue(session.log.contains("gesture-bridge-weston: warning: "), session.report)
    XCTAssertFalse(session.log.contains("exit status unknown"), session.report)
    XCTAssertFalse(session.log.contains("unknown child process exited"), session.report)
  }

  func testABadConfigGivesAClearErrorAndWestonKeepsServing() throws {
    let bad = """
      {"screen": {"width": 1024, "height": 640},
       "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
         {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3}]}],
       "bindings": [{"recognizer": "swipe3", "state": "began", "command": "true"}]}
      """
    let (session, _) = try start(config: bad)
    let path = session.directory.appendingPathComponent("system.json").path
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston: error: system gestures not loaded: \(path): bindings[0].state: "
          + "a swipe recognizer reports recognized; got \"began\"; serving without them"),
      session.report)
    let client = try session.startDemoClient(window() + ["--recognizer", "tap"], name: "tap")
    try session.play("0 down 0 512 320\n50 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) {
      client.gestures.contains { $0["state"] as? String == "recognized" }
    }
  }
}
