import CGestureBridgeProtocol
import CGestureBridgeProtocol.Client
import CWaylandClient
import XCTest

/// The generated gesture-bridge-v1 code, used from Swift on both ends of a real Wayland
/// connection inside the test process.
final class GestureBridgeProtocolEndToEndTests: XCTestCase {
  func testServerSocketLivesInAPrivateRuntimeDirectory() throws {
    let session = try WaylandTestSession()
    defer { session.close() }

    XCTAssertEqual(session.runtimeDirectory.permissionBits, 0o700)
  }

  func testClientSeesTheManagerGlobalAtVersion1() throws {
    let session = try WaylandTestSession()
    defer { session.close() }

    XCTAssertEqual(session.client.log.globals["gesture_bridge_manager_v1"]?.version, 1)
  }

  func testRecognizerCreatedOnASurfaceReachesTheServerWithItsType() throws {
    let session = try WaylandTestSession()
    defer { session.close() }
    let surface = try session.makeSurface()

    let recognizer = gesture_bridge_manager_v1_get_recognizer(
      session.manager, surface, GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue)
    XCTAssertNotNil(recognizer)
    XCTAssertTrue(try session.client.roundtrip())

    XCTAssertTrue(session.compositor.stop(timeoutSeconds: 5))
    let created = session.compositor.observations.createdRecognizers
    XCTAssertEqual(created.map(\.type), [GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue])
    XCTAssertEqual(created.map(\.surfaceClass), ["wl_surface"])
  }

  func testCommittedRecognizerReceivesValueEventsEndedByAFrameWithStateAndTimestamp() throws {
    let session = try WaylandTestSession()
    defer { session.close() }
    let surface = try session.makeSurface()
    let recognizer = try XCTUnwrap(
      gesture_bridge_manager_v1_get_recognizer(
        session.manager, surface, GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue))
    session.client.listen(toRecognizer: recognizer)

    gesture_bridge_recognizer_v1_set_number_of_taps_required(recognizer, 2)
    gesture_bridge_recognizer_v1_commit(recognizer)
    XCTAssertTrue(try session.client.roundtrip())

    typealias Sent = TestCompositor.SentTap
    XCTAssertEqual(
      session.client.log.recognizerEvents,
      [
        .location(x: Sent.x, y: Sent.y), .touches(Sent.touches), .taps(Sent.taps),
        .frame(
          state: GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue,
          microseconds: Sent.microseconds),
      ])
    XCTAssertNil(session.client.protocolError)
  }

  func testNegativeTouchCountKillsTheClientWithInvalidValueOnTheRecognizer() throws {
    let session = try WaylandTestSession()
    defer { session.close() }
    let surface = try session.makeSurface()
    let recognizer = try XCTUnwrap(
      gesture_bridge_manager_v1_get_recognizer(
        session.manager, surface, GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue))

    gesture_bridge_recognizer_v1_set_number_of_touches_required(recognizer, -1)

    XCTAssertFalse(try session.client.roundtrip(), "the connection should die of the error")
    let error = try XCTUnwrap(session.client.protocolError)
    XCTAssertEqual(error.interfaceName, "gesture_bridge_recognizer_v1")
    XCTAssertEqual(error.interface, gesture_bridge_recognizer_v1_interface_pointer())
    XCTAssertEqual(error.objectID, wl_proxy_get_id(recognizer))
    XCTAssertEqual(error.code, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testUnknownRecognizerTypeKillsTheClientWithInvalidTypeOnTheManager() throws {
    let session = try WaylandTestSession()
    defer { session.close() }
    let surface = try session.makeSurface()

    _ = gesture_bridge_manager_v1_get_recognizer(session.manager, surface, 99)

    XCTAssertFalse(try session.client.roundtrip(), "the connection should die of the error")
    let error = try XCTUnwrap(session.client.protocolError)
    XCTAssertEqual(error.interfaceName, "gesture_bridge_manager_v1")
    XCTAssertEqual(error.objectID, wl_proxy_get_id(session.manager))
    XCTAssertEqual(error.code, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE.rawValue)
  }
}
