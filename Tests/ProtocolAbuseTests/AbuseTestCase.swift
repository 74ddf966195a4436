import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// A real `wl_display` with the real `GestureBridgeServer` (`TestCompositor`, `Manager.bridge`) and a
/// `Bystander` client; each test adds abusive clients with real libwayland-client
/// connections.
class AbuseTestCase: XCTestCase {
  var compositor: TestCompositor!
  var bystander: Bystander!

  /// Where the abusive clients' surfaces are placed on screen.
  static let abuserFrame = Rect(x: 0, y: 0, width: 500, height: 500)

  override func setUpWithError() throws {
    compositor = try TestCompositor()
    bystander = try Bystander(compositor: compositor)
  }

  override func tearDown() {
    bystander?.client.disconnect()
    bystander = nil
    compositor?.close()
    compositor = nil
  }

  /// A new client (bound to the manager at `managerVersion`) with one surface placed at
  /// `abuserFrame`.
  func makeAbuser(managerVersion: UInt32 = 1) throws -> (
    TestClient, (client: OpaquePointer, server: OpaquePointer)
  ) {
    let client = try TestClient(compositor: compositor, managerVersion: managerVersion)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Self.abuserFrame)
    return (client, surface)
  }

  /// Checks that `client`'s connection dies of the protocol error `code` on `interface` at
  /// its next roundtrip, and that the bystander is still served afterwards.
  func assertDies(
    _ client: TestClient, of interface: String, code: UInt32, _ what: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let alive = try client.roundtrip()
    XCTAssertFalse(alive, "\(what): the connection should have died", file: file, line: line)
    let error = client.protocolError
    XCTAssertEqual(
      error?.interfaceName, interface, "\(what): error interface", file: file, line: line)
    XCTAssertEqual(error?.code, code, "\(what): error code", file: file, line: line)
    client.disconnect()
    try bystander.assertServed(what, file: file, line: line)
  }

  /// Checks that `client` is still connected after a roundtrip; throws if not (the server
  /// objects of a dead client must not be looked at any more).
  func assertAlive(
    _ client: TestClient, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    guard try client.roundtrip() else {
      throw TestFailure(
        "\(what): the connection died of \(String(describing: client.protocolError))")
    }
  }

  static let managerInterface = "gesture_bridge_manager_v1"
  static let recognizerInterface = "gesture_bridge_recognizer_v1"
  static let notApplicable = GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE.rawValue
  static let invalidValue = GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue
  static let invalidRelation = GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION.rawValue
  static let inertRelation = GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INERT_RELATION.rawValue
  static let foreignRecognizer = GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_FOREIGN_RECOGNIZER.rawValue
  static let recognized = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue
  static let failed = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_FAILED.rawValue
  static let began = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_BEGAN.rawValue
  static let changed = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CHANGED.rawValue
}
