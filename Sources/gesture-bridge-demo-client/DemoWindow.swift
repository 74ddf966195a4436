// SPDX-License-Identifier: MIT
import CWaylandClient
import CWaylandProtocols
import CWaylandProtocols.XdgShell
import GestureBridgeClient

/// The demo's toplevel window: a `wl_surface` with the xdg_toplevel role, a fixed size and one
/// colour. It answers `xdg_wm_base.ping`, acknowledges every `xdg_surface.configure` and
/// attaches its buffer at the first one (which maps the window). With `printTouches` it also
/// prints the `wl_touch` events of every touch-capable seat as JSON lines.
final class DemoWindow {
  let surface: OpaquePointer
  let wmBase: OpaquePointer
  let xdgSurface: OpaquePointer
  private let toplevel: OpaquePointer
  /// Set by `destroySurface()`: the role objects and the wl_surface are gone.
  private(set) var isDestroyed = false
  private let buffer: ShmBuffer
  private let printTouches: Bool
  private(set) var seats: [OpaquePointer] = []
  /// Called with the serial and seat of every wl_touch.down (after it is printed).
  var onTouchDown: ((_ serial: UInt32, _ seat: OpaquePointer) -> Void)?
  /// Called after every wl_touch.up is printed.
  var onTouchUp: (() -> Void)?
  private var touches: [OpaquePointer] = []
  /// Whether the first configure was acknowledged and the buffer committed.
  private(set) var isMapped = false
  /// Whether the compositor has presented the first buffer (its wl_surface.frame is done):
  /// from then on the window is on screen and takes touches.
  private(set) var isPresented = false
  /// Set when the compositor asks the window to close.
  private(set) var closeRequested = false

  /// Creates the window from the bound globals; throws a one-line reason on failure.
  init(
    compositor: OpaquePointer, shm: OpaquePointer, wmBase: OpaquePointer, title: String,
    appID: String, width: Int32, height: Int32, colour: UInt32, printTouches: Bool
  ) throws {
    var reason = ""
    guard
      let buffer = ShmBuffer(
        shm: shm, width: width, height: height, colour: colour, reason: &reason)
    else { throw DemoError(reason) }
    guard let surface = wl_compositor_create_surface(compositor),
      let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
      let toplevel = xdg_surface_get_toplevel(xdgSurface)
    else { throw DemoError("cannot create the window's surface") }
    self.buffer = buffer
    self.surface = surface
    self.wmBase = wmBase
    self.xdgSurface = xdgSurface
    self.toplevel = toplevel
    self.printTouches = printTouches
    let data = Unmanaged.passUnretained(self).toOpaque()
    xdg_wm_base_add_listener(wmBase, wmBaseListener, data)
    xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, data)
    xdg_toplevel_add_listener(toplevel, toplevelListener, data)
    xdg_toplevel_set_title(toplevel, title)
    xdg_toplevel_set_app_id(toplevel, appID)
    xdg_toplevel_set_min_size(toplevel, width, height)
    xdg_toplevel_set_max_size(toplevel, width, height)
    // The initial commit without a buffer asks for the first configure.
    wl_surface_commit(surface)
  }

  deinit {
    for touch in touches {
      if wl_proxy_get_version(touch) >= 3 {
        wl_touch_release(touch)
      } else {
        wl_touch_destroy(touch)
      }
    }
    for seat in seats {
      if wl_proxy_get_version(seat) >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) }
    }
    destroySurface()
    xdg_wm_base_destroy(wmBase)
  }

  /// Destroys the toplevel, its xdg_surface and the wl_surface (once); the window is unmapped
  /// and the recognizers on the surface become inert.
  func destroySurface() {
    guard !isDestroyed else { return }
    isDestroyed = true
    xdg_toplevel_destroy(toplevel)
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
  }

  /// Binds a `wl_seat` global (version up to 5) and watches its capabilities for touch.
  func addSeat(registry: OpaquePointer, name: UInt32, version: UInt32) {
    guard
      let seat = OpaquePointer(
        wl_registry_bind(registry, name, cxdg_wl_seat_interface_pointer(), min(version, 5)))
    else { return }
    seats.append(seat)
    wl_seat_add_listener(seat, seatListener, Unmanaged.passUnretained(self).toOpaque())
  }

  fileprivate func configure(serial: UInt32) {
    guard !isDestroyed else { return }
    xdg_surface_ack_configure(xdgSurface, serial)
    if !isMapped {
      wl_surface_attach(surface, buffer.buffer, 0, 0)
      wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
      if let callback = wl_surface_frame(surface) {
        wl_callback_add_listener(
          callback, frameDoneListener, Unmanaged.passUnretained(self).toOpaque())
      }
      isMapped = true
    }
    wl_surface_commit(surface)
  }

  fileprivate func pong(serial: UInt32) { xdg_wm_base_pong(wmBase, serial) }

  fileprivate func presented(_ callback: OpaquePointer?) {
    isPresented = true
    if let callback { wl_callback_destroy(callback) }
  }

  fileprivate func requestClose() { closeRequested = true }

  fileprivate func seatCapabilities(_ seat: OpaquePointer?, _ capabilities: UInt32) {
    guard printTouches, let seat, capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0,
      let touch = wl_seat_get_touch(seat)
    else { return }
    touches.append(touch)
    touchSeats.append(seat)
    wl_touch_add_listener(touch, touchListener, Unmanaged.passUnretained(self).toOpaque())
  }

  /// The seat of each wl_touch in `touches`.
  private var touchSeats: [OpaquePointer] = []

  fileprivate func touchDown(_ touch: OpaquePointer?, serial: UInt32) {
    guard let index = touches.firstIndex(where: { $0 == touch }) else { return }
    onTouchDown?(serial, touchSeats[index])
  }
}

/// A one-line failure of the demo client.
struct DemoError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

// MARK: - Listeners (C function pointers without captures; the window is the user data)

private func window(_ data: UnsafeMutableRawPointer?) -> DemoWindow? {
  data.map { Unmanaged<DemoWindow>.fromOpaque($0).takeUnretainedValue() }
}

private func permanent<Listener>(_ value: Listener) -> UnsafeMutablePointer<Listener> {
  let pointer = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}

nonisolated(unsafe) private let frameDoneListener = permanent(
  wl_callback_listener(done: { data, callback, _ in window(data)?.presented(callback) }))

nonisolated(unsafe) private let wmBaseListener = permanent(
  xdg_wm_base_listener(ping: { data, _, serial in window(data)?.pong(serial: serial) }))

nonisolated(unsafe) private let xdgSurfaceListener = permanent(
  xdg_surface_listener(configure: { data, _, serial in window(data)?.configure(serial: serial) }))

nonisolated(unsafe) private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
  var listener = xdg_toplevel_listener()
  listener.configure = { _, _, _, _, _ in }
  listener.close = { data, _ in window(data)?.requestClose() }
  listener.configure_bounds = { _, _, _, _ in }
  listener.wm_capabilities = { _, _, _ in }
  return permanent(listener)
}()

nonisolated(unsafe) private let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
  var listener = wl_seat_listener()
  listener.capabilities = { data, seat, capabilities in
    window(data)?.seatCapabilities(seat, capabilities)
  }
  listener.name = { _, _, _ in }
  return permanent(listener)
}()

nonisolated(unsafe) private let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
  var listener = wl_touch_listener()
  listener.down = { data, touch, serial, time, _, id, x, y in
    Output.line(
      JSONLine.touch(
        "touch-down", timeMilliseconds: time, id: id,
        location: SurfacePoint(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))))
    window(data)?.touchDown(touch, serial: serial)
  }
  listener.up = { data, _, _, time, id in
    Output.line(JSONLine.touch("touch-up", timeMilliseconds: time, id: id))
    window(data)?.onTouchUp?()
  }
  listener.motion = { _, _, time, id, x, y in
    Output.line(
      JSONLine.touch(
        "touch-motion", timeMilliseconds: time, id: id,
        location: SurfacePoint(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))))
  }
  listener.frame = { _, _ in Output.line("{\"event\":\"frame\"}") }
  listener.cancel = { _, _ in Output.line(JSONLine.touch("touch-cancel")) }
  listener.shape = { _, _, _, _, _ in }
  listener.orientation = { _, _, _, _ in }
  return permanent(listener)
}()
