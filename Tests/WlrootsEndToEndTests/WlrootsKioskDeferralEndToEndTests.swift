// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Apps deferring system gestures in the wlroots kiosk: the wlroots adapter's surface commit
/// hook (`gb_wlr_adapter_watch_surfaces`) brings the demo client's exclusion region to the
/// bridge. A system pan over the whole 960x540 screen (`--system-gestures`) takes the pan of
/// `pan.yml` from the client's window (400x300 at (280, 120)) unless the client excludes the
/// window from system gestures.
final class WlrootsKioskDeferralEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  private func playPan(excludingTheWindow: Bool) throws -> (CompositorSession, ClientProcess) {
    let session = try CompositorSession()
    self.session = session
    let config = session.directory.appendingPathComponent("system.json").path
    try """
    {"screen": {"width": 960, "height": 540},
     "views": [{"name": "screen", "frame": [0, 0, 960, 540], "recognizers": [
       {"name": "screen-pan", "type": "pan"}]}],
     "bindings": []}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    try session.startWlrootsKiosk(["--system-gestures", config])
    XCTAssertTrue(session.log.contains("gb-wlr-kiosk: system gestures: 1 recognizer(s)"))
    let exclusion = excludingTheWindow ? ["--exclude-system-gestures", "0,0,400,300"] : []
    let client = try session.startDemoClient(
      ["--recognizer", "pan", "--cancels-touches-in-view", "false", "--print-failed"]
        + ["--width", "400", "--height", "300"] + exclusion, name: "client")
    try XCTUnwrap(session.mockedTouchscreen).play(
      WlrootsKioskEndToEndTests.recording("pan.yml"))
    return (session, client)
  }

  private func panStates(_ client: ClientProcess) -> [String] {
    client.gestures.compactMap { $0["state"] as? String }.filter { $0 != "changed" }
  }

  func testWithoutExclusionTheSystemPanTakesTheTouches() throws {
    let (session, client) = try playPan(excludingTheWindow: false)
    try session.waitFor("the system pan to end", timeoutSeconds: 30) {
      session.log.contains("gb-wlr-kiosk: system gesture screen-pan ended")
    }
    try client.sync(in: session)
    let states = panStates(client)
    XCTAssertTrue(
      states == ["began", "cancelled"] || states == ["failed"], "\(states)\n\(client.text)")
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
  }

  func testAWindowExcludedFromSystemGesturesGetsItsPanAndTheSystemNone() throws {
    let (session, client) = try playPan(excludingTheWindow: true)
    try session.waitFor("the client's pan to end", timeoutSeconds: 30) {
      client.gestures.contains { $0["state"] as? String == "ended" }
    }
    try client.sync(in: session)
    XCTAssertEqual(panStates(client), ["began", "ended"], client.text)
    XCTAssertFalse(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(session.log.contains("gb-wlr-kiosk: system gesture screen-pan"), session.report)
  }
}
