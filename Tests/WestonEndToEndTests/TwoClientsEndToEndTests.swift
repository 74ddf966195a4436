// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Two demo clients side by side under real weston (two outputs through the module's
/// `extra-outputs=1`, kiosk-shell's `app-ids`, see `TouchDeliveryEndToEndTests`): each sees
/// only its own touches and gestures, and one client destroying its surface or disconnecting
/// in the middle of a gesture leaves the compositor serving the other.
///
/// Left window at (312, 170), right window at (1336, 170), both 400x300.
final class TwoClientsEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  private func startClients(leftArguments: [String] = [], rightRecognizer: String = "tap")
    throws -> (CompositorSession, left: ClientProcess, right: ClientProcess)
  {
    let session = try TouchDeliveryEndToEndTests.startTwoOutputs()
    self.session = session
    let left = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("left") + ["--print-touches"] + leftArguments,
      name: "left")
    let right = try session.startDemoClient(
      TouchDeliveryEndToEndTests.window("right")
        + ["--print-touches", "--recognizer", rightRecognizer], name: "right")
    return (session, left, right)
  }

  func testClientsSideBySideSeeOnlyTheirOwnTouchesAndGestures() throws {
    let (session, left, right) = try startClients(leftArguments: ["--recognizer", "tap"])
    // A tap on each window, then one finger on each at the same time.
    try session.play(
      """
      0 down 0 412 270
      60 up 0
      300 down 1 1636 370
      360 up 1
      600 down 5 512 320
      620 down 6 1536 320
      680 up 5
      700 up 6
      """)
    try session.waitFor("both taps", timeoutSeconds: 20) {
      !left.gestures.isEmpty && !right.gestures.isEmpty
    }
    try left.sync(in: session)
    try right.sync(in: session)

    XCTAssertEqual(downs(left), [Down(id: 0, x: 100, y: 100), Down(id: 5, x: 200, y: 150)])
    XCTAssertEqual(downs(right), [Down(id: 1, x: 300, y: 200), Down(id: 6, x: 200, y: 150)])
    XCTAssertEqual(recognizedLocations(left), [[100, 100]], left.text)
    XCTAssertEqual(recognizedLocations(right), [[300, 200]], right.text)
  }

  func testAClientDestroyingItsSurfaceMidGestureLeavesTheOtherServed() throws {
    let (session, left, right) = try startClients(leftArguments: [
      "--recognizer", "pan", "--destroy-window-after", "1",
    ])
    try session.play(Self.panStart)
    try session.waitFor("the left window to be destroyed", timeoutSeconds: 20) {
      left.events.contains("window-destroyed")
    }
    let gesturesBefore = left.gestures.count
    try session.play(Self.panEndThenTapOnTheRight)
    try session.waitFor("the right client's tap", timeoutSeconds: 20) {
      !right.gestures.isEmpty
    }
    try left.sync(in: session)
    XCTAssertEqual(recognizedLocations(right), [[300, 200]], right.text)
    XCTAssertEqual(left.gestures.count, gesturesBefore, "inert after destroy: \(left.text)")
    XCTAssertTrue(left.isRunning, "no protocol error for the destroyed surface: \(left.text)")
    XCTAssertTrue(session.isCompositorRunning)
  }

  func testAClientDisconnectingMidGestureLeavesTheOtherServed() throws {
    let (session, left, right) = try startClients(leftArguments: [
      "--recognizer", "pan", "--exit-after", "1",
    ])
    try session.play(Self.panStart)
    try session.waitFor("the left client to exit", timeoutSeconds: 20) { !left.isRunning }
    XCTAssertEqual(left.exitCode, 0, left.text)
    try session.play(Self.panEndThenTapOnTheRight)
    try session.waitFor("the right client's tap", timeoutSeconds: 20) {
      !right.gestures.isEmpty
    }
    XCTAssertEqual(recognizedLocations(right), [[300, 200]], right.text)
    XCTAssertEqual(downs(right), [Down(id: 1, x: 300, y: 200)], right.text)
    XCTAssertTrue(session.isCompositorRunning)
  }

  // MARK: - Helpers

  /// A finger on the left window drags far enough for a pan to begin, and stays down.
  static let panStart =
    (0...5).map { "\($0 * 20) \($0 == 0 ? "down" : "motion") 0 \(512 + $0 * 10) 320" }
    .joined(separator: "\n") + "\n"

  /// The left finger moves on and lifts; then a tap on the right window at (300, 200).
  static let panEndThenTapOnTheRight = """
    0 motion 0 572 320
    20 motion 0 582 320
    40 up 0
    300 down 1 1636 370
    360 up 1
    """

  struct Down: Equatable {
    var id: Int
    var x: Double
    var y: Double
  }

  private func downs(_ client: ClientProcess) -> [Down] {
    client.objects.compactMap { object in
      guard object["event"] as? String == "touch-down", let id = object["id"] as? Int,
        let location = object["location"] as? [NSNumber], location.count == 2
      else { return nil }
      return Down(id: id, x: location[0].doubleValue, y: location[1].doubleValue)
    }
  }

  private func recognizedLocations(_ client: ClientProcess) -> [[Double]] {
    client.gestures.filter { $0["state"] as? String == "recognized" }.compactMap {
      ($0["location"] as? [NSNumber])?.map(\.doubleValue)
    }
  }
}
