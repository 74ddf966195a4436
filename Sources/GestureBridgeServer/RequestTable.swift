// SPDX-License-Identifier: MIT
import CWaylandServer

/// A request table (a protocol interface's C vtable) for `wl_resource_set_implementation`, in
/// memory of its own that lives as long as the process: libwayland keeps a pointer to it in
/// every resource it serves. The tables themselves are generated from the protocol XML
/// (`RequestTables.swift`, `scripts/protocol-requests-swift.awk`); the test support's
/// scripted manager and test compositor make theirs with it too.
package func requestTable<Interface>(_ implementation: Interface) -> UnsafeMutablePointer<Interface>
{
  let pointer = UnsafeMutablePointer<Interface>.allocate(capacity: 1)
  pointer.initialize(to: implementation)
  return pointer
}

/// The object a resource served with `implementation` holds as its user data (a reference the
/// resource retains); nil for a resource of another interface or implementation, or without an
/// object (an inert one). What each generated request entry calls through `from(_:)`.
func servedObject<Object: AnyObject>(
  _ resource: OpaquePointer?, _ interface: UnsafePointer<wl_interface>?,
  _ implementation: UnsafeRawPointer
) -> Object? {
  guard let resource, wl_resource_instance_of(resource, interface, implementation) != 0,
    let data = wl_resource_get_user_data(resource)
  else { return nil }
  return Unmanaged<Object>.fromOpaque(data).takeUnretainedValue()
}
