// SPDX-License-Identifier: MIT
import CWaylandClient

/// The globals the demo client needs, as announced by the registry: name and version by
/// interface. Seats are bound as they come (see `DemoWindow`).
final class WaylandGlobals {
  var announced: [String: (name: UInt32, version: UInt32)] = [:]
  /// Called for each `wl_seat` global, also ones announced later.
  var onSeat: ((_ name: UInt32, _ version: UInt32) -> Void)?
}

nonisolated(unsafe) let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        let globals = Unmanaged<WaylandGlobals>.fromOpaque(data).takeUnretainedValue()
        let interfaceName = String(cString: interface)
        globals.announced[interfaceName] = (name, version)
        if interfaceName == "wl_seat" { globals.onSeat?(name, version) }
      },
      global_remove: { _, _, _ in }))
  return pointer
}()
