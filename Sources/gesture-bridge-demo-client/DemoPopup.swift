// SPDX-License-Identifier: MIT
import CWaylandClient
import CWaylandProtocols
import CWaylandProtocols.XdgShell

/// The demo's popup (`--popup-on-touch-up`): a 100x100 xdg_popup of the window with an explicit
/// grab (`xdg_popup.grab` with the serial of the window's last wl_touch.down), opened at the
/// first wl_touch.up and destroyed at the next one. Prints `{"event":"popup-grabbed"}`,
/// `{"event":"popup-done"}` when the compositor dismisses it and
/// `{"event":"popup-destroyed"}`.
final class DemoPopup {
  private let surface: OpaquePointer
  private let xdgSurface: OpaquePointer
  private let popup: OpaquePointer
  private let buffer: ShmBuffer
  private var isConfigured = false

  init(
    compositor: OpaquePointer, shm: OpaquePointer, wmBase: OpaquePointer,
    parent: OpaquePointer, seat: OpaquePointer, serial: UInt32
  ) throws {
    var reason = ""
    guard
      let buffer = ShmBuffer(shm: shm, width: 100, height: 100, colour: 0xE0_A0_20, reason: &reason)
    else { throw DemoError(reason) }
    guard let surface = wl_compositor_create_surface(compositor),
      let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
      let positioner = xdg_wm_base_create_positioner(wmBase)
    else { throw DemoError("cannot create the popup's surface") }
    xdg_positioner_set_size(positioner, 100, 100)
    xdg_positioner_set_anchor_rect(positioner, 0, 0, 1, 1)
    guard let popup = xdg_surface_get_popup(xdgSurface, parent, positioner) else {
      throw DemoError("cannot create the popup")
    }
    xdg_positioner_destroy(positioner)
    self.buffer = buffer
    self.surface = surface
    self.xdgSurface = xdgSurface
    self.popup = popup
    let data = Unmanaged.passUnretained(self).toOpaque()
    xdg_surface_add_listener(xdgSurface, popupSurfaceListener, data)
    xdg_popup_add_listener(popup, popupListener, data)
    xdg_popup_grab(popup, seat, serial)
    wl_surface_commit(surface)
    Output.line("{\"event\":\"popup-grabbed\"}")
  }

  /// Destroys the popup (which ends its grab).
  func destroy() {
    xdg_popup_destroy(popup)
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
    Output.line("{\"event\":\"popup-destroyed\"}")
  }

  fileprivate func configure(serial: UInt32) {
    xdg_surface_ack_configure(xdgSurface, serial)
    if !isConfigured {
      isConfigured = true
      wl_surface_attach(surface, buffer.buffer, 0, 0)
      wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
    }
    wl_surface_commit(surface)
  }
}

private func popup(_ data: UnsafeMutableRawPointer?) -> DemoPopup? {
  data.map { Unmanaged<DemoPopup>.fromOpaque($0).takeUnretainedValue() }
}

nonisolated(unsafe) private let popupSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> =
  {
    let pointer = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: xdg_surface_listener(configure: { data, _, serial in
        popup(data)?.configure(serial: serial)
      }))
    return pointer
  }()

nonisolated(unsafe) private let popupListener: UnsafeMutablePointer<xdg_popup_listener> = {
  var listener = xdg_popup_listener()
  listener.configure = { _, _, _, _, _, _ in }
  listener.popup_done = { _, _ in Output.line("{\"event\":\"popup-done\"}") }
  listener.repositioned = { _, _, _ in }
  let pointer = UnsafeMutablePointer<xdg_popup_listener>.allocate(capacity: 1)
  pointer.initialize(to: listener)
  return pointer
}()
