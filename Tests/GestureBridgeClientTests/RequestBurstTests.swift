// SPDX-License-Identifier: MIT
import CWaylandClient
import Foundation
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// libwayland-client keeps at most 4 KB of requests and fails the whole connection when a
/// request does not fit while the socket is full. A burst of requests to a compositor that is
/// not reading (busy, or starting up) must wait for it, not kill the app's connection.
final class RequestBurstTests: XCTestCase {
  func testABurstToACompositorThatIsNotReadingWaitsInsteadOfFailingTheConnection() throws {
    let compositor = try TestCompositor(manager: .scripted())
    // Not started yet: until `start()`, only this test's roundtrips dispatch it.
    let app = try TestClient(compositor: compositor, bindsManager: false)
    let global = try XCTUnwrap(app.global(GestureBridgeClient.interfaceName))
    var client: GestureBridgeClient? = GestureBridgeClient(
      display: app.display, registry: app.registry, name: global.name, version: global.version)
    let surfaces = try (0..<16).map { _ in try app.makeSurfaceProxy() }
    XCTAssertTrue(try app.roundtrip())
    // A small socket buffer: a few kilobytes the compositor does not read fill it.
    var size: Int32 = 4096
    XCTAssertEqual(
      setsockopt(
        wl_display_get_fd(app.display), SOL_SOCKET, SO_SNDBUF, &size,
        socklen_t(MemoryLayout<Int32>.size)), 0)
    // The compositor reads again half a second after the burst began, on its own thread.
    let started = DispatchSemaphore(value: 0)
    Thread {
      Thread.sleep(forTimeInterval: 0.5)
      compositor.start()
      started.signal()
    }.start()

    // 1,024 recognizers and their commits: 28 KB of requests, 16 surfaces x 64.
    for surface in surfaces {
      for _ in 0..<64 {
        let recognizer = try XCTUnwrap(client).panRecognizer(on: surface)
        try recognizer.commit()
      }
    }

    XCTAssertNil(client?.connectionError, "the burst failed the connection")
    XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
    XCTAssertTrue(try app.roundtrip())
    let requests = compositor.requests
    XCTAssertEqual(
      requests.filter { if case .getRecognizer = $0.kind { true } else { false } }.count, 1024)
    XCTAssertEqual(requests.filter { $0.kind == .commit }.count, 1024)
    // Releasing the client destroys the 1,024 recognizers in a row, then the manager (its
    // requests are recorded as object 0's).
    client = nil
    XCTAssertTrue(try app.roundtrip())
    let destroyed = compositor.requests.filter { $0.kind == .destroy }
    XCTAssertEqual(destroyed.filter { $0.recognizer != 0 }.count, 1024)
    XCTAssertEqual(destroyed.last, RecordedRequest(recognizer: 0, kind: .destroy))
    XCTAssertEqual(wl_display_get_error(app.display), 0)
    app.close()
  }
}
