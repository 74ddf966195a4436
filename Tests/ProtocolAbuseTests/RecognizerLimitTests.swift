import CGestureBridgeProtocol
import CGestureBridgeProtocol.Client
import CWaylandClient
import GestureBridgeServerTesting
import XCTest

/// The XML's limit: 64 recognizers per surface at once. The 65th is too_many_recognizers on
/// gesture_bridge_manager_v1; destroyed and inert recognizers do not count; the limit is per
/// surface, so a client can have 64 on each of its surfaces.
final class RecognizerLimitTests: AbuseTestCase {
  private let tap = GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP
  private let tooMany = GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS.rawValue

  func testTheSixtyFifthIsAnErrorAndNotBefore() throws {
    let (client, surface) = try makeAbuser()
    var recognizers: [OpaquePointer] = []
    for count in 1...64 {
      recognizers.append(client.makeRecognizer(on: surface.client, type: tap).0)
      try assertAlive(client, "recognizer \(count)")
    }
    // Destroyed ones do not count: destroy one, create one, 64 again.
    gesture_bridge_recognizer_v1_destroy(recognizers.removeLast())
    _ = client.makeRecognizer(on: surface.client, type: tap)
    try assertAlive(client, "64 after a destroy")
    _ = client.makeRecognizer(on: surface.client, type: tap)
    try assertDies(client, of: Self.managerInterface, code: tooMany, "the 65th")
  }

  func testInertRecognizersDoNotCountAndTheLimitIsPerSurface() throws {
    let (client, first) = try makeAbuser()
    for _ in 1...64 { _ = client.makeRecognizer(on: first.client, type: tap) }
    let second = try client.makeSurface()
    for _ in 1...64 { _ = client.makeRecognizer(on: second.client, type: tap) }
    try assertAlive(client, "64 on each of two surfaces")
    wl_surface_destroy(first.client)  // its 64 recognizers become inert
    let third = try client.makeSurface()
    for _ in 1...64 { _ = client.makeRecognizer(on: third.client, type: tap) }
    try assertAlive(client, "64 on a new surface next to 64 inert ones")
    XCTAssertEqual(compositor.server.holdings.recognizers, 1 + 128, "bystander + two surfaces")
    _ = client.makeRecognizer(on: second.client, type: tap)
    try assertDies(client, of: Self.managerInterface, code: tooMany, "65th on the second surface")
  }
}
