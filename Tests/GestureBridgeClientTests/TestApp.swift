import CWaylandClient
import Foundation
import XCTest

@testable import GestureBridgeClient

/// The app side of a test: a `FakeCompositor` in a private runtime directory and a
/// libwayland-client connection to it with `wl_compositor` bound, as an app would have before
/// it uses the library.
final class TestApp {
  let runtimeDirectory: PrivateRuntimeDirectory
  let compositor: FakeCompositor
  let display: OpaquePointer
  private(set) var wlCompositor: OpaquePointer?
  private let registry: OpaquePointer?
  private let globals = RegistryGlobals()

  /// Starts the server and connects; throws (after cleaning up) on any failure. Does one
  /// bounded roundtrip to learn the globals.
  init(offersManager: Bool = true) throws {
    runtimeDirectory = try PrivateRuntimeDirectory()
    do {
      compositor = try FakeCompositor(
        runtimeDirectory: runtimeDirectory, offersManager: offersManager)
    } catch {
      runtimeDirectory.remove()
      throw error
    }
    guard let display = wl_display_connect(compositor.socketPath) else {
      _ = compositor.stop(timeoutSeconds: 5)
      runtimeDirectory.remove()
      throw TestSetupError("TestApp: wl_display_connect(\(compositor.socketPath)) failed")
    }
    self.display = display
    registry = wl_display_get_registry(display)
    wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(globals).toOpaque())
    do {
      try roundtrip()
    } catch {
      wl_display_disconnect(display)
      _ = compositor.stop(timeoutSeconds: 5)
      runtimeDirectory.remove()
      throw error
    }
    if let compositorGlobal = globals.names["wl_compositor"] {
      wlCompositor = OpaquePointer(
        wl_registry_bind(registry, compositorGlobal.name, cwl_client_compositor_interface(), 4))
    }
  }

  /// A `wl_display.sync` answered by the server, dispatching the default queue, bounded to
  /// 5 s; throws the connection's error or a timeout.
  func roundtrip() throws {
    let done = SyncFlag()
    guard let callback = wl_display_sync(display) else {
      throw TestSetupError("TestApp: wl_display_sync failed")
    }
    defer { wl_callback_destroy(callback) }
    wl_callback_add_listener(callback, syncListener, Unmanaged.passUnretained(done).toOpaque())
    try BoundedDispatch(display: display, queue: nil).run(timeoutMilliseconds: 5_000) {
      done.isSet
    }
  }

  /// The registry name and version of a global the server advertised.
  func global(_ interface: String) -> (name: UInt32, version: UInt32)? { globals.names[interface] }

  var registryProxy: OpaquePointer { registry! }

  /// A new wl_surface.
  func makeSurface() throws -> OpaquePointer {
    guard let wlCompositor, let surface = wl_compositor_create_surface(wlCompositor) else {
      throw TestSetupError("TestApp: wl_compositor_create_surface failed")
    }
    return surface
  }

  /// A new wl_region.
  func makeRegion() throws -> OpaquePointer {
    guard let wlCompositor, let region = wl_compositor_create_region(wlCompositor) else {
      throw TestSetupError("TestApp: wl_compositor_create_region failed")
    }
    return region
  }

  /// Disconnects, stops the server and removes the runtime directory. Call after releasing the
  /// library objects (they use the display).
  func close(file: StaticString = #filePath, line: UInt = #line) {
    if let wlCompositor { wl_compositor_destroy(wlCompositor) }
    if let registry { wl_registry_destroy(registry) }
    wl_display_disconnect(display)
    XCTAssertTrue(
      compositor.stop(timeoutSeconds: 5), "server thread did not stop within 5 s", file: file,
      line: line)
    runtimeDirectory.remove()
  }
}

/// Globals by interface name, written by the registry listener.
final class RegistryGlobals {
  var names: [String: (name: UInt32, version: UInt32)] = [:]
}

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        Unmanaged<RegistryGlobals>.fromOpaque(data).takeUnretainedValue()
          .names[String(cString: interface)] = (name, version)
      },
      global_remove: { _, _, _ in }))
  return pointer
}()
