// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// A protocol error is reported (callback once, getter) with the interface, code, the code's
/// name and the compositor's message; the process goes on and later calls say the connection
/// failed.
final class ProtocolErrorTests: XCTestCase {
  private var scripted: ScriptedApp!

  override func tearDown() {
    scripted?.close()
    scripted = nil
  }

  func testAProtocolErrorIsReportedNotACrash() throws {
    scripted = try ScriptedApp()
    let client = try scripted.connect()
    let surface = try scripted.app.makeSurfaceProxy()
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    var connectionError = gbc_connection_error()
    XCTAssertFalse(gbc_client_get_error(client, &connectionError))
    scripted.compositor.script(
      [.location(x: 5, y: 6), .touches(1), .taps(1), .frame(state: 6, utime: 9)],
      thenError: (code: 1, message: "commit: a scripted failure"))
    XCTAssertEqual(gbc_recognizer_commit(tap), GBC_STATUS_OK.rawValue)

    XCTAssertEqual(gbc_client_roundtrip(client, 30_000), GBC_STATUS_CONNECTION_ERROR.rawValue)

    XCTAssertEqual(scripted.log.errors.count, 1)
    let reported = try XCTUnwrap(scripted.log.errors.first)
    XCTAssertEqual(reported.errorNumber, EPROTO)
    XCTAssertEqual(reported.interfaceName, "gesture_bridge_recognizer_v1")
    XCTAssertEqual(reported.code, 1)
    XCTAssertEqual(reported.codeName, "invalid_value")
    XCTAssertEqual(reported.message, "commit: a scripted failure")
    XCTAssertNotEqual(reported.objectID, 0)
    XCTAssertTrue(gbc_client_get_error(client, &connectionError))
    XCTAssertEqual(RecordedConnectionError(connectionError), reported)

    // Every later call answers with the failure; the callback is not called again.
    XCTAssertEqual(gbc_client_dispatch(client), GBC_STATUS_CONNECTION_ERROR.rawValue)
    XCTAssertEqual(gbc_client_prepare(client), GBC_STATUS_CONNECTION_ERROR.rawValue)
    XCTAssertEqual(gbc_recognizer_set_enabled(tap, false), GBC_STATUS_CONNECTION_ERROR.rawValue)
    XCTAssertEqual(gbc_recognizer_commit(tap), GBC_STATUS_CONNECTION_ERROR.rawValue)
    var status = GBC_STATUS_OK
    XCTAssertNil(gbc_recognizer_create(client, surface, GBC_KIND_PAN, &status))
    XCTAssertEqual(status, GBC_STATUS_CONNECTION_ERROR)
    XCTAssertEqual(scripted.log.errors.count, 1)
    // A new client on the failed display is refused with the reason.
    var reason = GBC_UNAVAILABLE_NONE
    XCTAssertNil(gbc_client_create(scripted.app.display, 1_000, &reason))
    XCTAssertEqual(reason, GBC_UNAVAILABLE_CONNECTION_ERROR)
  }

  func testTheErrorCallbackMayDestroyTheClient() throws {
    scripted = try ScriptedApp()
    let client = try scripted.connect()
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: try scripted.app.makeSurfaceProxy())
    scripted.compositor.script([], thenError: (code: 0, message: "set_edges: not for a tap"))
    gbc_client_set_error_callback(client, destroyClientOnError, nil)
    XCTAssertEqual(gbc_recognizer_commit(tap), GBC_STATUS_OK.rawValue)
    XCTAssertEqual(gbc_client_roundtrip(client, 30_000), GBC_STATUS_CONNECTION_ERROR.rawValue)
    scripted.forgetClient()
  }

  func testStatusStringsDescribeEveryStatus() {
    let statuses: [gbc_status] = [
      GBC_STATUS_OK, GBC_STATUS_NOT_APPLICABLE, GBC_STATUS_INVALID_VALUE,
      GBC_STATUS_INVALID_RELATION, GBC_STATUS_UNSUPPORTED_VERSION, GBC_STATUS_LIMIT,
      GBC_STATUS_INVALID_ARGUMENT, GBC_STATUS_NO_MEMORY, GBC_STATUS_CONNECTION_ERROR,
    ]
    let strings = statuses.map { String(cString: gbc_status_string($0.rawValue)) }
    XCTAssertEqual(Set(strings).count, statuses.count, "\(strings)")
    XCTAssertFalse(strings.contains("unknown status"))
    XCTAssertEqual(String(cString: gbc_status_string(-100)), "unknown status")
    XCTAssertEqual(String(cString: gbc_kind_name(GBC_KIND_SCREEN_EDGE_PAN)), "screen_edge_pan")
    XCTAssertNil(gbc_kind_name(gbc_kind(rawValue: 0)))
  }
}

/// gbc_error_callback that destroys the client it reports on.
private func destroyClientOnError(
  _ data: UnsafeMutableRawPointer?, _ client: OpaquePointer?,
  _ error: UnsafePointer<gbc_connection_error>?
) {
  gbc_client_destroy(client)
}
