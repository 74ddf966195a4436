import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// A client going away in the middle of a gesture: the others go on, nothing stays down.
final class DisconnectTests: AbuseTestCase {
  /// Ten fingers down on a client with a pan (withholding touches), a long press and a
  /// double tap (timers armed); the client disconnects; while its fingers are still down the
  /// bystander taps; then the fingers move and lift.
  func testClientDisconnectingWithTenFingersDownLeavesNothingStuck() throws {
    let before = compositor.server.holdings
    let (leaving, surface) = try makeAbuser()
    let (pan, panEvents) = leaving.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_set_delays_touches_began(pan, 1)
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(pan, 10)
    gesture_bridge_recognizer_v1_commit(pan)
    let (press, _) = leaving.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS)
    gesture_bridge_recognizer_v1_set_number_of_touches_required(press, 10)
    gesture_bridge_recognizer_v1_commit(press)
    let (double, _) = leaving.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_set_number_of_taps_required(double, 2)
    gesture_bridge_recognizer_v1_commit(double)
    try assertAlive(leaving, "setup")

    for id in 1...10 { compositor.down(Int32(id), Double(id) * 40, 100) }
    for id in 1...10 { compositor.move(Int32(id), Double(id) * 40, 160) }
    try assertAlive(leaving, "ten fingers down")
    XCTAssertEqual(panEvents.frameStates.first, Self.began)
    XCTAssertEqual(compositor.server.holdings.touchesDown, 10)

    leaving.disconnect()
    XCTAssertTrue(
      try bystander.client.pump(timeoutSeconds: 5) {
        ServerSide.clientCount(compositor.display) == 1
      })
    try bystander.assertServed("while the departed client's fingers are still down")
    for id in 1...10 { compositor.move(Int32(id), Double(id) * 40, 220) }
    for id in 1...10 { compositor.up(Int32(id)) }
    try bystander.client.run(seconds: 0.6)  // past every timer the departed client had
    try bystander.assertServed("after its fingers lifted")

    let after = compositor.server.holdings
    XCTAssertEqual(after.touchesDown, 0)
    XCTAssertEqual(after.engineTouches, 0, "no touch stuck in the engine")
    XCTAssertEqual(after.surfaces, before.surfaces, "the departed client's surface is gone")
    XCTAssertEqual(after.recognizers, before.recognizers)
    XCTAssertEqual(after.views, before.views)
  }

  /// The same, with the client destroying its surface instead of disconnecting.
  func testSurfaceDestroyedMidGestureLeavesNothingStuck() throws {
    let before = compositor.server.holdings
    let (client, surface) = try makeAbuser()
    let (pan, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_commit(pan)
    try assertAlive(client, "setup")
    for id in 1...3 { compositor.down(Int32(id), Double(id) * 40, 100) }
    for id in 1...3 { compositor.move(Int32(id), Double(id) * 40, 160) }
    wl_surface_destroy(surface.client)
    try assertAlive(client, "surface destroyed")
    try bystander.assertServed("while the dead surface's fingers are still down")
    for id in 1...3 { compositor.up(Int32(id)) }
    try bystander.assertServed("after they lifted")
    let after = compositor.server.holdings
    XCTAssertEqual(after.engineTouches, 0)
    XCTAssertEqual(after.surfaces, before.surfaces)
    XCTAssertEqual(after.recognizers, before.recognizers)
    client.disconnect()
  }
}
