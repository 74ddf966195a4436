// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureBridgeServer
import GestureCore

/// Adds the `wl_compositor` global of `compositor` (version 4) to `display`; false if
/// libwayland refused. Surfaces accept and ignore every request but `destroy` and `commit`
/// (which tells the compositor's bridge, `GestureBridgeServer.surfaceCommitted`; frame
/// callbacks are backed by resources and never signalled); regions record the rectangles
/// added to them in the compositor's `RecordingHost` (the tests do not subtract).
func addCompositorGlobal(to display: OpaquePointer, compositor: TestCompositor) -> Bool {
  let data = Unmanaged.passUnretained(compositor).toOpaque()
  return wl_global_create(display, cwl_server_compositor_interface(), 4, data, bindCompositor)
    != nil
}

/// A new resource, or nil after telling the client it ran out of memory.
func createResource(
  _ client: OpaquePointer?, _ interface: UnsafePointer<wl_interface>, _ version: Int32,
  _ id: UInt32
) -> OpaquePointer? {
  let resource = wl_resource_create(client, interface, version, id)
  if resource == nil { wl_client_post_no_memory(client) }
  return resource
}

// MARK: - C callbacks (no captures: the compositor travels as the resources' user data)

private func compositor(_ data: UnsafeMutableRawPointer?) -> TestCompositor {
  Unmanaged<TestCompositor>.fromOpaque(data!).takeUnretainedValue()
}

private func bindCompositor(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  guard let resource = createResource(client, cwl_server_compositor_interface(), Int32(version), id)
  else { return }
  wl_resource_set_implementation(resource, compositorImplementation, data, nil)
}

nonisolated(unsafe) private let compositorImplementation:
  UnsafeMutablePointer<wl_compositor_interface> = {
    var implementation = wl_compositor_interface()
    implementation.create_surface = { client, resource, id in
      guard
        let surface = createResource(
          client, cwl_server_surface_interface(), wl_resource_get_version(resource), id)
      else { return }
      let data = wl_resource_get_user_data(resource)
      wl_resource_set_implementation(surface, surfaceImplementation, data, nil)
      compositor(data).surfaceCreated(surface)
    }
    implementation.create_region = { client, resource, id in
      guard
        let region = createResource(
          client, cwl_server_region_interface(), wl_resource_get_version(resource), id)
      else { return }
      let data = wl_resource_get_user_data(resource)
      wl_resource_set_implementation(region, regionImplementation, data, nil)
      compositor(data).host.regions[region] = []
    }
    return requestTable(implementation)
  }()

nonisolated(unsafe) private let surfaceImplementation: UnsafeMutablePointer<wl_surface_interface> =
  {
    var implementation = wl_surface_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.attach = { _, _, _, _, _ in }
    implementation.damage = { _, _, _, _, _, _ in }
    implementation.frame = { client, _, id in
      _ = createResource(client, cwl_server_callback_interface(), 1, id)
    }
    implementation.set_opaque_region = { _, _, _ in }
    implementation.set_input_region = { _, _, _ in }
    implementation.commit = { _, resource in
      guard let resource else { return }
      compositor(wl_resource_get_user_data(resource)).surfaceCommitted(resource)
    }
    implementation.set_buffer_transform = { _, _, _ in }
    implementation.set_buffer_scale = { _, _, _ in }
    implementation.damage_buffer = { _, _, _, _, _, _ in }
    implementation.offset = { _, _, _, _ in }
    return requestTable(implementation)
  }()

nonisolated(unsafe) private let regionImplementation: UnsafeMutablePointer<wl_region_interface> = {
  var implementation = wl_region_interface()
  implementation.destroy = { _, resource in wl_resource_destroy(resource) }
  implementation.add = { _, resource, x, y, width, height in
    guard let resource else { return }
    compositor(wl_resource_get_user_data(resource)).host.regions[resource, default: []].append(
      Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
  }
  implementation.subtract = { _, _, _, _, _, _ in }
  return requestTable(implementation)
}()
