// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The weston module reloads `system-gestures=` when the file changes (an inotify watch on
/// its directory): replaced while a finger is down over the demo client's pan, replaced by a
/// bad config. One 1024x640 output filled by the client's window, touches from touch
/// scripts, bindings that append a line to a file (the commands' side effect).
final class SystemGestureReloadEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  /// The first config: a bottom-edge pan delaying touches (a finger landing in the edge zone
  /// reaches the client only once the pan has failed; when it begins, the held touch is
  /// discarded); ended appends "old ...".
  private func oldConfig(output: String) -> String {
    """
    {"screen": {"width": 1024, "height": 640},
     "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
       {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"],
        "delaysTouchesBegan": true}]}],
     "bindings": [
       {"recognizer": "bottom", "state": "ended", "description": "old overview",
        "command": "echo \\"old $GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]}
    """
  }

  /// The replacement: another bottom-edge pan (appending "new ...") and a three-finger swipe.
  private func newConfig(output: String) -> String {
    """
    {"screen": {"width": 1024, "height": 640},
     "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
       {"name": "bottom-new", "type": "screen-edge-pan", "edges": ["bottom"]},
       {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3, "direction": ["left"]}]}],
     "bindings": [
       {"recognizer": "bottom-new", "state": "ended", "description": "new overview",
        "command": "echo \\"new $GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]}
    """
  }

  private var configPath: String { session?.path("system.json") ?? "" }

  /// weston with the old config and the demo client's pan over the whole output.
  private func start() throws -> (CompositorSession, ClientProcess, output: String) {
    let session = try CompositorSession()
    self.session = session
    let output = session.path("commands.txt")
    try oldConfig(output: output).write(
      toFile: configPath, atomically: false, encoding: .utf8)
    try session.startWeston(gestureBridgeKeys: ["system-gestures=\(configPath)"])
    XCTAssertTrue(
      session.log.contains("system gestures: watching \(configPath) for changes"), session.report)
    let client = try session.startDemoClient(
      [
        "--width", "1024", "--height", "640", "--recognizer", "pan", "--cancels-touches-in-view",
        "false",
      ], name: "pan")
    return (session, client, output)
  }

  /// Replaces the config the way editors do: written aside, renamed into place.
  private func renameIntoPlace(_ text: String) throws {
    let temporary = configPath + ".tmp"
    try text.write(toFile: temporary, atomically: false, encoding: .utf8)
    guard rename(temporary, configPath) == 0 else {
      throw E2EFailure("rename to \(configPath) failed: errno \(errno)")
    }
  }

  private func waitForLog(_ line: String, in session: CompositorSession) throws {
    try session.waitFor("the log line \(line)", timeoutSeconds: 20) { session.log.contains(line) }
  }

  /// Up from the bottom edge at x 512: 8 motions of 30 px, 16 ms apart.
  private let bottomEdgeSwipe =
    (0...8).map { "\($0 * 16) \($0 == 0 ? "down" : "motion") 1 512 \(637 - $0 * 30)" }
    .joined(separator: "\n") + "\n150 up 1\n"

  private func touchKinds(_ client: ClientProcess) -> [String] {
    client.events.filter { $0.hasPrefix("touch-") }
  }

  private func panStates(_ client: ClientProcess) -> [String] {
    client.gestures.compactMap { $0["state"] as? String }.filter { $0 != "changed" }
  }

  /// A finger lands in the old config's bottom edge zone (held back from the client by the
  /// delaying edge pan) and rests; the config is replaced; the finger moves up and lifts.
  /// The held touch reaches the client (its pan begins and ends, its wl_touch stream ends
  /// with an up), the old binding never runs, and a later bottom-edge swipe runs the new
  /// config's binding once and cancels the client's touch.
  func testAConfigReplacedWhileAHeldFingerIsDownReleasesItAndTheNewBindingRunsNext() throws {
    let (session, client, output) = try start()
    try session.play("0 down 0 512 637\n")
    try renameIntoPlace(newConfig(output: output))
    try waitForLog("system gestures reloaded from \(configPath) (2 recognizers)", in: session)
    let up = (1...6).map { "\($0 * 16) motion 0 512 \(637 - $0 * 40)" }
    try session.play((up + ["120 up 0"]).joined(separator: "\n") + "\n")
    try client.sync(in: session)
    XCTAssertEqual(panStates(client), ["began", "ended"], client.text)
    XCTAssertEqual(touchKinds(client).first, "touch-down", client.text)
    XCTAssertEqual(touchKinds(client).last, "touch-up", client.text)
    XCTAssertFalse(touchKinds(client).contains("touch-cancel"), client.text)

    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(
      try session.commandLines(in: output, count: 1), ["new bottom-new ended"], session.report)
    try client.sync(in: session)
    XCTAssertEqual(touchKinds(client).last, "touch-cancel", client.text)
    XCTAssertTrue(
      session.log.contains("system gesture bottom-new (screen-edge-pan) ended"), session.report)
    XCTAssertFalse(session.log.contains("system gesture bottom (screen-edge-pan)"), session.report)
  }

  /// A finger pans the client's window (its pan begins) and stays down; the config is
  /// replaced; the finger moves on and lifts: the client's pan ends normally, and a second
  /// pan is recognized from its start, so no touch stayed down. The following bottom-edge
  /// swipe runs the new config's binding, not the old one's.
  func testAConfigReplacedWhileAClientPanIsActiveLeavesNoTouchStuck() throws {
    let (session, client, output) = try start()
    let panStart = (0...5).map {
      "\($0 * 20) \($0 == 0 ? "down" : "motion") 0 \(400 + $0 * 12) 320"
    }
    try session.play(panStart.joined(separator: "\n") + "\n")
    try session.waitFor("the client's pan to begin", timeoutSeconds: 20) {
      panStates(client) == ["began"]
    }
    try renameIntoPlace(newConfig(output: output))
    try waitForLog("system gestures reloaded from \(configPath) (2 recognizers)", in: session)
    try session.play("0 motion 0 480 320\n20 motion 0 500 320\n40 up 0\n")
    try client.sync(in: session)
    XCTAssertEqual(panStates(client), ["began", "ended"], client.text)

    // A second pan, another finger id: recognized from its start.
    let second = (0...5).map {
      "\($0 * 20) \($0 == 0 ? "down" : "motion") 2 \(600 - $0 * 12) 200"
    }
    try session.play((second + ["120 up 2"]).joined(separator: "\n") + "\n")
    try client.sync(in: session)
    XCTAssertEqual(panStates(client), ["began", "ended", "began", "ended"], client.text)
    XCTAssertEqual(touchKinds(client).last, "touch-up", client.text)
    XCTAssertFalse(touchKinds(client).contains("touch-cancel"), client.text)

    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(
      try session.commandLines(in: output, count: 1), ["new bottom-new ended"], session.report)
  }

  /// A bad replacement (written in place) is one error line; the old config stays in use:
  /// its binding runs on the next bottom-edge swipe.
  func testABadReplacementLogsTheErrorAndTheOldConfigKeepsWorking() throws {
    let (session, client, output) = try start()
    let bad = """
      {"screen": {"width": 1024, "height": 640},
       "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
         {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3}]}],
       "bindings": [{"recognizer": "swipe3", "state": "began", "command": "true"}]}
      """
    try bad.write(toFile: configPath, atomically: false, encoding: .utf8)
    try waitForLog(
      "gesture-bridge-weston: error: system gestures not reloaded: \(configPath): "
        + "bindings[0].state: a swipe recognizer reports recognized; got \"began\"; "
        + "keeping the previous config",
      in: session)
    XCTAssertFalse(session.log.contains("system gestures reloaded"), session.report)
    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(
      try session.commandLines(in: output, count: 1), ["old bottom ended"], session.report)
    // The old config's edge pan delays touches and recognized: the held touch is discarded
    // (the class reference on delaysTouchesBegan), the client never hears of the finger.
    try client.sync(in: session)
    XCTAssertEqual(touchKinds(client), [], client.text)
  }

  /// A config in a directory that does not exist: not loaded, not watched (one line each),
  /// and weston keeps serving the client.
  func testAConfigInAMissingDirectoryIsOneErrorLineAndWestonKeepsServing() throws {
    let session = try CompositorSession()
    self.session = session
    let path = session.path("missing") + "/system.json"
    try session.startWeston(gestureBridgeKeys: ["system-gestures=\(path)"])
    XCTAssertTrue(
      session.log.contains(
        "gesture-bridge-weston: error: system gestures not watched, \(path) will not be "
          + "reloaded: directory \(session.path("missing")): No such file or directory"),
      session.report)
    let client = try session.startDemoClient(
      ["--width", "1024", "--height", "640", "--recognizer", "tap"], name: "tap")
    try session.play("0 down 0 512 320\n50 up 0\n")
    try session.waitFor("the tap", timeoutSeconds: 20) {
      client.gestures.contains { $0["state"] as? String == "recognized" }
    }
  }

  /// A config that failed at start is loaded by the first good rewrite.
  func testAConfigThatFailedAtStartIsLoadedWhenTheFileIsFixed() throws {
    let session = try CompositorSession()
    self.session = session
    let output = session.path("commands.txt")
    try "{\"views\": [".write(toFile: configPath, atomically: false, encoding: .utf8)
    try session.startWeston(gestureBridgeKeys: ["system-gestures=\(configPath)"])
    XCTAssertTrue(
      session.log.contains("error: system gestures not loaded: \(configPath)"), session.report)
    try renameIntoPlace(newConfig(output: output))
    try waitForLog("system gestures reloaded from \(configPath) (2 recognizers)", in: session)
    _ = try session.startDemoClient(["--width", "1024", "--height", "640"], name: "plain")
    try session.play(bottomEdgeSwipe)
    XCTAssertEqual(
      try session.commandLines(in: output, count: 1), ["new bottom-new ended"], session.report)
  }
}
