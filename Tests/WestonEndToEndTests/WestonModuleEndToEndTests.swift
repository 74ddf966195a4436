// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Real weston 10 (headless, kiosk-shell) with libgesture-bridge-weston.so, the C test client
/// `TestClient/gesture-test-client.c` (the protocol used from C, compiled here with cc and
/// wayland-scanner output), and touches injected through the module's touch scripts, whose
/// path comes from the environment variable GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT here.
///
/// kiosk-shell centres the client's 400x300 surface on the 1024x640 headless output, at
/// (312, 170): screen point (512, 320) is surface-local (200, 150).
final class WestonModuleEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  private func start(recognizer type: String) throws -> (CompositorSession, ClientProcess) {
    _ = try CompositorSession.requirements()
    let session = try CompositorSession()
    self.session = session
    let binary = try buildClient(in: session)
    try session.startWeston(scriptPathInEnvironment: true)
    let client = try session.startClient(binary, [type], name: "c-client")
    try session.waitFor("the C client's ready line", timeoutSeconds: 20) {
      client.lines.contains("ready")
    }
    return (session, client)
  }

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testTapOnTheClientSurfaceArrivesAsARecognizedTapWithSurfaceLocalValues() throws {
    let (session, client) = try start(recognizer: "tap")
    try session.play("0 down 0 512 320\n60 up 0\n")
    try session.waitFor("the recognized frame", timeoutSeconds: 20) {
      client.lines.contains("gesture frame 6")
    }
    let lines = client.lines
    XCTAssertTrue(lines.contains("touch down 0 200.00 150.00"), "\(lines)")
    let gesture = lines.filter { $0.hasPrefix("gesture") }
    XCTAssertEqual(
      gesture,
      ["gesture location 200.00 150.00", "gesture touches 1", "gesture taps 1", "gesture frame 6"])
  }

  func testPanThatBeginsCancelsTheClientsTouches() throws {
    let (session, client) = try start(recognizer: "pan")
    try session.play(
      """
      0 down 3 512 320
      20 motion 3 522 320
      40 motion 3 542 320
      60 motion 3 562 320
      80 up 3
      """)
    try session.waitFor("the pan to end", timeoutSeconds: 20) {
      client.lines.contains("gesture frame 3")
    }
    let lines = client.lines
    XCTAssertEqual(
      lines.filter { $0.hasPrefix("touch") }, ["touch down 3 200.00 150.00", "touch cancel"])
    let began = lines.firstIndex(of: "gesture frame 1")
    XCTAssertNotNil(began, "\(lines)")
    XCTAssertTrue(lines.contains("gesture translation 30.00 0.00"), "began after 30 px: \(lines)")
    XCTAssertFalse(lines.contains("touch up 3"), "a cancelled touch's up is not delivered")
  }

  /// Compiles the C test client into the session's directory; returns its path.
  private func buildClient(in session: CompositorSession) throws -> String {
    let xml = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
    try session.run(
      "/usr/bin/wayland-scanner",
      ["client-header", xml, session.path("xdg-shell-client-protocol.h")])
    try session.run(
      "/usr/bin/wayland-scanner", ["private-code", xml, session.path("xdg-shell-protocol.c")])
    let root = CompositorSession.sourceRoot.path
    let binary = session.path("gesture-test-client")
    try session.run(
      "/usr/bin/cc",
      [
        "-o", binary, "\(root)/Tests/WestonEndToEndTests/TestClient/gesture-test-client.c",
        session.path("xdg-shell-protocol.c"),
        "\(root)/Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c",
        "-I", session.directory.path, "-I", "\(root)/Sources/CWaylandProtocols/include",
        "-lwayland-client",
      ])
    return binary
  }
}
