import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import XCTest

/// The failed frames the bridge sends (GestureCore runs no action on failure; the bridge
/// hears of failures from the engine's state observer): one per failure, at the moment it
/// happens, in order with the other recognizers' events.
final class FailureReportTests: BridgeTestCase {
  func testADoubleTapFailingIsReportedBeforeTheSingleTapItLetsRecognize() throws {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 100, y: 200, width: 300, height: 300))
    let shared = RecognizerEventLog()
    let (single, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP, log: shared)
    let (double, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP, log: shared)
    gesture_bridge_recognizer_v1_set_number_of_taps_required(double, 2)
    gesture_bridge_recognizer_v1_commit(double)
    gesture_bridge_recognizer_v1_require_failure_of(single, double)
    gesture_bridge_recognizer_v1_commit(single)
    try client.roundtrip()

    compositor.down(1, 110, 220)
    compositor.up(1)
    try client.roundtrip()
    XCTAssertEqual(shared.events, [], "the single tap waits for the double tap to fail")
    // The double tap fails when its interval for the second tap runs out (an event loop timer).
    XCTAssertTrue(try client.pump(timeoutSeconds: 5) { shared.frameStates.count == 2 })
    XCTAssertEqual(shared.frameStates, [failed, recognized])
    XCTAssertEqual(
      Array(shared.events.prefix(2)), [.location(x: 10, y: 20), .touches(1)],
      "the failed frame's values: where the double tap's finger was, and how many")
  }

  func testALongPressDefeatedByAPanIsReportedFailedBeforeThePanBegins() throws {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 500, height: 500))
    let shared = RecognizerEventLog()
    let (pan, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN, log: shared)
    let (press, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS, log: shared)
    gesture_bridge_recognizer_v1_set_allowable_movement(press, wl_fixed_from_int(100))
    gesture_bridge_recognizer_v1_commit(pan)
    gesture_bridge_recognizer_v1_commit(press)
    try client.roundtrip()

    compositor.down(1, 100, 100)
    compositor.move(1, 160, 100)  // past the pan's threshold, within the press's movement
    try client.roundtrip()
    XCTAssertEqual(shared.frameStates, [failed, began])
    XCTAssertEqual(shared.events.prefix(2), [.location(x: 160, y: 100), .touches(1)])
    compositor.up(1)
    try client.roundtrip()
    XCTAssertEqual(shared.frameStates.filter { $0 == failed }.count, 1, "one failed frame")
  }
}
