import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import XCTest

/// The XML's limits: 64 recognizers per surface and 1024 per client at once. The 65th of a
/// surface or the 1025th of a client is too_many_recognizers on gesture_bridge_manager_v1;
/// destroyed and inert recognizers do not count.
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

  func testTheClientsTenHundredTwentyFifthIsAnErrorAndNotBefore() throws {
    let (client, _) = try makeAbuser()
    var surfaces: [OpaquePointer] = []
    // makeAbuser's surface has none; 16 more surfaces of 64 make the client's 1024.
    for _ in 1...16 {
      let surface = try client.makeSurface()
      surfaces.append(surface.client)
      for _ in 1...64 { _ = client.makeRecognizer(on: surface.client, type: tap) }
    }
    try assertAlive(client, "1024 recognizers on 16 surfaces")
    // Those of a destroyed surface are inert and no longer count.
    wl_surface_destroy(surfaces.removeLast())
    let fresh = try client.makeSurface()
    for _ in 1...64 { _ = client.makeRecognizer(on: fresh.client, type: tap) }
    try assertAlive(client, "1024 again after a surface died")
    XCTAssertEqual(compositor.server.holdings.recognizers, 1 + 1024, "bystander + the client's")
    let last = try client.makeSurface()
    _ = client.makeRecognizer(on: last.client, type: tap)
    try assertDies(client, of: Self.managerInterface, code: tooMany, "the client's 1025th")
  }
}
