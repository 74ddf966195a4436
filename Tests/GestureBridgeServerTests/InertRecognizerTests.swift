import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// A recognizer whose surface died ignores every request but destroy and sends nothing.
final class InertRecognizerTests: XCTestCase {
  func testRecognizerOfADestroyedSurfaceIgnoresEvenInvalidRequestsAndSendsNothing() throws {
    let compositor = try TestCompositor()
    defer { compositor.close() }
    let client = try TestClient(compositor: compositor)
    defer { client.disconnect() }
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 400, height: 400))
    let (tap, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_commit(tap)
    try client.roundtrip()

    compositor.down(1, 10, 10)  // a gesture under way when the surface dies
    wl_surface_destroy(surface.client)
    try client.roundtrip()
    compositor.host.unplace(surface.server)
    gesture_bridge_recognizer_v1_set_number_of_taps_required(tap, 0)
    gesture_bridge_recognizer_v1_set_direction(tap, 0)
    gesture_bridge_recognizer_v1_require_failure_of(tap, tap)
    gesture_bridge_recognizer_v1_commit(tap)
    compositor.up(1)
    XCTAssertTrue(try client.roundtrip(), "requests to an inert recognizer raise no error")
    XCTAssertEqual(events.events, [])
    gesture_bridge_recognizer_v1_destroy(tap)
    XCTAssertTrue(try client.roundtrip(), "destroy is valid on an inert recognizer")
  }
}
