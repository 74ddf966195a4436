import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeTesting
import XCTest

/// The generated gesture-bridge-v1 code, used from Swift on both ends of a real Wayland
/// connection inside the test process: the client's generated requests and listeners against
/// the test compositor's scripted manager (which records what arrives and sends scripted
/// events) and against the real `GestureBridgeServer` (which raises the protocol errors).
final class GestureBridgeProtocolEndToEndTests: XCTestCase {
  private var compositor: TestCompositor!
  private var client: TestClient!

  /// A compositor offering `manager` and a client with wl_compositor and the manager bound.
  private func connect(to manager: TestCompositor.Manager) throws {
    compositor = try TestCompositor(manager: manager)
    client = try TestClient(compositor: compositor)
  }

  override func tearDown() {
    client?.disconnect()
    client = nil
    compositor?.close()
    compositor = nil
  }

  /// The values the scripted manager sends when the recognizer commits.
  private enum SentTap {
    static let x = 12.5
    static let y = 7.25
    static let touches: UInt32 = 1
    static let taps: UInt32 = 2
    /// Above 2^32 so that both halves of the split timestamp matter.
    static let microseconds: UInt64 = 0x1_0000_2710
  }

  func testServerSocketLivesInAPrivateRuntimeDirectory() throws {
    try connect(to: .bridge)

    XCTAssertEqual(compositor.runtimeDirectory.permissionBits, 0o700)
  }

  func testClientSeesTheManagerGlobalAtVersion4() throws {
    try connect(to: .bridge)

    XCTAssertEqual(client.global("gesture_bridge_manager_v1")?.version, 4)
  }

  func testRecognizerCreatedOnASurfaceReachesTheServerWithItsType() throws {
    try connect(to: .scripted())
    let surface = try client.makeSurface()

    let recognizer = gesture_bridge_manager_v1_get_recognizer(
      client.manager, surface.client, GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue)
    XCTAssertNotNil(recognizer)
    XCTAssertTrue(try client.roundtrip())

    let surfaceID = wl_proxy_get_id(surface.client)
    XCTAssertEqual(
      compositor.requests,
      [
        RecordedRequest(
          recognizer: 0,
          kind: .getRecognizer(
            surface: surfaceID, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP.rawValue))
      ])
    XCTAssertEqual(wl_resource_get_id(surface.server), surfaceID)
    XCTAssertEqual(wl_resource_get_class(surface.server).map { String(cString: $0) }, "wl_surface")
  }

  func testCommittedRecognizerReceivesValueEventsEndedByAFrameWithStateAndTimestamp() throws {
    try connect(to: .scripted())
    let surface = try client.makeSurface()
    let (recognizer, log) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    let recognized = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue
    compositor.script([
      .location(x: SentTap.x, y: SentTap.y), .touches(SentTap.touches), .taps(SentTap.taps),
      .frame(state: recognized, microseconds: SentTap.microseconds),
    ])

    gesture_bridge_recognizer_v1_set_number_of_taps_required(recognizer, 2)
    gesture_bridge_recognizer_v1_commit(recognizer)
    XCTAssertTrue(try client.roundtrip())

    XCTAssertEqual(
      log.events,
      [
        .location(x: SentTap.x, y: SentTap.y), .touches(SentTap.touches), .taps(SentTap.taps),
        .frame(state: recognized, microseconds: SentTap.microseconds),
      ])
    XCTAssertNil(client.protocolError)
  }

  func testNegativeTouchCountKillsTheClientWithInvalidValueOnTheRecognizer() throws {
    try connect(to: .bridge)
    let surface = try client.makeSurface()
    let (recognizer, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)

    gesture_bridge_recognizer_v1_set_number_of_touches_required(recognizer, -1)

    XCTAssertFalse(try client.roundtrip(), "the connection should die of the error")
    let error = try XCTUnwrap(client.protocolError)
    XCTAssertEqual(error.interfaceName, "gesture_bridge_recognizer_v1")
    XCTAssertEqual(error.interface, gesture_bridge_recognizer_v1_interface_pointer())
    XCTAssertEqual(error.objectID, wl_proxy_get_id(recognizer))
    XCTAssertEqual(error.code, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testUnknownRecognizerTypeKillsTheClientWithInvalidTypeOnTheManager() throws {
    try connect(to: .bridge)
    let surface = try client.makeSurface()

    _ = gesture_bridge_manager_v1_get_recognizer(client.manager, surface.client, 99)

    XCTAssertFalse(try client.roundtrip(), "the connection should die of the error")
    let error = try XCTUnwrap(client.protocolError)
    XCTAssertEqual(error.interfaceName, "gesture_bridge_manager_v1")
    XCTAssertEqual(error.objectID, wl_proxy_get_id(client.manager))
    XCTAssertEqual(error.code, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE.rawValue)
  }
}
