import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import XCTest

/// The bridge's thresholds follow the screen's pixels per millimetre the host gives
/// (`physicalScale`, `gb_bridge_set_pixels_per_millimetre`): the protocol's default allowable
/// movement of a long press and the tap slop are physical distances, pixel fallbacks without
/// a scale.
final class PhysicalScaleTests: BridgeTestCase {
  /// A client with one committed recognizer of `type` (parameters at the protocol's
  /// defaults) on a 500x500 surface at the screen's origin, and the log of its events.
  private func committedRecognizer(_ type: gesture_bridge_manager_v1_type) throws
    -> (TestClient, RecognizerEventLog)
  {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 500, height: 500))
    let log = RecognizerEventLog()
    let (recognizer, _) = client.makeRecognizer(on: surface.client, type: type, log: log)
    gesture_bridge_recognizer_v1_commit(recognizer)
    try client.roundtrip()
    return (client, log)
  }

  /// A long press with the protocol's default allowable movement; a finger lands and moves
  /// 25 px (1.25 mm at 20 px/mm, within UIKit's 10 pt = 1.56 mm; beyond the 10 px fallback).
  private func pressMovedTwentyFivePixels() throws -> [UInt32] {
    let (client, log) = try committedRecognizer(GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS)
    compositor.down(1, 100, 100)
    compositor.move(1, 125, 100)
    try client.roundtrip()
    _ = try client.pump(timeoutSeconds: 2) { !log.frameStates.isEmpty }
    compositor.up(1)
    try client.roundtrip()
    return log.frameStates
  }

  func testTheDefaultAllowableMovementIsTenPointsAsMillimetres() throws {
    compositor.server.physicalScale = PhysicalScale(pixelsPerMillimetre: 20)
    XCTAssertEqual(try pressMovedTwentyFivePixels().first, began)
  }

  func testWithoutAScaleTheDefaultAllowableMovementIsTenPixels() throws {
    XCTAssertNil(compositor.server.physicalScale)
    XCTAssertEqual(try pressMovedTwentyFivePixels(), [failed])
  }

  func testTheTapSlopFollowsTheScaleSetBetweenSequences() throws {
    let (client, log) = try committedRecognizer(GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    // 30 px: beyond the 18 px fallback slop.
    compositor.down(1, 100, 100)
    compositor.move(1, 130, 100)
    compositor.up(1)
    try client.roundtrip()
    XCTAssertEqual(log.frameStates, [failed])
    // 30 px is 1.8 mm on a 16.9 px/mm phone, within its 2.86 mm slop.
    compositor.server.physicalScale = PhysicalScale(pixelsPerMillimetre: 16.9)
    compositor.down(2, 100, 100)
    compositor.move(2, 130, 100)
    compositor.up(2)
    try client.roundtrip()
    XCTAssertEqual(log.frameStates, [failed, recognized])
    // Unknown again: the fallback.
    compositor.server.physicalScale = nil
    compositor.down(3, 100, 100)
    compositor.move(3, 130, 100)
    compositor.up(3)
    try client.roundtrip()
    XCTAssertEqual(log.frameStates, [failed, recognized, failed])
  }
}
