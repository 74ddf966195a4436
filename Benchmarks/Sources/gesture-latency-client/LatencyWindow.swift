// SPDX-License-Identifier: MIT
import CWaylandClient
import CWaylandProtocols
import CWaylandProtocols.XdgShell
import Glibc

/// The latency client's toplevel window: a `wl_surface` with the xdg_toplevel role and one
/// shared-memory buffer of a fixed size. It answers `xdg_wm_base.ping`, acknowledges every
/// `xdg_surface.configure` and attaches its buffer at the first one (which maps the window).
final class LatencyWindow {
  let surface: OpaquePointer
  private let wmBase: OpaquePointer
  private let xdgSurface: OpaquePointer
  private let toplevel: OpaquePointer
  private let buffer: OpaquePointer
  /// Whether the first configure was acknowledged and the buffer committed.
  private(set) var isMapped = false

  /// Creates the window from the bound globals; throws a one-line reason on failure.
  init(
    compositor: OpaquePointer, shm: OpaquePointer, wmBase: OpaquePointer, width: Int32,
    height: Int32
  ) throws {
    buffer = try Self.makeBuffer(shm: shm, width: width, height: height)
    guard let surface = wl_compositor_create_surface(compositor),
      let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
      let toplevel = xdg_surface_get_toplevel(xdgSurface)
    else { throw LatencyClientError("cannot create the window's surface") }
    self.surface = surface
    self.wmBase = wmBase
    self.xdgSurface = xdgSurface
    self.toplevel = toplevel
    let data = Unmanaged.passUnretained(self).toOpaque()
    xdg_wm_base_add_listener(wmBase, wmBaseListener, data)
    xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, data)
    xdg_toplevel_add_listener(toplevel, toplevelListener, data)
    xdg_toplevel_set_title(toplevel, "gesture-latency-client")
    xdg_toplevel_set_app_id(toplevel, "gesture-latency-client")
    // The initial commit without a buffer asks for the first configure.
    wl_surface_commit(surface)
  }

  deinit {
    xdg_toplevel_destroy(toplevel)
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
    wl_buffer_destroy(buffer)
    xdg_wm_base_destroy(wmBase)
  }

  fileprivate func configure(serial: UInt32) {
    xdg_surface_ack_configure(xdgSurface, serial)
    if !isMapped {
      wl_surface_attach(surface, buffer, 0, 0)
      wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
      isMapped = true
    }
    wl_surface_commit(surface)
  }

  fileprivate func pong(serial: UInt32) { xdg_wm_base_pong(wmBase, serial) }

  /// One grey XRGB8888 buffer in an unlinked POSIX shared memory object.
  private static func makeBuffer(shm: OpaquePointer, width: Int32, height: Int32) throws
    -> OpaquePointer
  {
    let stride = width * 4
    let size = Int(stride) * Int(height)
    let name = "/gesture-latency-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw LatencyClientError("shm_open failed: errno \(errno)") }
    shm_unlink(name)
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0,
      let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
      memory != MAP_FAILED
    else { throw LatencyClientError("cannot map \(size) bytes of shared memory") }
    memory.initializeMemory(as: UInt8.self, repeating: 0x80, count: size)
    munmap(memory, size)
    guard let pool = wl_shm_create_pool(shm, descriptor, Int32(size)) else {
      throw LatencyClientError("wl_shm.create_pool failed")
    }
    defer { wl_shm_pool_destroy(pool) }
    guard
      let buffer = wl_shm_pool_create_buffer(
        pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888.rawValue)
    else { throw LatencyClientError("wl_shm_pool.create_buffer failed") }
    return buffer
  }
}

// MARK: - Listeners (C function pointers without captures; the window is the user data)

private func window(_ data: UnsafeMutableRawPointer?) -> LatencyWindow? {
  data.map { Unmanaged<LatencyWindow>.fromOpaque($0).takeUnretainedValue() }
}

private func permanent<Listener>(_ value: Listener) -> UnsafeMutablePointer<Listener> {
  let pointer = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}

nonisolated(unsafe) private let wmBaseListener = permanent(
  xdg_wm_base_listener(ping: { data, _, serial in window(data)?.pong(serial: serial) }))

nonisolated(unsafe) private let xdgSurfaceListener = permanent(
  xdg_surface_listener(configure: { data, _, serial in window(data)?.configure(serial: serial) }))

nonisolated(unsafe) private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
  var listener = xdg_toplevel_listener()
  listener.configure = { _, _, _, _, _ in }
  listener.close = { _, _ in }
  listener.configure_bounds = { _, _, _, _ in }
  listener.wm_capabilities = { _, _, _ in }
  return permanent(listener)
}()
