// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// `SystemGestureSurface` (gesture_bridge_system_gesture_surface_v1, version 2) becomes the
/// right protocol requests, refuses what the compositor would reject, and is refused by a
/// version 1 global.
final class SystemGestureSurfaceTests: LibraryTestCase {
  private func requests(of object: UInt32) throws -> [RecordedRequest.Kind] {
    try client.roundtrip()
    return app.compositor.requests.filter { $0.recognizer == object }.map(\.kind)
  }

  func testTheLibraryBindsVersion2() {
    XCTAssertEqual(client.version, 2)
  }

  func testExclusionDeferredEdgesAndDestroyAreSent() throws {
    let deferral = try client.systemGestureSurface(for: surface)
    let id = deferral.objectID
    let region = try app.makeRegion()
    let regionID = wl_proxy_get_id(region)
    try deferral.setExclusionRegion(region)
    wl_region_destroy(region)
    try deferral.setDeferredEdges([.bottom, .left])
    try deferral.setExclusionRegion(nil)
    try deferral.setDeferredEdges([])
    deferral.destroy()

    XCTAssertEqual(
      try requests(of: id),
      [
        .setExclusionRegion(region: regionID), .setDeferredEdges(edges: 6),
        .setExclusionRegion(region: 0), .setDeferredEdges(edges: 0), .destroy,
      ])
    XCTAssertEqual(
      app.compositor.requests.filter { $0.recognizer == 0 }.map(\.kind),
      [.getSystemGestureSurface(surface: wl_proxy_get_id(surface))])
  }

  func testEdgesOutsideTheEnumAreRefusedWithoutSending() throws {
    let deferral = try client.systemGestureSurface(for: surface)
    let id = deferral.objectID
    XCTAssertThrowsError(try deferral.setDeferredEdges(ScreenEdges(rawValue: 16))) {
      guard case .invalidValue(_, let parameter, let value, _)? = $0 as? GestureBridgeError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(parameter, "deferredEdges")
      XCTAssertEqual(value, "16")
    }
    XCTAssertEqual(try requests(of: id), [])
  }

  func testADestroyedObjectRefusesRequests() throws {
    let deferral = try client.systemGestureSurface(for: surface)
    deferral.destroy()
    XCTAssertThrowsError(try deferral.setDeferredEdges(.bottom)) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .objectDestroyed(object: "gesture_bridge_system_gesture_surface_v1"))
    }
    deferral.destroy()  // again: nothing
  }

  func testDroppingTheObjectDestroysIt() throws {
    var deferral: SystemGestureSurface? = try client.systemGestureSurface(for: surface)
    let id = deferral?.objectID ?? 0
    try deferral?.setDeferredEdges(.top)
    deferral = nil
    XCTAssertEqual(try requests(of: id), [.setDeferredEdges(edges: 1), .destroy])
  }

  func testAVersion1GlobalRefusesItWithoutSending() throws {
    let global = try XCTUnwrap(app.global(GestureBridgeClient.interfaceName))
    let old = GestureBridgeClient(
      display: app.display, registry: app.registry, name: global.name, version: 1)
    XCTAssertEqual(old.version, 1)
    XCTAssertThrowsError(try old.systemGestureSurface(for: surface)) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .unsupportedVersion(request: "get_system_gesture_surface", required: 2, bound: 1))
    }
    try old.roundtrip()
    XCTAssertEqual(
      app.compositor.requests.filter {
        if case .getSystemGestureSurface = $0.kind { true } else { false }
      }.count, 0)
  }
}
