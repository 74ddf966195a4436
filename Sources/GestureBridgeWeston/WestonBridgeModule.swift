import CGestureBridge
import CWeston
import GestureCore
import Glibc
import WestonModuleSupport

/// The weston 10 module: a `gb_bridge` (through the C ABI of gesture_bridge.h) on weston's
/// display, fed by a touch grab on every seat with touch, picking surfaces with
/// `weston_compositor_pick_view` and forwarding the bridge's regulated deliveries to the
/// clients' wl_touch objects itself (the grab swallows weston's own forwarding).
///
/// Touch ids given to the bridge are `seat index * 1024 + weston's id`, so seats never mix.
/// Options come from weston.ini's `[gesture-bridge]` section (`ModuleOptions`): with
/// touchscreen devices (`device=`) the module adds the seat "gesture-bridge"
/// (`VirtualTouchSeat`) fed by `DeviceTouchFeed`; `extra-outputs` adds outputs for several
/// clients side by side. The test seat module (recordings and touch scripts, for tests and
/// the demo) reaches the same seat through the plugin API this module registers
/// (`TestSeatAPI`). When the compositor is destroyed, the device feed closes its devices and
/// leaves the event loop.
final class WestonBridgeModule {
  static let idsPerSeat: Int32 = 1024

  let compositor: UnsafeMutablePointer<weston_compositor>
  private(set) var bridge: OpaquePointer?
  /// Touch states with our grab, by seat index.
  private(set) var touches: [UnsafeMutablePointer<weston_touch>] = []
  private var virtualSeatCreated = false
  private var virtualSeatStorage: VirtualTouchSeat?
  private var deviceFeed: DeviceTouchFeed?
  /// The scale of the touch surface the test seat module plays (its recording's), if any.
  var testSeatScale: PhysicalScale?
  /// Whether the test seat module has attached (`TestSeatAPI`), and the test seat's keys set
  /// in weston.ini (said in a warning when it has not).
  var testSeatAttached = false
  private(set) var testSeatKeys: [String] = []

  init?(compositor: UnsafeMutablePointer<weston_compositor>) {
    self.compositor = compositor
    var callbacks = gb_host_callbacks(
      pick_surface: hostPickSurface, region_rectangles: hostRegionRectangles,
      surface_accepts_touch: hostSurfaceAcceptsTouch, deliver: hostDeliver, hold: nil,
      cancel: hostCancel, frame: hostFrame)
    guard
      let bridge = gb_bridge_create(compositor.pointee.wl_display, &callbacks, nil)
    else { return nil }
    self.bridge = bridge
  }

  /// Applies `options`: extra outputs, the device feed, the plugin API for the test seat
  /// module, then the grab on every seat (now and when seats appear or gain touch). Devices
  /// that cannot be used are logged and left out; weston keeps running.
  func start(options: ModuleOptions) {
    for problem in options.problems { WestonLog.write("weston.ini: \(problem)") }
    for index in 0..<options.extraOutputs {
      let name = "gesture-bridge-\(index + 1)"
      if cweston_create_windowed_head(compositor, name) == 0 {
        WestonLog.write("added output \(name)")
      } else {
        WestonLog.write("error: cannot add output \(name): the backend has no windowed-output API")
      }
    }
    if !options.devicePaths.isEmpty, let seat = virtualSeat() {
      deviceFeed = DeviceTouchFeed(
        seat: seat, compositor: compositor, paths: options.devicePaths,
        outputName: options.deviceOutput)
    }
    TestSeatAPI.register(on: compositor)
    testSeatKeys = options.testSeatKeys
    if !testSeatKeys.isEmpty { TestSeatAPI.checkAttached(on: compositor) }
    if let destroyed = cweston_listener_allocate(compositorDestroyed, nil) {
      wl_signal_add(&compositor.pointee.destroy_signal, &destroyed.pointee.listener)
    }
    grabAllSeats()
    let created = cweston_listener_allocate(seatCreated, nil)
    if let created {
      wl_signal_add(&compositor.pointee.seat_created_signal, &created.pointee.listener)
    }
  }

  /// The seat "gesture-bridge", created on first use (the device feed, the test seat module);
  /// nil, logged once, when weston cannot create it.
  func virtualSeat() -> VirtualTouchSeat? {
    if !virtualSeatCreated {
      virtualSeatCreated = true
      virtualSeatStorage = VirtualTouchSeat.create(on: compositor)
      if virtualSeatStorage == nil {
        WestonLog.write("error: could not create the virtual touch seat")
      }
    }
    return virtualSeatStorage
  }

  /// The compositor is going away (its event loop still exists): the device feed leaves the
  /// loop and releases libinput.
  func compositorWillBeDestroyed() {
    deviceFeed?.close()
    deviceFeed = nil
  }

  /// Installs the grab on every seat that has touch and does not have it yet, and listens
  /// to each seat's capability changes.
  func grabAllSeats() {
    var seats = [UnsafeMutablePointer<weston_seat>?](repeating: nil, count: 32)
    let count = Int(cweston_seats(compositor, &seats, Int32(seats.count)))
    for seat in seats.prefix(min(count, seats.count)).compactMap({ $0 }) { grab(seat) }
  }

  private var watchedSeats: [UnsafeMutablePointer<weston_seat>] = []

  func grab(_ seat: UnsafeMutablePointer<weston_seat>) {
    if !watchedSeats.contains(seat) {
      watchedSeats.append(seat)
      if let listener = cweston_listener_allocate(seatCapsChanged, nil) {
        wl_signal_add(&seat.pointee.updated_caps_signal, &listener.pointee.listener)
      }
    }
    guard let touch = seat.pointee.touch_state, !touches.contains(touch),
      let grab = cweston_touch_grab_allocate()
    else { return }
    grab.pointee.interface = UnsafePointer(touchGrabInterface)
    weston_touch_start_grab(touch, grab)
    touches.append(touch)
    WestonLog.write("touch grab installed on seat '\(String(cString: seat.pointee.seat_name))'")
  }

  func hostID(_ touch: UnsafeMutablePointer<weston_touch>?, _ id: Int32) -> Int32? {
    guard let touch, let index = touches.firstIndex(of: touch) else { return nil }
    return Int32(index) * Self.idsPerSeat + id
  }

  func updateScreen() {
    var x: Int32 = 0
    var y: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    if cweston_screen_rect(compositor, &x, &y, &width, &height) {
      gb_bridge_set_screen(bridge, Double(x), Double(y), Double(width), Double(height))
    }
    updatePhysicalScale()
  }

  /// The scale last given to the bridge (`gb_bridge_set_pixels_per_millimetre`).
  private var physicalScale: PhysicalScale?

  /// Gives the bridge the screen's pixels per millimetre of the touch surface: the `device=`
  /// feed's (its touchscreens' size on their output) when it has one, else the test seat
  /// module's playing recording's (its touchscreen's size on its output), else the physical
  /// size (EDID) of the first embedded panel reporting one (a touchscreen overlaying a
  /// laptop's, tablet's or phone's built-in display), for weston's own touchscreens; unknown
  /// (the pixel fallbacks)
  /// when none applies. Runs at every touch down, so the thresholds follow device and output
  /// changes from the next touch sequence on.
  func updatePhysicalScale() {
    let scale = deviceFeed?.physicalScale ?? testSeatScale ?? outputScale()
    guard scale != physicalScale else { return }
    physicalScale = scale
    gb_bridge_set_pixels_per_millimetre(bridge, scale?.pixelsPerMillimetre ?? 0)
  }

  /// The first embedded panel with a physical size: its global size over its size in
  /// millimetres.
  private func outputScale() -> PhysicalScale? {
    var width: Int32 = 0
    var height: Int32 = 0
    var widthMillimetres: Int32 = 0
    var heightMillimetres: Int32 = 0
    guard
      cweston_output_physical_size(
        compositor, &width, &height, &widthMillimetres, &heightMillimetres)
    else { return nil }
    return PhysicalScale(
      screenWidthPixels: Double(width), screenHeightPixels: Double(height),
      surfaceWidthMillimetres: Double(widthMillimetres),
      surfaceHeightMillimetres: Double(heightMillimetres))
  }

  /// Sends one wl_touch event to `surface`'s client on the seat of `hostTouchID`, or on every
  /// grabbed seat for frame and cancel.
  func send(
    _ kind: cweston_touch_kind, surface: OpaquePointer, hostTouchID: Int32?,
    timeMicroseconds: UInt64,
    sx: Double, sy: Double
  ) {
    let serial = wl_display_next_serial(compositor.pointee.wl_display)
    let milliseconds = UInt32(truncatingIfNeeded: timeMicroseconds / 1000)
    let targets: ArraySlice<UnsafeMutablePointer<weston_touch>>
    var westonID: Int32 = 0
    if let hostTouchID {
      let index = Int(hostTouchID / Self.idsPerSeat)
      guard touches.indices.contains(index) else { return }
      targets = touches[index...index]
      westonID = hostTouchID % Self.idsPerSeat
    } else {
      targets = touches[...]
    }
    for touch in targets {
      cweston_touch_send(
        touch, kind, surface, serial, milliseconds, westonID, wl_fixed_from_double(sx),
        wl_fixed_from_double(sy))
    }
  }
}

nonisolated(unsafe) var westonBridgeModule: WestonBridgeModule?

/// Weston's entry point for `--modules=/abs/path/libgesture-bridge-weston.so`.
@_cdecl("wet_module_init")
public func wetModuleInit(
  compositor: UnsafeMutablePointer<weston_compositor>?, argc: UnsafeMutablePointer<Int32>?,
  argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  guard let compositor, westonBridgeModule == nil else { return -1 }
  guard let module = WestonBridgeModule(compositor: compositor) else {
    WestonLog.write("gb_bridge_create failed")
    return -1
  }
  westonBridgeModule = module
  module.start(options: ModuleOptions.read(from: compositor))
  // Last, so that whoever waits for this line finds the options' messages above it.
  WestonLog.write("gesture_bridge_manager_v1 advertised")
  return 0
}

// MARK: - Compositor and seat signals

private func compositorDestroyed(
  _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
) {
  westonBridgeModule?.compositorWillBeDestroyed()
  guard let listener else { return }
  wl_list_remove(&listener.pointee.link)
  free(listener)
}

private func seatCreated(
  _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
) {
  guard let seat = data?.assumingMemoryBound(to: weston_seat.self) else { return }
  westonBridgeModule?.grab(seat)
}

private func seatCapsChanged(
  _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
) {
  guard let seat = data?.assumingMemoryBound(to: weston_seat.self) else { return }
  westonBridgeModule?.grab(seat)
}

// MARK: - Touch grab: weston's input goes to the bridge

private func microseconds(_ time: UnsafePointer<timespec>?) -> UInt64 {
  guard let time else { return 0 }
  return UInt64(max(0, time.pointee.tv_sec)) * 1_000_000 + UInt64(max(0, time.pointee.tv_nsec))
    / 1_000
}

nonisolated(unsafe) private let touchGrabInterface:
  UnsafeMutablePointer<weston_touch_grab_interface> = {
    var interface = weston_touch_grab_interface()
    interface.down = { grab, time, id, x, y in
      guard let module = westonBridgeModule, let hostID = module.hostID(grab?.pointee.touch, id)
      else { return }
      module.updateScreen()
      gb_bridge_touch_down(
        module.bridge, microseconds(time), hostID, wl_fixed_to_double(x), wl_fixed_to_double(y))
    }
    interface.motion = { grab, time, id, x, y in
      guard let module = westonBridgeModule, let hostID = module.hostID(grab?.pointee.touch, id)
      else { return }
      gb_bridge_touch_motion(
        module.bridge, microseconds(time), hostID, wl_fixed_to_double(x), wl_fixed_to_double(y))
    }
    interface.up = { grab, time, id in
      guard let module = westonBridgeModule, let hostID = module.hostID(grab?.pointee.touch, id)
      else { return }
      gb_bridge_touch_up(module.bridge, microseconds(time), hostID)
    }
    interface.frame = { _ in gb_bridge_touch_frame(westonBridgeModule?.bridge) }
    interface.cancel = { _ in
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      gb_bridge_touch_cancel(westonBridgeModule?.bridge, microseconds(&now))
    }
    let pointer = UnsafeMutablePointer<weston_touch_grab_interface>.allocate(capacity: 1)
    pointer.initialize(to: interface)
    return pointer
  }()

// MARK: - Host callbacks of the bridge

private func hostPickSurface(
  _ userData: UnsafeMutableRawPointer?, _ x: Double, _ y: Double,
  _ hit: UnsafeMutablePointer<gb_surface_hit>?
) -> Bool {
  guard let module = westonBridgeModule, let hit else { return false }
  var sx: wl_fixed_t = 0
  var sy: wl_fixed_t = 0
  guard
    let view = weston_compositor_pick_view(
      module.compositor, wl_fixed_from_double(x), wl_fixed_from_double(y), &sx, &sy),
    let surface = view.pointee.surface, let resource = surface.pointee.resource
  else { return false }
  hit.pointee = gb_surface_hit(
    surface: resource, sx: wl_fixed_to_double(sx), sy: wl_fixed_to_double(sy),
    width: Double(surface.pointee.width), height: Double(surface.pointee.height))
  return true
}

private func hostRegionRectangles(
  _ userData: UnsafeMutableRawPointer?, _ region: OpaquePointer?,
  _ rects: UnsafeMutablePointer<gb_rect>?, _ capacity: Int32
) -> Int32 {
  guard let region, let rects, capacity >= 0 else { return -1 }
  var values = [Int32](repeating: 0, count: Int(capacity) * 4)
  let count = cweston_region_rectangles(region, &values, capacity)
  for index in 0..<Int(min(count, capacity)) {
    rects[index] = gb_rect(
      x: values[4 * index], y: values[4 * index + 1], width: values[4 * index + 2],
      height: values[4 * index + 3])
  }
  return count
}

private func hostSurfaceAcceptsTouch(
  _ userData: UnsafeMutableRawPointer?, _ surface: OpaquePointer?
)
  -> Bool
{
  guard let surface, let role = cweston_surface_role(surface) else { return true }
  let name = String(cString: role)
  return name != "wl_pointer-cursor" && name != "wl_data_device-icon"
}

private func hostDeliver(
  _ userData: UnsafeMutableRawPointer?, _ event: UnsafePointer<gb_touch_event>?
) {
  guard let module = westonBridgeModule, let event = event?.pointee, let surface = event.surface
  else { return }
  let kind: cweston_touch_kind
  switch event.kind {
  case GB_TOUCH_DOWN: kind = CWESTON_DOWN
  case GB_TOUCH_MOTION: kind = CWESTON_MOTION
  default: kind = CWESTON_UP
  }
  module.send(
    kind, surface: surface, hostTouchID: event.touch_id, timeMicroseconds: event.time_usec,
    sx: event.sx, sy: event.sy)
}

private func hostCancel(_ userData: UnsafeMutableRawPointer?, _ surface: OpaquePointer?) {
  guard let module = westonBridgeModule, let surface else { return }
  module.send(CWESTON_CANCEL, surface: surface, hostTouchID: nil, timeMicroseconds: 0, sx: 0, sy: 0)
}

private func hostFrame(_ userData: UnsafeMutableRawPointer?, _ surface: OpaquePointer?) {
  guard let module = westonBridgeModule, let surface else { return }
  module.send(CWESTON_FRAME, surface: surface, hostTouchID: nil, timeMicroseconds: 0, sx: 0, sy: 0)
}
