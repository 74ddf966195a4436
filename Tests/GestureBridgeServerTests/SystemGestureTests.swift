// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import GestureScene
import XCTest

/// System gestures on the real server (`replaceSystemGestures`): a scene the compositor owns,
/// on the root view, taking precedence over the clients' recognizers (the arena's rule).
final class SystemGestureTests: SystemGestureTestCase {
  /// A bottom-edge pan (optionally delaying touches) and a three-finger left swipe over a
  /// 1000x800 screen.
  private func scene(delaysEdge: Bool = false) throws -> SceneDescription {
    try SceneDescription.parse(
      json: """
        {"screen": {"width": 1000, "height": 800},
         "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
           {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"],
            "delaysTouchesBegan": \(delaysEdge)},
           {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3,
            "direction": ["left"]}]}]}
        """, file: "system.json")
  }

  private func install(_ description: SceneDescription?) {
    compositor.server.replaceSystemGestures(with: description) { [unowned self] report, _ in
      reports.append("\(report.recognizer) \(report.state.rawValue)")
    }
  }

  private func bottomEdgeSwipe(id: Int32 = 1) {
    compositor.down(id, 500, 795)
    for step in 1...8 { compositor.move(id, 500, 795 - Double(step) * 30) }
    compositor.up(id)
  }

  func testABottomEdgeSwipeOverAClientWithItsOwnPanCancelsThePanAndTheTouch() throws {
    install(try scene())
    let (client, surface, events) = try fullScreenClient(
      recognizer: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)

    bottomEdgeSwipe()
    try client.roundtrip()

    XCTAssertEqual(reports.first, "bottom began")
    XCTAssertEqual(reports.last, "bottom ended")
    XCTAssertEqual(reports.filter { !$0.hasSuffix("changed") }, ["bottom began", "bottom ended"])
    // The pan either began with the same frame and was cancelled, or never began.
    let states = events.frameStates
    XCTAssertTrue(
      states == [began, cancelled] || states == [failed], "pan states \(states)")
    let log = compositor.host.log
    guard case .down(let touch, let on, _, _)? = log.first else { return XCTFail("\(log)") }
    XCTAssertEqual(touch, 1)
    XCTAssertEqual(on, surface.server)
    XCTAssertTrue(log.contains(.cancel(surface: surface.server)), "\(log)")
    XCTAssertFalse(hasUp(log), "the client never sees the touch lift: \(log)")
  }

  /// A delaying edge pan holds the client's down; when it begins, the held touch is discarded
  /// (the class reference on delaysTouchesBegan: "If the gesture recognizer subsequently
  /// recognizes its gesture, these touch objects are discarded"): the client's wl_touch hears
  /// nothing of the finger, even with a pan that does not cancel touches (which used to get
  /// the released down, then a cancel with no frame between).
  func testADelayingSystemEdgePanThatBeginsDiscardsTheHeldTouch() throws {
    install(try scene(delaysEdge: true))
    let (client, _, events) = try fullScreenClient(
      recognizer: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)

    bottomEdgeSwipe()
    try client.roundtrip()

    XCTAssertEqual(reports.filter { !$0.hasSuffix("changed") }, ["bottom began", "bottom ended"])
    // The client's pan hears the touch (recognizers are not regulated) and is cancelled or
    // fails when the edge pan begins.
    let states = events.frameStates
    XCTAssertTrue(states == [began, cancelled] || states == [failed], "pan states \(states)")
    let delivered = compositor.host.log.filter { if case .hold = $0 { false } else { true } }
    XCTAssertEqual(delivered, [], "the client hears nothing of the finger")
  }

  func testTheSameOverAClientThatNeverBoundTheProtocol() throws {
    install(try scene())
    let (client, surface) = try fullScreenClient(bindsManager: false)
    try client.roundtrip()

    bottomEdgeSwipe()

    XCTAssertEqual(reports.filter { !$0.hasSuffix("changed") }, ["bottom began", "bottom ended"])
    let log = compositor.host.log.filter { if case .motion = $0 { false } else { true } }
    guard case .down? = log.first else { return XCTFail("\(log)") }
    XCTAssertTrue(log.contains(.cancel(surface: surface.server)), "\(log)")
    XCTAssertFalse(hasUp(log), "\(log)")
  }

  func testTouchesOverNoSurfaceReachTheSystemRecognizers() throws {
    install(try scene())
    bottomEdgeSwipe()
    XCTAssertEqual(reports.filter { !$0.hasSuffix("changed") }, ["bottom began", "bottom ended"])
    XCTAssertEqual(compositor.host.log, [])
  }

  func testAThreeFingerSystemSwipeCancelsAClientPinchOnTwoOfItsFingers() throws {
    install(try scene())
    let (client, surface, events) = try fullScreenClient(
      recognizer: GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH)

    // Two fingers spread: the client's pinch begins.
    compositor.down(1, 500, 300)
    compositor.down(2, 600, 300)
    for step in 1...4 {
      compositor.move(1, 500 - Double(step) * 10, 300)
      compositor.move(2, 600 + Double(step) * 10, 300)
    }
    try client.roundtrip()
    XCTAssertEqual(events.frameStates.first, began)
    // A third finger lands and the three move left fast together.
    let start = compositor.now
    compositor.server.touchDown(id: 3, timeMicroseconds: start, at: Point(x: 700, y: 300))
    compositor.server.touchFrame()
    let origins: [Int32: Double] = [1: 460, 2: 640, 3: 700]
    for step in 1...6 {
      let time = start + Int64(step) * 10_000
      for id in [Int32(1), 2, 3] {
        compositor.server.touchMotion(
          id: id, timeMicroseconds: time, at: Point(x: origins[id]! - Double(step) * 40, y: 300))
      }
      compositor.server.touchFrame()
    }
    for id in [Int32(1), 2, 3] {
      compositor.server.touchUp(id: id, timeMicroseconds: start + 70_000)
    }
    compositor.server.touchFrame()
    try client.roundtrip()

    XCTAssertEqual(reports, ["swipe3 recognized"])
    XCTAssertEqual(events.frameStates.last, cancelled, "\(events.frameStates)")
    XCTAssertFalse(events.frameStates.contains(GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED.rawValue))
    XCTAssertTrue(compositor.host.log.contains(.cancel(surface: surface.server)))
    XCTAssertFalse(hasUp(compositor.host.log))
  }

  func testReplacingTheSystemGesturesWhileTouchesAreDownLeavesNoTouchStuck() throws {
    install(try scene(delaysEdge: true))
    let (client, surface) = try fullScreenClient()
    try client.roundtrip()

    // In the edge zone: the edge pan holds the client's down back.
    compositor.down(1, 500, 795)
    XCTAssertEqual(compositor.host.log, [.hold(touch: 1, kind: .down)])
    install(nil)
    XCTAssertEqual(compositor.server.systemRecognizerCount, 0)
    guard case .down(1, surface.server, _, _)? = compositor.host.log.dropFirst().first else {
      return XCTFail("the held down is released by the replacement: \(compositor.host.log)")
    }
    compositor.move(1, 500, 700)
    compositor.up(1)
    XCTAssertTrue(hasUp(compositor.host.log), "\(compositor.host.log)")
    XCTAssertEqual(reports, [], "the edge pan had not begun: nothing to report")

    // An active system gesture replaced mid-way is cancelled, and the new config takes the
    // next touches.
    install(try scene())
    compositor.down(2, 500, 795)
    for step in 1...4 { compositor.move(2, 500, 795 - Double(step) * 30) }
    XCTAssertEqual(reports.first, "bottom began")
    install(try scene())
    XCTAssertEqual(reports.last, "bottom cancelled")
    compositor.up(2)
    let count = reports.count
    bottomEdgeSwipe(id: 3)
    XCTAssertEqual(
      reports.dropFirst(count).filter { !$0.hasSuffix("changed") },
      ["bottom began", "bottom ended"])
    XCTAssertEqual(compositor.server.holdings.touchesDown, 0)
    XCTAssertEqual(compositor.server.holdings.engineTouches, 0)
  }
}
