import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import GestureScene
import XCTest

@testable import GestureBridgeServer

/// Apps deferring system gestures (gesture_bridge_system_gesture_surface_v1, version 2) on the
/// real server: exclusion regions, deferred edges, the cap near the edges, double-buffering
/// on wl_surface.commit, the surface's death, and version 1 clients unchanged.
final class SystemGestureDeferralTests: BridgeTestCase {
  private var reports: [String] = []
  private var client: TestClient!
  private var surface: (client: OpaquePointer, server: OpaquePointer)!
  private var panEvents: RecognizerEventLog!
  /// The test's input clock (CLOCK_MONOTONIC microseconds, from the real time at setUp, so
  /// the engine's timers, due by the same clock, fire at the input's times).
  private var time: Int64 = 0

  override func setUpWithError() throws {
    try super.setUpWithError()
    reports = []
    time = compositor.now
    compositor.server.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 1000, "height": 800},
         "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
           {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]},
           {"name": "left", "type": "screen-edge-pan", "edges": ["left"]},
           {"name": "swipe3", "type": "swipe", "numberOfTouchesRequired": 3,
            "direction": ["left"]}]}]}
        """, file: "system.json")
    compositor.server.replaceSystemGestures(with: scene) { [unowned self] report, _ in
      if report.state.rawValue != "changed" {
        reports.append("\(report.recognizer) \(report.state.rawValue)")
      }
    }
    client = try TestClient(compositor: compositor, managerVersion: 2)
    surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 1000, height: 800))
    let (pan, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_set_cancels_touches(pan, 0)
    gesture_bridge_recognizer_v1_commit(pan)
    panEvents = events
    try client.roundtrip()
  }

  override func tearDown() {
    client?.disconnect()
    client = nil
    super.tearDown()
  }

  // MARK: Helpers

  /// A drag from `start` by `step` eight times, 10 ms apart, at the test's own clock.
  private func drag(from start: Point, step: Point, id: Int32 = 1) throws {
    let server = compositor.server
    server.touchDown(id: id, timeMicroseconds: time, at: start)
    server.touchFrame()
    for index in 1...8 {
      time += 10_000
      let point = Point(x: start.x + step.x * Double(index), y: start.y + step.y * Double(index))
      server.touchMotion(id: id, timeMicroseconds: time, at: point)
      server.touchFrame()
    }
    time += 10_000
    server.touchUp(id: id, timeMicroseconds: time)
    server.touchFrame()
    time += 10_000
    try client.roundtrip()
  }

  private func bottomSwipe(x: Double = 500) throws {
    try drag(from: Point(x: x, y: 795), step: Point(x: 0, y: -30))
  }

  private func leftSwipe(y: Double) throws {
    try drag(from: Point(x: 5, y: y), step: Point(x: 30, y: 0))
  }

  private func systemSurface() -> OpaquePointer {
    gesture_bridge_manager_v1_get_system_gesture_surface(client.manager, surface.client)!
  }

  /// A system gesture surface object deferring the bottom edge (pending).
  private func deferBottom() -> OpaquePointer {
    let object = systemSurface()
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(
      object, GESTURE_BRIDGE_RECOGNIZER_V1_EDGES_BOTTOM.rawValue)
    return object
  }

  private func region(_ rectangles: [Rect]) throws -> OpaquePointer {
    let region = try client.makeRegion()
    for rect in rectangles {
      wl_region_add(
        region, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
    }
    return region
  }

  private func exclude(_ rectangles: [Rect], on object: OpaquePointer) throws {
    let region = try region(rectangles)
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, region)
    wl_region_destroy(region)
  }

  private func commitSurface() throws {
    wl_surface_commit(surface.client)
    try client.roundtrip()
  }

  /// The client's pan got the gesture (began ... ended) and no system gesture ran.
  private func assertClientGotIt(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(reports, [], "no system gesture", file: file, line: line)
    XCTAssertEqual(panEvents.frameStates.first, began, file: file, line: line)
    XCTAssertEqual(panEvents.frameStates.last, ended, file: file, line: line)
    XCTAssertFalse(
      compositor.host.log.contains(.cancel(surface: surface.server)), file: file, line: line)
  }

  private var ended: UInt32 { GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED.rawValue }

  private func clearLogs() {
    reports = []
    panEvents.events.removeAll()
    compositor.host.log.removeAll()
  }

  // MARK: Versions

  func testTheGlobalIsVersion4AndAVersion1ClientGetsVersion1Objects() throws {
    XCTAssertEqual(client.global("gesture_bridge_manager_v1")?.version, 4)
    let old = try TestClient(compositor: compositor)
    defer { old.disconnect() }
    XCTAssertEqual(wl_proxy_get_version(old.manager), 1)
    let oldSurface = try old.makeSurface()
    let (tap, _) = old.makeRecognizer(
      on: oldSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    XCTAssertEqual(wl_proxy_get_version(tap), 1)
    XCTAssertTrue(try old.roundtrip())
    XCTAssertEqual(wl_proxy_get_version(systemSurface()), 2)
    XCTAssertTrue(try client.roundtrip())
  }

  // MARK: Exclusion

  func testWithoutDeferralTheSystemTakesTheBottomEdgeSwipe() throws {
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
  }

  func testAnExcludedRegionKeepsTheSystemGestureOffAndTheClientGetsItsPan() throws {
    let object = systemSurface()
    try exclude([Rect(x: 400, y: 600, width: 200, height: 200)], on: object)
    try commitSurface()
    try bottomSwipe(x: 500)
    assertClientGotIt()
    // Outside the region the system still takes it.
    clearLogs()
    try bottomSwipe(x: 700)
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
  }

  func testTheExclusionAppliesOnlyAtTheSurfaceCommitAndPersistsAcrossCommits() throws {
    let object = systemSurface()
    try exclude([Rect(x: 400, y: 600, width: 200, height: 200)], on: object)
    try client.roundtrip()
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"], "pending state has no effect")
    try commitSurface()
    try commitSurface()  // a commit without new requests keeps it
    clearLogs()
    try bottomSwipe()
    assertClientGotIt()
    // A null region removes it, at the next commit.
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, nil)
    try commitSurface()
    clearLogs()
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
  }

  func testOnlyTheDownPointCountsNotWhereTheTouchMoves() throws {
    let object = systemSurface()
    // Excluded: the middle; the swipe starts at the edge below it and moves through it.
    try exclude([Rect(x: 0, y: 300, width: 1000, height: 300)], on: object)
    try commitSurface()
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
  }

  func testAnExclusionBlocksEverySystemGestureNotOnlyEdgeOnes() throws {
    let object = systemSurface()
    try exclude([Rect(x: 100, y: 100, width: 800, height: 500)], on: object)
    try commitSurface()
    let threeFingerSwipe = { [unowned self] in
      let server = compositor.server
      time += 100_000
      for id in [Int32(1), 2, 3] {
        server.touchDown(
          id: id, timeMicroseconds: time, at: Point(x: 500 + Double(id) * 60, y: 300))
      }
      server.touchFrame()
      for step in 1...6 {
        time += 10_000
        for id in [Int32(1), 2, 3] {
          server.touchMotion(
            id: id, timeMicroseconds: time,
            at: Point(x: 500 + Double(id) * 60 - Double(step) * 40, y: 300))
        }
        server.touchFrame()
      }
      for id in [Int32(1), 2, 3] { server.touchUp(id: id, timeMicroseconds: time + 10_000) }
      server.touchFrame()
      time += 20_000
      try client.roundtrip()
    }
    try threeFingerSwipe()
    XCTAssertEqual(reports, [], "the three-finger swipe began inside the exclusion")
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, nil)
    try commitSurface()
    try threeFingerSwipe()
    XCTAssertEqual(reports, ["swipe3 recognized"], "the same swipe without the exclusion")
  }

  func testTheExclusionBeyondTheCapAlongTheBottomEdgeIsIgnoredFromTheLeftEnd() throws {
    // No physical scale: the cap is 200 px; the bottom zone (24 px) keeps x in [0, 200].
    XCTAssertEqual(compositor.server.systemGestureExclusionCapPixels, 200)
    let object = systemSurface()
    try exclude([Rect(x: 0, y: 600, width: 1000, height: 200)], on: object)
    try commitSurface()
    try bottomSwipe(x: 100)
    assertClientGotIt()
    clearLogs()
    try bottomSwipe(x: 500)
    XCTAssertEqual(reports, ["bottom began", "bottom ended"], "beyond the cap")
  }

  func testTheLeftEdgeKeepsTheBottomMostPartUpToTheCap() throws {
    let object = systemSurface()
    try exclude([Rect(x: 0, y: 0, width: 100, height: 800)], on: object)
    try commitSurface()
    try leftSwipe(y: 700)  // within the bottom-most 200 px
    assertClientGotIt()
    clearLogs()
    try leftSwipe(y: 300)
    XCTAssertEqual(reports, ["left began", "left ended"], "beyond the cap")
  }

  func testTheCapIsInMillimetresWhenTheScaleIsKnown() throws {
    compositor.server.physicalScale = PhysicalScale(pixelsPerMillimetre: 10)
    XCTAssertEqual(compositor.server.systemGestureExclusionCapPixels, 320)
    let object = systemSurface()
    try exclude([Rect(x: 0, y: 600, width: 1000, height: 200)], on: object)
    try commitSurface()
    // The edge zone is 38.1 px now; x 300 lies within the first 320 px.
    try bottomSwipe(x: 300)
    assertClientGotIt()
    clearLogs()
    try bottomSwipe(x: 400)
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
  }

  func testCapSpansMergeOverlapsAndCountFromTheStart() {
    let screen = Rect(x: 0, y: 0, width: 1000, height: 800)
    let rects = [
      Rect(x: 100, y: 790, width: 100, height: 10), Rect(x: 150, y: 790, width: 100, height: 10),
      Rect(x: 500, y: 790, width: 300, height: 10),
    ]
    func within(_ x: Double) -> Bool {
      SystemGestureGate.isWithinCap(
        Point(x: x, y: 795), edge: .bottom, rects: rects, screen: screen, zone: 24, cap: 200)
    }
    // 100...250 (150 px) then 500...550 (the remaining 50 px).
    XCTAssertTrue(within(120))
    XCTAssertTrue(within(240))
    XCTAssertTrue(within(540))
    XCTAssertFalse(within(600))
    XCTAssertFalse(within(300))
  }

  // MARK: Deferred edges

  func testADeferredEdgeGivesTheFirstSwipeToTheAppAndTheSecondRightAfterToTheSystem() throws {
    _ = deferBottom()
    try commitSurface()
    try bottomSwipe()
    assertClientGotIt()
    clearLogs()
    time += 500_000  // 0.5 s after the first lifted
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"], "the second swipe")
    // The next one is a first one again.
    clearLogs()
    time += 200_000
    try bottomSwipe()
    assertClientGotIt()
  }

  func testASwipeLongAfterTheDeferredOneIsAFirstOneAgain() throws {
    _ = deferBottom()
    try commitSurface()
    try bottomSwipe()
    assertClientGotIt()
    clearLogs()
    time += 1_500_000
    try bottomSwipe()
    assertClientGotIt()
  }

  func testADeferredEdgeDoesNotDeferOtherEdges() throws {
    _ = deferBottom()
    try commitSurface()
    try leftSwipe(y: 300)
    XCTAssertEqual(reports, ["left began", "left ended"])
  }

  func testDestroyingTheObjectRemovesTheDeferralAtTheNextCommit() throws {
    let object = deferBottom()
    try exclude([Rect(x: 400, y: 600, width: 200, height: 200)], on: object)
    try commitSurface()
    gesture_bridge_system_gesture_surface_v1_destroy(object)
    try client.roundtrip()
    try bottomSwipe()
    assertClientGotIt()
    try commitSurface()
    clearLogs()
    time += 2_000_000
    try bottomSwipe()
    XCTAssertEqual(reports, ["bottom began", "bottom ended"])
    // A new object may be created for the surface after the old one went.
    _ = systemSurface()
    XCTAssertTrue(try client.roundtrip())
  }

  // MARK: Errors and lifetime

  private func assertError(
    interface: UnsafePointer<wl_interface>, code: UInt32, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    XCTAssertFalse(try client.roundtrip(), "the connection should die", file: file, line: line)
    XCTAssertEqual(client.protocolError?.code, code, file: file, line: line)
    XCTAssertEqual(client.protocolError?.interface, interface, file: file, line: line)
  }

  func testEdgesOutsideTheEnumAreInvalidEdges() throws {
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(systemSurface(), 16)
    try assertError(
      interface: gesture_bridge_system_gesture_surface_v1_interface_pointer(),
      code: GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES.rawValue)
  }

  func testASecondObjectForTheSameSurfaceIsSystemGestureSurfaceExists() throws {
    _ = systemSurface()
    _ = systemSurface()
    try assertError(
      interface: gesture_bridge_manager_v1_interface_pointer(),
      code: GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS.rawValue)
  }

  func testACursorSurfaceIsInvalidSurface() throws {
    compositor.host.cursorSurfaces.append(surface.server)
    _ = systemSurface()
    try assertError(
      interface: gesture_bridge_manager_v1_interface_pointer(),
      code: GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_SURFACE.rawValue)
  }

  func testAfterTheSurfaceIsDestroyedTheObjectIsInertAndRaisesNothing() throws {
    let object = systemSurface()
    try commitSurface()
    wl_surface_destroy(surface.client)
    try client.roundtrip()
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(object, 16)
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, nil)
    XCTAssertTrue(try client.roundtrip(), "requests of an inert object are ignored")
    gesture_bridge_system_gesture_surface_v1_destroy(object)
    XCTAssertTrue(try client.roundtrip())
    XCTAssertEqual(compositor.server.holdings.surfaces, 0)
  }
}
