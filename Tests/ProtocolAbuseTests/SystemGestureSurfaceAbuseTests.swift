import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import GestureCoreTesting
import GestureScene
import XCTest

/// Hostile clients of gesture_bridge_system_gesture_surface_v1 (version 2): every misuse dies
/// of its error with its code and interface while the bystander is served, inert objects
/// raise nothing, and churn and disconnects with deferrals in force leave nothing behind.
final class SystemGestureSurfaceAbuseTests: AbuseTestCase {
  private let surfaceInterface = "gesture_bridge_system_gesture_surface_v1"
  private let managerInterface = "gesture_bridge_manager_v1"

  private func systemSurface(_ client: TestClient, _ surface: OpaquePointer) -> OpaquePointer {
    gesture_bridge_manager_v1_get_system_gesture_surface(client.manager, surface)!
  }

  func testEveryEdgesValueOutsideTheEnumIsInvalidEdges() throws {
    for value: UInt32 in [16, 17, 0x8000_0000, .max] {
      let (abuser, surface) = try makeAbuser(managerVersion: 2)
      gesture_bridge_system_gesture_surface_v1_set_deferred_edges(
        systemSurface(abuser, surface.client), value)
      try assertDies(
        abuser, of: surfaceInterface,
        code: GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES.rawValue,
        "set_deferred_edges(\(value))")
    }
    for value: UInt32 in 0...15 {
      let (client, surface) = try makeAbuser(managerVersion: 2)
      gesture_bridge_system_gesture_surface_v1_set_deferred_edges(
        systemSurface(client, surface.client), value)
      try assertAlive(client, "set_deferred_edges(\(value)) is valid")
      client.disconnect()
    }
  }

  func testASecondObjectIsSystemGestureSurfaceExistsEvenAfterRequestsOnTheFirst() throws {
    let (abuser, surface) = try makeAbuser(managerVersion: 2)
    let first = systemSurface(abuser, surface.client)
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(first, 4)
    wl_surface_commit(surface.client)
    try assertAlive(abuser, "one object")
    _ = systemSurface(abuser, surface.client)
    try assertDies(
      abuser, of: managerInterface,
      code: GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS.rawValue,
      "a second object for the surface")
  }

  func testAnInertObjectIgnoresEvenInvalidRequests() throws {
    let (client, surface) = try makeAbuser(managerVersion: 2)
    let object = systemSurface(client, surface.client)
    wl_surface_destroy(surface.client)
    try assertAlive(client, "surface destroyed")
    let region = try client.makeRegion()
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, region)
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(object, .max)
    try assertAlive(client, "requests on the inert object")
    gesture_bridge_system_gesture_surface_v1_destroy(object)
    wl_region_destroy(region)
    try assertAlive(client, "destroying it")
    try bystander.assertServed("after the inert object")
  }

  /// Objects, regions and surfaces created, committed and destroyed in random orders, then
  /// a disconnect with objects alive: the bridge holds what it held before.
  func testChurnAndDisconnectLeaveNothingBehind() throws {
    let before = compositor.server.holdings
    let (client, _) = try makeAbuser(managerVersion: 2)
    var random = SeededRandom(seed: 0xc4_12a)
    var live: [(surface: OpaquePointer, object: OpaquePointer?)] = []
    for _ in 0..<200 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1:
        let surface = try client.makeSurfaceProxy()
        let object = systemSurface(client, surface)
        let region = try client.makeRegion()
        wl_region_add(region, 0, 0, Int32.random(in: 1...500, using: &random), 40)
        gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, region)
        wl_region_destroy(region)
        gesture_bridge_system_gesture_surface_v1_set_deferred_edges(
          object, UInt32.random(in: 0...15, using: &random))
        if Bool.random(using: &random) { wl_surface_commit(surface) }
        live.append((surface, object))
      case 2 where !live.isEmpty:
        let index = Int.random(in: live.indices, using: &random)
        if let object = live[index].object {
          gesture_bridge_system_gesture_surface_v1_destroy(object)
          live[index].object = nil
          wl_surface_commit(live[index].surface)
        } else {
          live[index].object = systemSurface(client, live[index].surface)  // allowed again
        }
      case 3 where !live.isEmpty:
        let index = Int.random(in: live.indices, using: &random)
        wl_surface_destroy(live[index].surface)
        if let object = live[index].object {
          gesture_bridge_system_gesture_surface_v1_destroy(object)
        }
        live.remove(at: index)
      default: break
      }
    }
    try assertAlive(client, "after the churn")
    client.disconnect()
    XCTAssertTrue(
      try bystander.client.pump(timeoutSeconds: 5) {
        ServerSide.clientCount(compositor.display) == 1
      })
    try bystander.assertServed("after the churning client left")
    XCTAssertEqual(compositor.server.holdings, before)
  }

  /// A client deferring the bottom edge disconnects while the deferred touch is down; the
  /// touch lifts later: nothing stays down, and the system takes the next swipes as usual.
  func testADeferringClientLeavingMidSwipeLeavesNothingStuck() throws {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 1000, "height": 800},
         "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
           {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]}]}]}
        """, file: "system.json")
    var reports: [String] = []
    compositor.server.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
    compositor.server.replaceSystemGestures(with: scene) { report, _ in
      reports.append(report.state.rawValue)
    }
    let client = try TestClient(compositor: compositor, managerVersion: 2)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 600, width: 1000, height: 200))
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(
      systemSurface(client, surface.client), 4)
    wl_surface_commit(surface.client)
    try assertAlive(client, "deferring")
    compositor.down(7, 500, 795)
    compositor.move(7, 500, 700)
    XCTAssertEqual(reports, [], "the first swipe is the client's")
    client.disconnect()
    XCTAssertTrue(
      try bystander.client.pump(timeoutSeconds: 5) {
        ServerSide.clientCount(compositor.display) == 1
      })
    compositor.host.unplace(surface.server)  // gone with its client
    compositor.move(7, 500, 600)
    compositor.up(7)
    XCTAssertEqual(compositor.server.holdings.touchesDown, 0)
    XCTAssertEqual(compositor.server.holdings.engineTouches, 0)
    // Over no surface now: the system takes the swipe.
    compositor.down(8, 500, 795)
    for step in 1...6 { compositor.move(8, 500, 795 - Double(step) * 30) }
    compositor.up(8)
    XCTAssertEqual(reports.first, "began")
    XCTAssertEqual(reports.last, "ended")
    try bystander.assertServed("after the deferring client left")
  }
}
