// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer
import GestureCore

/// One gesture_bridge_system_gesture_surface_v1 object (version 2): it sets the pending
/// exclusion region and deferred edges of its surface (`SurfaceRecord.pendingDeferral`),
/// which the surface's wl_surface.commit applies (`GestureBridgeServer.surfaceCommitted`).
///
/// The wl_resource's user data is a retained reference to this object, released when the
/// resource is destroyed. After its surface dies the object is inert: every request but
/// destroy is ignored.
final class SystemGestureSurfaceResource {
  private(set) weak var surface: SurfaceRecord?
  private weak var server: GestureBridgeServer?
  private let resource: OpaquePointer

  private init(resource: OpaquePointer, surface: SurfaceRecord, server: GestureBridgeServer) {
    self.resource = resource
    self.surface = surface
    self.server = server
  }

  /// Creates the wl_resource for a get_system_gesture_surface request and its object; nil
  /// when out of memory (already reported to the client).
  static func create(
    client: OpaquePointer, version: Int32, id: UInt32, surface: SurfaceRecord,
    server: GestureBridgeServer
  ) -> SystemGestureSurfaceResource? {
    guard
      let resource = wl_resource_create(
        client, gesture_bridge_system_gesture_surface_v1_interface_pointer(), version, id)
    else {
      wl_client_post_no_memory(client)
      return nil
    }
    let object = SystemGestureSurfaceResource(resource: resource, surface: surface, server: server)
    wl_resource_set_implementation(
      resource, systemGestureSurfaceImplementation, Unmanaged.passRetained(object).toOpaque(),
      systemGestureSurfaceDestroyed)
    return object
  }

  /// A resource whose bridge is gone: every request but destroy is ignored.
  static func createInert(client: OpaquePointer, version: Int32, id: UInt32) {
    let resource = wl_resource_create(
      client, gesture_bridge_system_gesture_surface_v1_interface_pointer(), version, id)
    if resource == nil { wl_client_post_no_memory(client) }
    wl_resource_set_implementation(resource, systemGestureSurfaceImplementation, nil, nil)
  }

  /// The surface was destroyed: the object is inert.
  func becomeInert() { surface = nil }

  /// The object of a gesture_bridge_system_gesture_surface_v1 resource; nil for an inert
  /// one (no user data).
  static func from(_ resource: OpaquePointer?) -> SystemGestureSurfaceResource? {
    servedObject(
      resource, gesture_bridge_system_gesture_surface_v1_interface_pointer(),
      systemGestureSurfaceImplementation)
  }

  func setExclusionRegion(_ region: OpaquePointer?) {
    guard let surface, !surface.isDestroyed else { return }
    guard let region else {
      surface.pendingDeferral.exclusion = []
      return
    }
    let rectangles = server?.host.rectangles(ofRegion: region) ?? []
    surface.pendingDeferral.exclusion = rectangles.filter { $0.width > 0 && $0.height > 0 }
  }

  func setDeferredEdges(_ edges: UInt32) {
    guard let surface, !surface.isDestroyed else { return }
    guard edges & ~RectEdge.all.rawValue32 == 0 else {
      return ProtocolError.postSystemGestureSurface(
        resource, GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES,
        "set_deferred_edges: \(edges) has bits outside the edges enum (top 1, left 2, "
          + "bottom 4, right 8)")
    }
    surface.pendingDeferral.deferredEdges = RectEdge(rawValue: UInt(edges))
  }

  /// The resource is going: the surface's deferral is removed at its next commit.
  fileprivate func destroyed() {
    guard let surface else { return }
    surface.pendingDeferral = .none
    if surface.systemGestureSurface === self { surface.systemGestureSurface = nil }
    self.surface = nil
  }
}

extension RectEdge {
  fileprivate var rawValue32: UInt32 { UInt32(truncatingIfNeeded: rawValue) }
}

private func systemGestureSurfaceDestroyed(_ resource: OpaquePointer?) {
  guard let resource, let data = wl_resource_get_user_data(resource) else { return }
  let object = Unmanaged<SystemGestureSurfaceResource>.fromOpaque(data)
  object.takeUnretainedValue().destroyed()
  object.release()
}
