import Foundation
import XCTest

/// Real weston 10 (headless, kiosk-shell) with libgesture-bridge-weston.so, a real client,
/// and touches injected through the module's own seat.
///
/// kiosk-shell centres the client's 400x300 surface on the 1024x640 headless output, at
/// (312, 170): screen point (512, 320) is surface-local (200, 150).
final class WestonModuleEndToEndTests: XCTestCase {
  private var session: WestonSession?

  private func start(recognizer type: String) throws -> WestonSession {
    guard let weston = WestonSession.westonPath else {
      throw XCTSkip("weston is not installed (apt-get install weston libweston-10-dev)")
    }
    guard let module = WestonSession.modulePath else {
      throw E2EFailure(
        "libgesture-bridge-weston.so not found next to the test binary: run swift build first")
    }
    let session = try WestonSession()
    self.session = session
    let client = try session.buildClient()
    try session.startWeston(westonPath: weston, modulePath: module)
    try session.startClient(client, type: type)
    return session
  }

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testTapOnTheClientSurfaceArrivesAsARecognizedTapWithSurfaceLocalValues() throws {
    let session = try start(recognizer: "tap")
    try session.play("0 down 0 512 320\n60 up 0\n")
    try session.waitFor("the recognized frame", timeoutSeconds: 10) {
      session.clientLines.contains("gesture frame 6")
    }
    let lines = session.clientLines
    XCTAssertTrue(lines.contains("touch down 0 200.00 150.00"), "\(lines)")
    let gesture = lines.filter { $0.hasPrefix("gesture") }
    XCTAssertEqual(
      gesture,
      ["gesture location 200.00 150.00", "gesture touches 1", "gesture taps 1", "gesture frame 6"])
  }

  func testPanThatBeginsCancelsTheClientsTouches() throws {
    let session = try start(recognizer: "pan")
    try session.play(
      """
      0 down 3 512 320
      20 motion 3 522 320
      40 motion 3 542 320
      60 motion 3 562 320
      80 up 3
      """)
    try session.waitFor("the pan to end", timeoutSeconds: 10) {
      session.clientLines.contains("gesture frame 3")
    }
    let lines = session.clientLines
    XCTAssertEqual(
      lines.filter { $0.hasPrefix("touch") }, ["touch down 3 200.00 150.00", "touch cancel"])
    let began = lines.firstIndex(of: "gesture frame 1")
    XCTAssertNotNil(began, "\(lines)")
    XCTAssertTrue(lines.contains("gesture translation 30.00 0.00"), "began after 30 px: \(lines)")
    XCTAssertFalse(lines.contains("touch up 3"), "a cancelled touch's up is not delivered")
  }
}
