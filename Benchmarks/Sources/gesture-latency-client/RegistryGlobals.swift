// SPDX-License-Identifier: MIT
import CWaylandClient

/// The globals the compositor announced: name and version by interface.
final class RegistryGlobals {
  var announced: [String: (name: UInt32, version: UInt32)] = [:]

  /// Binds the announced global `interfaceName` at `version` or lower.
  func bind(
    _ registry: OpaquePointer, _ interfaceName: String, _ interface: UnsafePointer<wl_interface>,
    _ version: UInt32
  ) throws -> OpaquePointer {
    guard let global = announced[interfaceName] else {
      throw LatencyClientError("the compositor does not announce \(interfaceName)")
    }
    guard
      let proxy = OpaquePointer(
        wl_registry_bind(registry, global.name, interface, min(global.version, version)))
    else { throw LatencyClientError("cannot bind \(interfaceName)") }
    return proxy
  }
}

nonisolated(unsafe) let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        Unmanaged<RegistryGlobals>.fromOpaque(data).takeUnretainedValue()
          .announced[String(cString: interface)] = (name, version)
      },
      global_remove: { _, _, _ in }))
  return pointer
}()
