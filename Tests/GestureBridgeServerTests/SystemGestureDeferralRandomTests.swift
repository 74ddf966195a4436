import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import GestureCoreTesting
import GestureScene
import XCTest

@testable import GestureBridgeServer

/// Random touch streams over a client surface with random, randomly committed exclusion
/// regions and deferred edges, against system recognizers on the root view (the exclusion
/// lives in the server, out of reach of GestureCore's property test, so it is tested here on
/// the real server). Invariants after every sequence:
/// - every touch the client got ends exactly once (up or cancel), no id goes down twice while
///   open, and nothing stays down in the bridge or the engine;
/// - a sequence whose touches all went down inside the committed exclusion region, away
///   from every screen edge zone (where the cap could apply), reaches no system recognizer;
/// - a single-finger swipe starting in the zone of the deferred bottom edge (not excluded)
///   never reaches the system's bottom-edge pan unless it is a second one (the previous
///   deferred bottom touch lifted at most 1 s before), by a model of the rule written here.
final class SystemGestureDeferralRandomTests: BridgeTestCase {
  private var reports: [String] = []

  func testRandomStreamsKeepTheInvariants() throws {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 1000, "height": 800},
         "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
           {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]},
           {"name": "left", "type": "screen-edge-pan", "edges": ["left"]},
           {"name": "pan2", "type": "pan", "minimumNumberOfTouches": 2},
           {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3,
            "direction": ["left", "right"]}]}]}
        """, file: "system.json")
    compositor.server.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
    compositor.server.replaceSystemGestures(with: scene) { [unowned self] report, _ in
      reports.append(report.recognizer)
    }
    let client = try TestClient(compositor: compositor, managerVersion: 2)
    defer { client.disconnect() }
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 1000, height: 800))
    let (pan, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_commit(pan)
    let object = gesture_bridge_manager_v1_get_system_gesture_surface(
      client.manager, surface.client)!
    try client.roundtrip()

    var random = SeededRandom(seed: 0x5eed_defe)
    var committed = SystemGestureDeferral.none
    var pending = SystemGestureDeferral.none
    var time = compositor.now
    // The model's latest first deferred bottom touch: when it lifted (nil: down).
    var deferredBottom: (liftedAt: Int64?, index: Int)?
    let zone = 24.0
    var checkedExclusions = 0
    var checkedDeferrals = 0

    for iteration in 0..<300 {
      // Random requests, committed or not.
      if Int.random(in: 0..<3, using: &random) == 0 {
        let count = Int.random(in: 0...2, using: &random)
        let rects = (0..<count).map { _ in
          Rect(
            x: Double(Int.random(in: 0..<900, using: &random)),
            y: Double(Int.random(in: 0..<700, using: &random)),
            width: Double(Int.random(in: 20...400, using: &random)),
            height: Double(Int.random(in: 20...400, using: &random)))
        }
        let region = try client.makeRegion()
        for rect in rects {
          wl_region_add(
            region, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
        }
        gesture_bridge_system_gesture_surface_v1_set_exclusion_region(
          object, count == 0 ? nil : region)
        wl_region_destroy(region)
        pending.exclusion = rects
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        let edges = UInt32.random(in: 0...15, using: &random)
        gesture_bridge_system_gesture_surface_v1_set_deferred_edges(object, edges)
        pending.deferredEdges = RectEdge(rawValue: UInt(edges))
      }
      if Bool.random(using: &random) {
        wl_surface_commit(surface.client)
        committed = pending
      }
      try client.roundtrip()

      // One random sequence: 1-3 fingers, each starting in the bottom edge zone, in a
      // committed exclusion rectangle or anywhere.
      reports = []
      compositor.host.log.removeAll()
      let fingers = [1, 1, 1, 2, 3].randomElement(using: &random)!
      var starts: [Point] = []
      for _ in 0..<fingers {
        if Bool.random(using: &random) {
          starts.append(
            Point(
              x: Double.random(in: 30...970, using: &random),
              y: Double.random(in: 778...799, using: &random)))
        } else if let rect = committed.exclusion.randomElement(using: &random),
          Bool.random(using: &random)
        {
          // Inside a committed exclusion rectangle (clipped to the screen).
          starts.append(
            Point(
              x: min(999, Double.random(in: rect.minX..<rect.maxX, using: &random)),
              y: min(799, Double.random(in: rect.minY..<rect.maxY, using: &random))))
        } else {
          starts.append(
            Point(
              x: Double.random(in: 0...999, using: &random),
              y: Double.random(in: 0...799, using: &random)))
        }
      }
      let step = Point(
        x: Double.random(in: -40...40, using: &random),
        y: Double.random(in: -40...10, using: &random))
      time = max(time, compositor.now) + Int64.random(in: 10_000...1_500_000, using: &random)
      let sequenceStart = time
      for (index, start) in starts.enumerated() {
        compositor.server.touchDown(id: Int32(index), timeMicroseconds: time, at: start)
      }
      compositor.server.touchFrame()
      for frame in 1...8 {
        time += 8_000
        for (index, start) in starts.enumerated() {
          compositor.server.touchMotion(
            id: Int32(index), timeMicroseconds: time,
            at: Point(x: start.x + step.x * Double(frame), y: start.y + step.y * Double(frame)))
        }
        compositor.server.touchFrame()
      }
      time += 8_000
      for index in starts.indices {
        compositor.server.touchUp(id: Int32(index), timeMicroseconds: time)
      }
      compositor.server.touchFrame()
      try client.roundtrip()

      // Nothing stuck; every touch ends exactly once at the client.
      let holdings = compositor.server.holdings
      XCTAssertEqual(holdings.touchesDown, 0, "iteration \(iteration)")
      XCTAssertEqual(holdings.engineTouches, 0, "iteration \(iteration)")
      var open: Set<Int32> = []
      for entry in compositor.host.log {
        switch entry {
        case .down(let touch, _, _, _):
          XCTAssertFalse(open.contains(touch), "iteration \(iteration): \(touch) down twice")
          open.insert(touch)
        case .up(let touch, _):
          XCTAssertTrue(open.contains(touch), "iteration \(iteration): up of \(touch) not down")
          open.remove(touch)
        case .cancel: open.removeAll()
        default: break
        }
      }
      XCTAssertEqual(open, [], "iteration \(iteration): touches left open at the client")

      // Exclusion soundness away from the edge zones.
      let screen = Rect(x: 0, y: 0, width: 1000, height: 800)
      let allExcludedAwayFromEdges = starts.allSatisfy { point in
        committed.exclusion.contains { $0.contains(point) }
          && SystemGestureGate.edgesNear(point, screen: screen, zone: zone).isEmpty
      }
      if allExcludedAwayFromEdges {
        checkedExclusions += 1
        XCTAssertEqual(reports, [], "iteration \(iteration): excluded touches reached \(reports)")
      }

      // Deferred bottom edge, by a model of the rule: each touch going down in the bottom
      // zone while bottom is deferred is a first one (kept from the bottom-edge pan) unless
      // the previous first one is still down or lifted at most 1 s before.
      var firstDeferred: Int?
      if committed.deferredEdges.contains(.bottom) {
        for (index, start) in starts.enumerated() where screen.maxY - start.y <= zone {
          if let last = deferredBottom,
            last.liftedAt.map({ sequenceStart - $0 <= 1_000_000 }) ?? true
          {
            deferredBottom = nil
          } else {
            deferredBottom = (nil, index)
            firstDeferred = index
          }
        }
      }
      if let last = deferredBottom, last.liftedAt == nil { deferredBottom = (time, last.index) }
      if fingers == 1, firstDeferred == 0 {
        checkedDeferrals += 1
        XCTAssertFalse(reports.contains("bottom"), "iteration \(iteration): a first deferred swipe")
      }
    }
    XCTAssertGreaterThan(checkedExclusions, 5, "the stream must exercise the exclusion")
    XCTAssertGreaterThan(checkedDeferrals, 5, "the stream must exercise deferred edges")
  }
}
