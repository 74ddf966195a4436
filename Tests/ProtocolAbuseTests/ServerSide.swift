// SPDX-License-Identifier: MIT
import CWaylandClient
import CWaylandServer

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
