import CGestureBridgeProtocol
import CGestureBridgeProtocol.Client
import CWaylandClient
import Foundation
import XCTest

/// One `TestCompositor` on a unique socket in a private runtime directory, and one
/// `TestClient` connected to it from the test's thread with wl_compositor and
/// gesture_bridge_manager_v1 bound.
final class WaylandTestSession {
  let runtimeDirectory: PrivateRuntimeDirectory
  let compositor: TestCompositor
  let client: TestClient
  let wlCompositor: OpaquePointer
  let manager: OpaquePointer

  /// Starts the server thread, connects, and binds the two globals; throws on any failure
  /// after cleaning up what was started.
  init() throws {
    runtimeDirectory = try PrivateRuntimeDirectory()
    let socketName = "gesture-bridge-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    do {
      compositor = try TestCompositor(runtimeDirectory: runtimeDirectory, socketName: socketName)
    } catch {
      runtimeDirectory.remove()
      throw error
    }
    compositor.start()
    do {
      client = try TestClient(socketPath: "\(runtimeDirectory.path)/\(socketName)")
      try client.roundtrip()
      guard
        let wlCompositor = client.bind(
          "wl_compositor", interface: cwl_client_compositor_interface(), version: 4),
        let manager = client.bind(
          "gesture_bridge_manager_v1", interface: gesture_bridge_manager_v1_interface_pointer(),
          version: 1)
      else {
        throw WaylandTestError(
          "WaylandTestSession: globals advertised: \(client.log.globals.keys.sorted())")
      }
      self.wlCompositor = wlCompositor
      self.manager = manager
    } catch {
      _ = compositor.stop(timeoutSeconds: 5)
      runtimeDirectory.remove()
      throw error
    }
  }

  /// A new wl_surface of the client.
  func makeSurface() throws -> OpaquePointer {
    guard let surface = wl_compositor_create_surface(wlCompositor) else {
      throw WaylandTestError("WaylandTestSession: wl_compositor_create_surface failed")
    }
    return surface
  }

  /// Stops the server (the client object disconnects when released) and removes the runtime
  /// directory. Fails the test if the server thread did not stop in time.
  func close(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(
      compositor.stop(timeoutSeconds: 5), "server thread did not stop within 5 s", file: file,
      line: line)
    runtimeDirectory.remove()
  }
}
