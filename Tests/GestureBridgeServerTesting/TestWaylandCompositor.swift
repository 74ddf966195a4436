import CWaylandServer
import Foundation
import GestureBridgeServer
import GestureCore

/// An in-process compositor for the tests, dispatched on the test's own thread by `pump()`:
/// a `wl_display` on a private socket with `wl_compositor` (surfaces whose requests are
/// accepted and ignored; regions that record the rectangles added to them) and a
/// `GestureBridgeServer` with a `RecordingHost`.
public final class TestWaylandCompositor {
  public let display: OpaquePointer
  public let host = RecordingHost()
  public let server: GestureBridgeServer
  public let socketPath: String
  /// The surfaces created, in order, with their server-side resources.
  public fileprivate(set) var surfaces: [OpaquePointer] = []
  private let runtimeDirectory: String

  public init() throws {
    var template = Array("/tmp/gesture-bridge-server-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: \(errno)") }
    runtimeDirectory = String(cString: created)
    chmod(runtimeDirectory, 0o700)
    guard let display = wl_display_create() else { throw TestFailure("wl_display_create failed") }
    self.display = display
    let socketName = "gb-server-test-\(getpid())"
    let previous = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
    let added = wl_display_add_socket(display, socketName)
    if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
    socketPath = "\(runtimeDirectory)/\(socketName)"
    guard added == 0, let server = GestureBridgeServer(display: display, host: host) else {
      wl_display_destroy(display)
      throw TestFailure("socket or GestureBridgeServer creation failed in \(runtimeDirectory)")
    }
    self.server = server
    server.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard
      wl_global_create(display, cwl_server_compositor_interface(), 4, context, bindCompositor)
        != nil
    else { throw TestFailure("wl_global_create(wl_compositor) failed") }
  }

  /// Dispatches whatever is ready without blocking and flushes events to the clients.
  public func pump() {
    wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
    wl_display_flush_clients(display)
  }

  /// Destroys the clients and the display, and removes the runtime directory.
  public func close() {
    wl_display_destroy_clients(display)
    wl_display_destroy(display)
    try? FileManager.default.removeItem(atPath: runtimeDirectory)
  }

  // MARK: Touches

  public var now: Int64 { EventLoopClock.monotonicMicroseconds() }

  public func down(_ id: Int32, _ x: Double, _ y: Double) {
    server.touchDown(id: id, timeMicroseconds: now, at: Point(x: x, y: y))
    server.touchFrame()
  }

  public func move(_ id: Int32, _ x: Double, _ y: Double) {
    server.touchMotion(id: id, timeMicroseconds: now, at: Point(x: x, y: y))
    server.touchFrame()
  }

  public func up(_ id: Int32) {
    server.touchUp(id: id, timeMicroseconds: now)
    server.touchFrame()
  }

  fileprivate func regionCreated(_ region: OpaquePointer) { host.regions[region] = [] }
}

public struct TestFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

// MARK: - wl_compositor, wl_surface, wl_region (C callbacks without captures)

private func compositor(_ data: UnsafeMutableRawPointer?) -> TestWaylandCompositor {
  Unmanaged<TestWaylandCompositor>.fromOpaque(data!).takeUnretainedValue()
}

private func bindCompositor(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  let resource = wl_resource_create(client, cwl_server_compositor_interface(), Int32(version), id)
  wl_resource_set_implementation(resource, compositorImplementation, data, nil)
}

nonisolated(unsafe) private let compositorImplementation:
  UnsafeMutablePointer<
    wl_compositor_interface
  > = {
    var implementation = wl_compositor_interface()
    implementation.create_surface = { client, resource, id in
      let surface = wl_resource_create(
        client, cwl_server_surface_interface(), wl_resource_get_version(resource), id)
      wl_resource_set_implementation(surface, surfaceImplementation, nil, nil)
      if let surface { compositor(wl_resource_get_user_data(resource)).surfaces.append(surface) }
    }
    implementation.create_region = { client, resource, id in
      let region = wl_resource_create(
        client, cwl_server_region_interface(), wl_resource_get_version(resource), id)
      let data = wl_resource_get_user_data(resource)
      wl_resource_set_implementation(region, regionImplementation, data, nil)
      if let region { compositor(data).regionCreated(region) }
    }
    return permanent(implementation)
  }()

nonisolated(unsafe) private let surfaceImplementation: UnsafeMutablePointer<wl_surface_interface> =
  {
    var implementation = wl_surface_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.attach = { _, _, _, _, _ in }
    implementation.damage = { _, _, _, _, _, _ in }
    implementation.frame = { client, _, id in
      _ = wl_resource_create(client, cwl_server_callback_interface(), 1, id)
    }
    implementation.set_opaque_region = { _, _, _ in }
    implementation.set_input_region = { _, _, _ in }
    implementation.commit = { _, _ in }
    implementation.set_buffer_transform = { _, _, _ in }
    implementation.set_buffer_scale = { _, _, _ in }
    implementation.damage_buffer = { _, _, _, _, _, _ in }
    implementation.offset = { _, _, _, _ in }
    return permanent(implementation)
  }()

/// Regions record added rectangles only (the tests do not subtract).
nonisolated(unsafe) private let regionImplementation: UnsafeMutablePointer<wl_region_interface> = {
  var implementation = wl_region_interface()
  implementation.destroy = { _, resource in wl_resource_destroy(resource) }
  implementation.add = { _, resource, x, y, width, height in
    guard let resource else { return }
    compositor(wl_resource_get_user_data(resource)).host.regions[resource, default: []].append(
      Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
  }
  implementation.subtract = { _, _, _, _, _, _ in }
  return permanent(implementation)
}()

private func permanent<Implementation>(_ value: Implementation) -> UnsafeMutablePointer<
  Implementation
> {
  let pointer = UnsafeMutablePointer<Implementation>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}
