import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeServer

/// Every error of gesture-bridge-v1 is raised by the request the XML names, on the right
/// interface with the right code.
final class ProtocolErrorTests: BridgeTestCase {
  private var client: TestClient!

  override func setUpWithError() throws {
    try super.setUpWithError()
    client = try TestClient(compositor: compositor)
  }

  override func tearDown() {
    client?.disconnect()
    client = nil
    super.tearDown()
  }

  private func assertError(
    interface: UnsafePointer<wl_interface>, code: UInt32, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let alive = try client.roundtrip()
    XCTAssertFalse(
      alive, "the connection should have died of a protocol error", file: file, line: line)
    let error = client.protocolError
    XCTAssertEqual(error?.code, code, "error code", file: file, line: line)
    XCTAssertEqual(error?.interface, interface, "error interface", file: file, line: line)
  }

  private var managerInterface: UnsafePointer<wl_interface> {
    gesture_bridge_manager_v1_interface_pointer()
  }
  private var recognizerInterface: UnsafePointer<wl_interface> {
    gesture_bridge_recognizer_v1_interface_pointer()
  }

  func testUnknownTypeIsInvalidType() throws {
    let surface = try client.makeSurface()
    _ = gesture_bridge_manager_v1_get_recognizer(client.manager, surface.client, 1000)
    try assertError(
      interface: managerInterface, code: GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE.rawValue)
  }

  func testSixtyFifthRecognizerIsTooManyRecognizers() throws {
    let surface = try client.makeSurface()
    for _ in 0..<64 {
      _ = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    }
    XCTAssertTrue(try client.roundtrip(), "64 recognizers are allowed")
    _ = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    try assertError(
      interface: managerInterface,
      code: GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS.rawValue)
  }

  func testCursorSurfaceIsInvalidSurface() throws {
    let surface = try client.makeSurface()
    compositor.host.cursorSurfaces.append(surface.server)
    _ = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    try assertError(
      interface: managerInterface, code: GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_SURFACE.rawValue)
  }

  func testSwipeDirectionOnTapIsNotApplicable() throws {
    let surface = try client.makeSurface()
    let (tap, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_set_direction(tap, 1)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE.rawValue)
  }

  /// Scene configs may set a pinch's touch count (system gestures); protocol version 1
  /// does not carry it.
  /// Before version 4, pinch takes no finger counts (version 4 brought them).
  func testMinimumTouchesOnPinchIsNotApplicableBeforeVersion4() throws {
    client.disconnect()
    client = try TestClient(compositor: compositor, managerVersion: 3)
    let surface = try client.makeSurface()
    let (pinch, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH)
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(pinch, 4)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE.rawValue)
  }

  /// From version 4 on, pinch and rotation take finger counts: a four-finger pinch and a
  /// rotation with no maximum commit without an error, and both given the wrong way round is
  /// invalid_value.
  func testFingerCountsOnPinchAndRotationApplyFromVersion4() throws {
    client.disconnect()
    client = try TestClient(compositor: compositor, managerVersion: 4)
    let surface = try client.makeSurface()
    let (pinch, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH)
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(pinch, 4)
    gesture_bridge_recognizer_v1_commit(pinch)
    let (rotation, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_ROTATION)
    gesture_bridge_recognizer_v1_set_maximum_number_of_touches(rotation, 0)
    gesture_bridge_recognizer_v1_commit(rotation)
    XCTAssertTrue(try client.roundtrip(), "both apply from version 4 on")
    XCTAssertEqual(compositor.server.committedRecognizerCount, 2)
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(rotation, 3)
    gesture_bridge_recognizer_v1_set_maximum_number_of_touches(rotation, 2)
    gesture_bridge_recognizer_v1_commit(rotation)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testZeroTapsRequiredIsInvalidValue() throws {
    let surface = try client.makeSurface()
    let (tap, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_set_number_of_taps_required(tap, 0)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testPropertyValueTwoIsInvalidValue() throws {
    let surface = try client.makeSurface()
    let (pan, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_set_cancels_touches(pan, 2)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testCommitWithMinimumAboveMaximumIsInvalidValue() throws {
    let surface = try client.makeSurface()
    let (pan, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(pan, 3)
    gesture_bridge_recognizer_v1_set_maximum_number_of_touches(pan, 2)
    XCTAssertTrue(try client.roundtrip(), "each value is valid on its own")
    gesture_bridge_recognizer_v1_commit(pan)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue)
  }

  func testRelationToItselfIsInvalidRelation() throws {
    let surface = try client.makeSurface()
    let (tap, _) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_require_failure_of(tap, tap)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION.rawValue)
  }

  func testRequireFailureCycleIsInvalidRelationAtCommit() throws {
    let surface = try client.makeSurface()
    let (a, _) = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    let (b, _) = client.makeRecognizer(on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_require_failure_of(a, b)
    gesture_bridge_recognizer_v1_commit(a)
    gesture_bridge_recognizer_v1_require_failure_of(b, a)
    XCTAssertTrue(try client.roundtrip(), "the cycle is only detected by commit")
    gesture_bridge_recognizer_v1_commit(b)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION.rawValue)
  }

  func testRelationToInertRecognizerIsInertRelation() throws {
    let first = try client.makeSurface()
    let second = try client.makeSurface()
    let (inert, _) = client.makeRecognizer(
      on: first.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    let (live, _) = client.makeRecognizer(
      on: second.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    wl_surface_destroy(first.client)
    XCTAssertTrue(try client.roundtrip())
    gesture_bridge_recognizer_v1_recognize_simultaneously_with(live, inert)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INERT_RELATION.rawValue)
  }

  /// The wire cannot name another client's object, so the request reaches the server's
  /// handler directly, as a compositor-internal caller would.
  func testRelationToAnotherClientsRecognizerIsForeignRecognizer() throws {
    let other = try TestClient(compositor: compositor)
    let mine = try client.makeSurface()
    let theirs = try other.makeSurface()
    let (myTap, _) = client.makeRecognizer(
      on: mine.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    let (theirTap, _) = other.makeRecognizer(
      on: theirs.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    XCTAssertTrue(try client.roundtrip())
    XCTAssertTrue(try other.roundtrip())
    let myClient = wl_resource_get_client(mine.server)
    let theirClient = wl_resource_get_client(theirs.server)
    let myResource = wl_client_get_object(myClient, wl_proxy_get_id(myTap))
    let theirResource = wl_client_get_object(theirClient, wl_proxy_get_id(theirTap))
    XCTAssertNotNil(RecognizerResource.from(myResource))
    XCTAssertNotNil(RecognizerResource.from(theirResource))
    recognizerImplementation.pointee.require_failure_of(myClient, myResource, theirResource)
    try assertError(
      interface: recognizerInterface,
      code: GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_FOREIGN_RECOGNIZER.rawValue)
    XCTAssertTrue(try other.roundtrip(), "the other client is unaffected")
    other.disconnect()
  }
}
