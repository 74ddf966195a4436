import CWaylandClient
import CWaylandServer
import GestureBridgeServerTesting

/// Server-side views of the test clients.
enum ServerSide {
  /// The server's `wl_client` of the client that created `surfaceResource`.
  static func client(owning surfaceResource: OpaquePointer) -> OpaquePointer {
    wl_resource_get_client(surfaceResource)
  }

  /// The server-side resource of a client proxy, or nil if the server has no such object.
  static func resource(of proxy: OpaquePointer, client: OpaquePointer) -> OpaquePointer? {
    wl_client_get_object(client, wl_proxy_get_id(proxy))
  }

  /// How many clients the display has.
  static func clientCount(_ display: OpaquePointer) -> Int {
    guard let list = wl_display_get_client_list(display) else { return 0 }
    var count = 0
    var link = list.pointee.next
    while let current = link, current != list {
      count += 1
      link = current.pointee.next
    }
    return count
  }
}

extension PumpedClient {
  /// The interface name and code of the protocol error the connection died of. Errors on
  /// gesture-bridge objects make libwayland-client fail with EPROTO, errors on wl_display
  /// (invalid_object, invalid_method) with EINVAL; both keep the code and interface.
  var protocolErrorName: (interface: String, code: UInt32)? {
    guard wl_display_get_error(display) != 0 else { return nil }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let code = wl_display_get_protocol_error(display, &interface, &objectID)
    guard let interface else { return nil }
    return (String(cString: interface.pointee.name), code)
  }
}
