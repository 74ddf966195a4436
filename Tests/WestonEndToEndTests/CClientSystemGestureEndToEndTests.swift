// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The example C client's version 2 requests (gesture_bridge_system_gesture_surface_v1),
/// written from the XML alone, against real weston with the module: every new protocol error
/// is reported with its interface, code and name (exit status 2) while weston keeps serving,
/// and a deferred bottom edge gives the client the first swipe and the system the second.
final class CClientSystemGestureEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  private func startWeston(gestureBridgeKeys: [String] = []) throws -> (CompositorSession, String) {
    let session = try CompositorSession()
    self.session = session
    let client = try ExampleCClient.build(in: session)
    try session.startWeston(gestureBridgeKeys: gestureBridgeKeys)
    return (session, client)
  }

  private func assertProtocolError(
    _ arguments: [String], interface: String, code: String, request: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (session, client) = try startWeston()
    let bad = try session.startClient(client, arguments, name: "bad-client")
    try session.waitFor("the bad client to exit", timeoutSeconds: 20) { !bad.isRunning }
    XCTAssertEqual(bad.exitCode, 2, session.report, file: file, line: line)
    XCTAssertTrue(
      bad.text.contains("protocol error \(interface)@"), session.report, file: file, line: line)
    XCTAssertTrue(bad.text.contains(code), session.report, file: file, line: line)
    // The compositor's message, logged by libwayland-client, names the request.
    XCTAssertTrue(bad.text.contains(request), session.report, file: file, line: line)
    XCTAssertTrue(session.isCompositorRunning, file: file, line: line)
  }

  func testEdgesOutsideTheEnumAreInvalidEdgesOnTheSystemGestureSurface() throws {
    try assertProtocolError(
      ["--defer-system-edges", "16"], interface: "gesture_bridge_system_gesture_surface_v1",
      code: "code 0 (invalid_edges)", request: "set_deferred_edges")
  }

  func testASecondObjectForTheWindowIsSystemGestureSurfaceExistsOnTheManager() throws {
    try assertProtocolError(
      ["--second-system-gesture-surface"], interface: "gesture_bridge_manager_v1",
      code: "code 3 (system_gesture_surface_exists)", request: "get_system_gesture_surface")
  }

  func testADeferredBottomEdgeGivesTheFirstSwipeToTheCClientAndTheSecondToTheSystem() throws {
    let session = try CompositorSession()
    self.session = session
    let commands = session.directory.appendingPathComponent("commands.txt").path
    let config = session.directory.appendingPathComponent("system.json").path
    try """
    {"screen": {"width": 1024, "height": 640},
     "views": [{"name": "screen", "frame": [0, 0, 1024, 640], "recognizers": [
       {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]}]}],
     "bindings": [{"recognizer": "bottom", "state": "ended", "description": "overview",
       "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(commands)"}]}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let client = try ExampleCClient.build(in: session)
    try session.startWeston(gestureBridgeKeys: ["system-gestures=\(config)"])
    let app = try session.startClient(
      client,
      ["--print-ready", "--width", "1024", "--height", "640", "--defer-system-edges", "4"],
      name: "c-client")
    try session.waitFor("the C client's ready line", timeoutSeconds: 20) {
      app.lines.contains("{\"event\":\"ready\"}")
    }
    func swipe(_ start: Int) -> String {
      (0...8).map { "\(start + $0 * 16) \($0 == 0 ? "down" : "motion") 0 512 \(637 - $0 * 30)" }
        .joined(separator: "\n") + "\n\(start + 150) up 0\n"
    }
    try session.play(swipe(0) + swipe(400))
    try session.waitFor("the system gesture's command", timeoutSeconds: 20) {
      ((try? String(contentsOfFile: commands, encoding: .utf8)) ?? "").contains("bottom ended")
    }
    usleep(300_000)
    XCTAssertEqual(try String(contentsOfFile: commands, encoding: .utf8), "bottom ended\n")
    let pan = app.gestures.filter { $0["recognizer"] as? String == "pan" }
      .compactMap { $0["state"] as? String }.filter { $0 != "changed" }
    XCTAssertEqual(Array(pan.prefix(2)), ["began", "ended"], app.text)
    XCTAssertTrue(
      Array(pan.dropFirst(2)) == ["began", "cancelled"] || Array(pan.dropFirst(2)) == [],
      "the second swipe: \(pan)\n\(app.text)")
  }
}
