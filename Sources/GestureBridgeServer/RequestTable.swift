// SPDX-License-Identifier: MIT
/// A request table (a protocol interface's C vtable) for `wl_resource_set_implementation`, in
/// memory of its own that lives as long as the process: libwayland keeps a pointer to it in
/// every resource it serves. The tables themselves are generated from the protocol XML
/// (`RequestTables.swift`, `scripts/protocol-requests-swift.awk`).
func requestTable<Interface>(_ implementation: Interface) -> UnsafeMutablePointer<Interface> {
  let pointer = UnsafeMutablePointer<Interface>.allocate(capacity: 1)
  pointer.initialize(to: implementation)
  return pointer
}
