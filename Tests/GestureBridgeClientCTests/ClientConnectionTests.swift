// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// Finding the global (or a clean NULL and reason without it), the bound version, and the
/// library's own event queue: it never dispatches the app's, and the app's dispatch never runs
/// the library's callbacks.
final class ClientConnectionTests: XCTestCase {
  private var scripted: ScriptedApp!

  override func tearDown() {
    scripted?.close()
    scripted = nil
  }

  func testWithoutTheGlobalCreateReturnsNullAndTheReasonForTheFallback() throws {
    scripted = try ScriptedApp(manager: .none)
    var reason = GBC_UNAVAILABLE_NONE
    XCTAssertNil(gbc_client_create(scripted.app.display, 30_000, &reason))
    XCTAssertEqual(reason, GBC_UNAVAILABLE_NO_GLOBAL)
    XCTAssertEqual(
      String(cString: gbc_unavailable_reason_string(reason)),
      "compositor does not support gesture_bridge_manager_v1")
    // The app's connection is untouched and still works.
    XCTAssertEqual(wl_display_get_error(scripted.app.display), 0)
    XCTAssertTrue(try scripted.app.roundtrip())
    XCTAssertNil(gbc_client_create(nil, 0, &reason))
    XCTAssertEqual(reason, GBC_UNAVAILABLE_INVALID_ARGUMENT)
  }

  func testItBindsTheHighestVersionBothKnow() throws {
    scripted = try ScriptedApp()
    let client = try scripted.connect()
    XCTAssertEqual(gbc_client_get_version(client), 2, "the scripted compositor offers 2")
    XCTAssertEqual(GBC_MANAGER_VERSION, 4)
    XCTAssertEqual(gbc_client_get_display(client), scripted.app.display)
    XCTAssertEqual(gbc_client_get_fd(client), wl_display_get_fd(scripted.app.display))
  }

  func testAGlobalSeenByTheAppsRegistryIsBoundWithoutBlockingAtTheVersionOffered() throws {
    scripted = try ScriptedApp()
    let global = try XCTUnwrap(scripted.app.global("gesture_bridge_manager_v1"))
    let client = try XCTUnwrap(
      gbc_client_create_from_global(scripted.app.display, scripted.app.registry, global.name, 1))
    defer { gbc_client_destroy(client) }
    XCTAssertEqual(gbc_client_get_version(client), 1)
    // Version 1 has no system gesture surfaces: refused without sending.
    var status = GBC_STATUS_OK
    XCTAssertNil(
      gbc_system_gesture_surface_create(client, try scripted.app.makeSurfaceProxy(), &status))
    XCTAssertEqual(status, GBC_STATUS_UNSUPPORTED_VERSION)
    XCTAssertEqual(gbc_client_roundtrip(client, 30_000), GBC_STATUS_OK.rawValue)
    XCTAssertEqual(scripted.compositor.requests, [])
  }

  func testTheLibraryNeverDispatchesTheAppsQueue() throws {
    scripted = try ScriptedApp()
    let client = try scripted.connect()
    var answered = false
    let callback = try XCTUnwrap(wl_display_sync(scripted.app.display))
    defer { wl_callback_destroy(callback) }
    withUnsafeMutablePointer(to: &answered) { flag in
      wl_callback_add_listener(callback, syncListener, flag)
      // The library's roundtrip reads the socket (the answer to the app's sync arrives before
      // the answer to the library's) but leaves the app's event on the app's queue.
      XCTAssertEqual(gbc_client_roundtrip(client, 30_000), GBC_STATUS_OK.rawValue)
      XCTAssertGreaterThanOrEqual(gbc_client_dispatch(client), 0)
      XCTAssertGreaterThanOrEqual(gbc_client_dispatch_pending(client), 0)
      XCTAssertFalse(flag.pointee, "the library dispatched the app's queue")
      XCTAssertGreaterThanOrEqual(wl_display_dispatch_pending(scripted.app.display), 1)
      XCTAssertTrue(flag.pointee, "the app's own dispatch runs its handler")
    }
  }

  func testTheAppsDispatchNeverRunsTheLibrarysCallbacks() throws {
    scripted = try ScriptedApp()
    let client = try scripted.connect()
    let pan = try scripted.recognizer(GBC_KIND_PAN, on: try scripted.app.makeSurfaceProxy())
    scripted.compositor.script([
      .location(x: 1, y: 2), .touches(1), .translation(dx: 3, dy: 4), .velocity(vx: 5, vy: 6),
      .frame(state: 1, microseconds: 7),
    ])
    XCTAssertEqual(gbc_recognizer_commit(pan), GBC_STATUS_OK.rawValue)
    // The app's roundtrip reads the compositor's answer to the commit too (it comes before the
    // answer to the app's sync), onto the library's queue.
    XCTAssertTrue(try scripted.app.roundtrip())
    XCTAssertTrue(scripted.log.deliveries.isEmpty, "the app's dispatch ran the library's callback")
    XCTAssertEqual(gbc_client_prepare(client), 1, "events wait on the library's queue")
    XCTAssertGreaterThanOrEqual(gbc_client_dispatch_pending(client), 5)
    XCTAssertEqual(scripted.log.gestures.map(\.stateName), ["began"])
    XCTAssertEqual(gbc_client_prepare(client), 0)
  }
}

nonisolated(unsafe) private let syncListener: UnsafePointer<wl_callback_listener> = {
  let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  listener.initialize(
    to: wl_callback_listener(done: { data, _, _ in
      data!.assumingMemoryBound(to: Bool.self).pointee = true
    }))
  return UnsafePointer(listener)
}()
