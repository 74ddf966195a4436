// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBindings
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import GestureScene
import TouchInput
import XCTest

/// A config's lisgd bindings as a system gesture on the real server (`replaceSystemGestures`
/// with `lisgd`): the stroke that would run a binding takes the touch from the client (it is
/// cancelled, never lifted), the binding lisgd picks at the lift runs once; strokes no binding
/// takes stay the client's.
final class LisgdSystemGestureTests: SystemGestureTestCase {
  private var fired: [String] = []
  private var time: Int64 = 0

  /// Bindings on a 1000x800 screen: a left-edge swipe right, a two-finger swipe down, and a
  /// pressed right-edge stroke up (lisgd's -T 60).
  private func install(_ arguments: [String] = []) throws {
    let options = try LisgdOptions(
      arguments: arguments + [
        "-g", "1,LR,L,*,R,back", "-g", "2,UD,*,*,R,close", "-g", "1,DU,R,*,P,volume up",
      ], use: .systemGestures)
    let scene = try SceneDescription.parse(
      json: #"{"screen": {"width": 1000, "height": 800}, "views": []}"#, file: "system.json")
    compositor.server.replaceSystemGestures(
      with: scene, lisgd: options, report: { _, _ in },
      lisgdReport: { [unowned self] recognizer in
        let state = "\(recognizer.state)"
        reports.append(state)
        if let binding = recognizer.firedBinding { fired.append("\(state) \(binding.command)") }
      })
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    fired = []
    time = MonotonicTime.nowMicroseconds()
  }

  /// One finger per entry of `paths` (start, end) landing together and moving in `steps`
  /// frames 10 ms apart, then lifting together.
  private func stroke(_ paths: [(Point, Point)], steps: Int = 8, frameMicroseconds: Int64 = 10_000)
  {
    let server = compositor.server
    for (index, path) in paths.enumerated() {
      server.touchDown(id: Int32(index + 1), timeMicroseconds: time, at: path.0)
    }
    server.touchFrame()
    for step in 1...steps {
      time += frameMicroseconds
      let part = Double(step) / Double(steps)
      for (index, path) in paths.enumerated() {
        let point = Point(
          x: path.0.x + (path.1.x - path.0.x) * part, y: path.0.y + (path.1.y - path.0.y) * part)
        server.touchMotion(id: Int32(index + 1), timeMicroseconds: time, at: point)
      }
      server.touchFrame()
    }
    for index in paths.indices { server.touchUp(id: Int32(index + 1), timeMicroseconds: time) }
    server.touchFrame()
  }

  func testALeftEdgeBindingTakesTheClientsTouchAndRunsOnce() throws {
    try install()
    let (client, surface, events) = try fullScreenClient(
      recognizer: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    stroke([(Point(x: 10, y: 400), Point(x: 400, y: 400))])
    try client.roundtrip()
    XCTAssertEqual(reports, ["began", "ended"])
    XCTAssertEqual(fired, ["ended back"])
    let log = compositor.host.log
    XCTAssertTrue(log.contains(.cancel(surface: surface.server)), "\(log)")
    XCTAssertFalse(hasUp(log), "the client never sees the touch lift: \(log)")
    // The client's pan began (past its hysteresis, well before lisgd's -t) and is cancelled.
    XCTAssertEqual(events.frameStates.filter { $0 != changed }, [began, cancelled])
  }

  func testAStrokeNoBindingTakesStaysTheClients() throws {
    try install()
    let (client, _, events) = try fullScreenClient(recognizer: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    // From the middle: the left-edge binding does not take it.
    stroke([(Point(x: 300, y: 400), Point(x: 700, y: 400))])
    try client.roundtrip()
    XCTAssertEqual(reports, [])
    XCTAssertEqual(fired, [])
    XCTAssertTrue(hasUp(compositor.host.log), "\(compositor.host.log)")
    XCTAssertEqual(
      events.frameStates.filter { $0 != changed },
      [began, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED.rawValue])
  }

  func testTwoFingersRunTheTwoFingerBinding() throws {
    try install()
    stroke([
      (Point(x: 400, y: 200), Point(x: 400, y: 600)),
      (Point(x: 600, y: 200), Point(x: 600, y: 600)),
    ])
    XCTAssertEqual(reports, ["began", "ended"])
    XCTAssertEqual(fired, ["ended close"])
  }

  /// The pressed binding runs while the finger is down, each time its stroke passes -T again
  /// (60 px: 300 px up is five times), every one a state change; the lift runs nothing more
  /// and ends it.
  func testAPressedBindingRunsWhileTheFingerIsDown() throws {
    try install()
    stroke([(Point(x: 990, y: 700), Point(x: 990, y: 400))], steps: 30)
    XCTAssertEqual(
      fired,
      Array(repeating: "began volume up", count: 1)
        + Array(
          repeating: "changed volume up", count: 4))
    XCTAssertEqual(reports.last, "ended", "its bindings ran: \(reports)")
  }

  /// Claimed once it would run a binding, the gesture is lisgd's to decide at the lift: too
  /// slow (past -m, 800 ms) it runs nothing and is cancelled (the client's touch stays
  /// cancelled).
  func testAClaimedStrokeLiftedTooLateRunsNothing() throws {
    try install()
    let server = compositor.server
    server.touchDown(id: 1, timeMicroseconds: time, at: Point(x: 10, y: 400))
    server.touchFrame()
    time += 100_000
    server.touchMotion(id: 1, timeMicroseconds: time, at: Point(x: 300, y: 400))
    server.touchFrame()
    XCTAssertEqual(reports, ["began"])
    time += 900_000
    server.touchUp(id: 1, timeMicroseconds: time)
    server.touchFrame()
    XCTAssertEqual(reports, ["began", "cancelled"])
    XCTAssertEqual(fired, [])
  }

  /// Custom thresholds apply (-t 500: a 390 px stroke is too short), and the recognizer
  /// follows the screen the host sets (its left edge at x 2000).
  func testThresholdsAndTheHostsScreenApply() throws {
    try install(["-t", "500"])
    stroke([(Point(x: 10, y: 400), Point(x: 400, y: 400))])
    XCTAssertEqual(reports, [])
    try install()
    compositor.server.screenRectangle = Rect(x: 2000, y: 0, width: 1000, height: 800)
    stroke([(Point(x: 2010, y: 400), Point(x: 2400, y: 400))])
    XCTAssertEqual(fired, ["ended back"])
  }
}
