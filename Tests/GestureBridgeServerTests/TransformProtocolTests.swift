import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import XCTest

/// The transform kind over the protocol (version 3): its values travel as the version 1 value
/// events; a client bound at version 2 cannot create one.
final class TransformProtocolTests: BridgeTestCase {
  func testATransformSendsTranslationVelocityScaleAndRotationInEveryFrame() throws {
    let client = try TestClient(compositor: compositor, managerVersion: 3)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 100, y: 100, width: 800, height: 600))
    let (recognizer, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TRANSFORM)
    gesture_bridge_recognizer_v1_commit(recognizer)
    try client.roundtrip()

    compositor.down(1, 400, 300)
    compositor.down(2, 600, 300)  // spread 100
    compositor.move(2, 640, 300)  // spread 120, centroid +20
    compositor.up(1)
    compositor.up(2)
    try client.roundtrip()

    XCTAssertEqual(
      events.frameStates,
      [began, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED.rawValue])
    let group = Array(events.events.prefix { if case .frame = $0 { false } else { true } })
    XCTAssertEqual(group.count, 6, "location, touches, translation, velocity, scale, rotation")
    guard group.count == 6 else { return }
    XCTAssertEqual(group[0], .location(x: 420, y: 200), "the focal point, surface-local")
    XCTAssertEqual(group[1], .touches(2))
    XCTAssertEqual(group[2], .translation(dx: 20, dy: 0))
    guard case .velocity = group[3] else { return XCTFail("\(group[3]) is not velocity") }
    guard case .scale(let scale, _) = group[4], case .rotation(let rotation, _) = group[5] else {
      return XCTFail("\(group[4...]) are not scale and rotation")
    }
    XCTAssertEqual(scale, 1.2, accuracy: 1.0 / 256)
    XCTAssertEqual(rotation, 0, accuracy: 1.0 / 256)
  }

  func testAVersionTwoClientCannotCreateATransform() throws {
    let client = try TestClient(compositor: compositor, managerVersion: 2)
    let surface = try client.makeSurface()
    _ = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TRANSFORM)
    XCTAssertFalse(try client.roundtrip(), "the connection should have died of a protocol error")
    XCTAssertEqual(
      client.protocolError?.code, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE.rawValue)
  }

  func testAVersionTwoClientStillCreatesEveryEarlierKind() throws {
    let client = try TestClient(compositor: compositor, managerVersion: 2)
    let surface = try client.makeSurface()
    for type in 1...7 {
      _ = client.makeRecognizer(on: surface.client, rawType: UInt32(type))
    }
    XCTAssertTrue(try client.roundtrip(), "types 1 to 7 exist since version 1")
  }
}
