// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer
import GestureCore

/// The gesture_bridge_manager_v1 global and its per-client objects. A manager resource's
/// user data is a retained `ManagerResource` holding the bridge weakly, so a client's
/// manager outliving the bridge only ever creates inert recognizers.
final class ManagerResource {
  weak var server: GestureBridgeServer?

  init(server: GestureBridgeServer?) { self.server = server }

  /// The version of the global: the protocol XML's (the generated interface's; 2 brought
  /// get_system_gesture_surface). A client binding an older version sees that version
  /// exactly: requests and type entries newer than it are protocol errors.
  static let version: Int32 = gesture_bridge_manager_v1_interface_pointer().pointee.version

  /// Creates the global on `display`; its bind data is the bridge (unretained: the bridge
  /// destroys the global before it goes).
  static func createGlobal(display: OpaquePointer, server: GestureBridgeServer) -> OpaquePointer? {
    wl_global_create(
      display, gesture_bridge_manager_v1_interface_pointer(), version,
      Unmanaged.passUnretained(server).toOpaque(), bindManager)
  }

  /// The values of the protocol's type enum, as error messages give them ("(1...7)").
  private static let typeRange: String = {
    let values = WireManagerType.allCases.map(\.rawValue)
    return "(\(values.min() ?? 0)...\(values.max() ?? 0))"
  }()

  /// The manager of a gesture_bridge_manager_v1 resource of this bridge, or nil.
  static func from(_ resource: OpaquePointer?) -> ManagerResource? {
    servedObject(resource, gesture_bridge_manager_v1_interface_pointer(), managerImplementation)
  }

  func getRecognizer(
    _ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32, _ surface: OpaquePointer?,
    _ typeValue: UInt32
  ) {
    guard let client, let manager else { return }
    let version = UInt32(clamping: wl_resource_get_version(manager))
    guard let type = RecognizerKind(wireType: typeValue, version: version) else {
      if let newer = WireManagerType(rawValue: typeValue) {
        return ProtocolError.postManager(
          manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE,
          "get_recognizer: type \(typeValue) (\(newer.xmlName)) needs version \(newer.since) of "
            + "gesture_bridge_manager_v1; this client bound version \(version)")
      }
      return ProtocolError.postManager(
        manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE,
        "get_recognizer: type \(typeValue) is not a value of the type enum \(Self.typeRange)")
    }
    guard let surface, let server else {
      // The bridge is gone: the recognizer is created for the client's sake and never used.
      let resource = wl_resource_create(
        client, gesture_bridge_recognizer_v1_interface_pointer(),
        wl_resource_get_version(manager), id)
      if resource == nil { wl_client_post_no_memory(client) }
      wl_resource_set_implementation(resource, inertRecognizerImplementation, nil, nil)
      return
    }
    let record = server.surfaceRecord(for: surface)
    guard record.recognizers.count < GestureBridgeServer.maximumRecognizersPerSurface else {
      return ProtocolError.postManager(
        manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS,
        "get_recognizer: wl_surface@\(wl_resource_get_id(surface)) already has "
          + "\(GestureBridgeServer.maximumRecognizersPerSurface) recognizers")
    }
    guard server.recognizerCount(of: client) < GestureBridgeServer.maximumRecognizersPerClient
    else {
      return ProtocolError.postManager(
        manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS,
        "get_recognizer: the client already has "
          + "\(GestureBridgeServer.maximumRecognizersPerClient) recognizers")
    }
    guard acceptsTouch(surface, server, manager, "get_recognizer") else { return }
    guard
      let recognizer = RecognizerResource.create(
        client: client, version: wl_resource_get_version(manager), id: id, type: type,
        surface: record, server: server)
    else { return }
    record.add(recognizer)
  }

  /// Whether `surface` may receive touches; if not, posts invalid_surface for `request`.
  private func acceptsTouch(
    _ surface: OpaquePointer, _ server: GestureBridgeServer, _ manager: OpaquePointer,
    _ request: String
  ) -> Bool {
    guard server.host.surfaceAcceptsTouch(surface) else {
      ProtocolError.postManager(
        manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_SURFACE,
        "\(request): wl_surface@\(wl_resource_get_id(surface)) has a role that never "
          + "receives touch input (cursor or drag icon)")
      return false
    }
    return true
  }

  func getSystemGestureSurface(
    _ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32, _ surface: OpaquePointer?
  ) {
    guard let client, let manager else { return }
    let version = wl_resource_get_version(manager)
    guard let surface, let server else {
      return SystemGestureSurfaceResource.createInert(client: client, version: version, id: id)
    }
    let record = server.surfaceRecord(for: surface)
    guard record.systemGestureSurface == nil else {
      return ProtocolError.postManager(
        manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS,
        "get_system_gesture_surface: wl_surface@\(wl_resource_get_id(surface)) already has a "
          + "gesture_bridge_system_gesture_surface_v1")
    }
    guard acceptsTouch(surface, server, manager, "get_system_gesture_surface") else { return }
    record.systemGestureSurface = SystemGestureSurfaceResource.create(
      client: client, version: version, id: id, surface: record, server: server)
  }
}

private func bindManager(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  guard
    let resource = wl_resource_create(
      client, gesture_bridge_manager_v1_interface_pointer(),
      min(Int32(clamping: version), ManagerResource.version), id)
  else {
    wl_client_post_no_memory(client)
    return
  }
  let server = data.map { Unmanaged<GestureBridgeServer>.fromOpaque($0).takeUnretainedValue() }
  let manager = ManagerResource(server: server)
  wl_resource_set_implementation(
    resource, managerImplementation, Unmanaged.passRetained(manager).toOpaque(),
    managerResourceDestroyed)
}

private func managerResourceDestroyed(_ resource: OpaquePointer?) {
  guard let data = wl_resource_get_user_data(resource) else { return }
  Unmanaged<ManagerResource>.fromOpaque(data).release()
}
