// SPDX-License-Identifier: MIT
import CGestureBridge
import CWeston
import GestureCore
import Glibc
import WestonModuleSupport

/// The weston 10 module: a `gb_bridge` (through the C ABI of gesture_bridge.h) on weston's
/// display, fed by the default touch grab of every seat with touch (the module's handlers
/// replace weston's default ones), picking surfaces with `weston_compositor_pick_view` and
/// forwarding the bridge's regulated deliveries to the clients' wl_touch objects itself.
///
/// Other touch grabs (drag-and-drop, popups, shell moves, another module's grab) coexist:
/// while one owns a seat's touches the bridge's touches of that seat are cancelled (checked
/// after every client request while the bridge has touches down: such requests start
/// grabs), and when it ends weston returns to the default grab, so the bridge gets the next
/// touches. The down the bridge delivers for weston's grab touch becomes the seat's
/// `grab_serial`, so `wl_data_device.start_drag`, `xdg_popup.grab` and moves accept the
/// serial the client got.
///
/// Touch ids given to the bridge are `seat index * 1024 + weston's id`, so seats never mix.
/// Options come from weston.ini's `[gesture-bridge]` section (`ModuleOptions`): with
/// touchscreen devices (`device=`) the module adds the seat "gesture-bridge"
/// (`VirtualTouchSeat`) fed by `DeviceTouchFeed`; `extra-outputs` adds outputs for several
/// clients side by side. The test seat module (recordings and touch scripts, for tests and
/// the demo) reaches the same seat through the plugin API this module registers
/// (`TestSeatAPI`). `system-gestures=` is loaded (`SystemGestureHost`) and reloaded when the
/// file changes (`SystemGestureFileWatch`). When the compositor is destroyed, the device feed
/// closes its devices and the config's watch its inotify fd, and both leave the event loop.
final class WestonBridgeModule {
  static let idsPerSeat: Int32 = 1024

  let compositor: UnsafeMutablePointer<weston_compositor>
  private(set) var bridge: OpaquePointer?
  /// Touch states whose default grab runs our handlers, by seat index.
  private(set) var touches: [UnsafeMutablePointer<weston_touch>] = []
  /// What the handlers know of each seat's input, by seat index.
  private var inputs: [SeatInput] = []
  /// The idle source that checks for other grabs (nil when none is scheduled).
  private var grabCheck: OpaquePointer?
  /// The idle source that applies a cancel no event followed (nil when none is scheduled).
  private var cancelCheck: OpaquePointer?
  private var virtualSeatCreated = false
  private var virtualSeatStorage: VirtualTouchSeat?
  private var deviceFeed: DeviceTouchFeed?
  private var systemGestureWatch: SystemGestureFileWatch?
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
    if let path = options.systemGestures, let bridge {
      SystemGestureHost.start(bridge: bridge, path: path)
      systemGestureWatch = SystemGestureFileWatch(
        bridge: bridge, path: path, compositor: compositor)
    }
    wl_display_add_protocol_logger(compositor.pointee.wl_display, protocolMessage, nil)
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
  /// loop and releases libinput; the system-gesture config's watch leaves the loop.
  func compositorWillBeDestroyed() {
    deviceFeed?.close()
    deviceFeed = nil
    systemGestureWatch?.close()
    systemGestureWatch = nil
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
    guard let touch = seat.pointee.touch_state, !touches.contains(touch) else { return }
    // The default grab, not a grab of our own: weston returns to it whenever another grab
    // ends (weston_touch_end_grab), so the bridge is never left without touches.
    withUnsafePointer(to: touchHandlers) { cweston_touch_install_handlers(touch, $0) }
    touches.append(touch)
    inputs.append(SeatInput())
    WestonLog.write(
      "touch handlers installed as the default touch grab of seat "
        + "'\(String(cString: seat.pointee.seat_name))'")
  }

  func seatIndex(_ touch: UnsafeMutablePointer<weston_touch>?) -> Int? {
    guard let touch else { return nil }
    return touches.firstIndex(of: touch)
  }

  // MARK: Input bookkeeping per seat

  /// A down, motion or up at `time` on seat `index`, before it goes to the bridge: a cancel
  /// weston gave without a time is applied first, stamped with this event's time; a first
  /// finger (weston's count of touches is 1) while the bridge still has touches of the seat
  /// (another grab took them and ended in between) cancels those first.
  func input(seat index: Int, time: UInt64, kind: SeatInput.Kind) {
    if inputs[index].cancelPending
      || (kind == .down && touches[index].pointee.num_tp == 1
        && inputs[index].bridgeTouchesDown > 0)
    {
      cancelBridgeTouches(seat: index, time: time)
    }
    inputs[index].lastTime = time
    switch kind {
    case .down: inputs[index].bridgeTouchesDown += 1
    case .up: inputs[index].bridgeTouchesDown = max(0, inputs[index].bridgeTouchesDown - 1)
    case .motion: break
    }
  }

  /// weston cancelled the seat's touches (notify_touch_cancel carries no time). Applied at the
  /// seat's next event, which has the time (the test seat's ups at the cancel's time), or at
  /// the frame (a libinput cancel's) or when the loop goes idle (weston releasing a removed
  /// device's touches sends nothing after the cancel) with the seat's latest input time.
  func cancelRequested(seat index: Int) {
    inputs[index].cancelPending = true
    guard cancelCheck == nil else { return }
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    cancelCheck = wl_event_loop_add_idle(loop, applyPendingCancels, nil)
  }

  /// The loop went idle after a cancel: applies it if no event of the seat did.
  func applyCancels() {
    cancelCheck = nil
    for index in inputs.indices where inputs[index].cancelPending {
      cancelBridgeTouches(seat: index, time: inputs[index].lastTime)
    }
  }

  func frame(seat index: Int?) {
    if let index, inputs[index].cancelPending {
      cancelBridgeTouches(seat: index, time: inputs[index].lastTime)
    }
    gb_bridge_touch_frame(bridge)
  }

  /// Cancels the bridge's touches (every touch: the bridge cancels per seat set, as weston
  /// has no per-touch cancel) with the time of the input that caused it.
  private func cancelBridgeTouches(seat index: Int, time: UInt64) {
    inputs[index].cancelPending = false
    for other in inputs.indices { inputs[other].bridgeTouchesDown = 0 }
    gb_bridge_touch_cancel(bridge, time)
  }

  // MARK: Other grabs

  /// A client request arrived (the protocol logger). Requests start other grabs (start_drag,
  /// xdg_popup.grab, moves): while the bridge has touches down, the grabs are checked once
  /// the loop has dispatched what is ready.
  func requestArrived() {
    guard grabCheck == nil, inputs.contains(where: { $0.bridgeTouchesDown > 0 }) else { return }
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    grabCheck = wl_event_loop_add_idle(loop, checkOtherGrabs, nil)
  }

  /// Cancels the bridge's touches of every seat where another grab has taken the touches
  /// (the client gets wl_touch.cancel, recognizers are cancelled or fail), with the time of
  /// the seat's latest input.
  func checkGrabs() {
    grabCheck = nil
    for index in touches.indices where inputs[index].bridgeTouchesDown > 0 {
      let touch = touches[index]
      guard cweston_touch_has_other_grab(touch) else { continue }
      WestonLog.write(
        "another touch grab took the touches of seat "
          + "'\(String(cString: touch.pointee.seat.pointee.seat_name))': bridge touches cancelled")
      cancelBridgeTouches(seat: index, time: inputs[index].lastTime)
    }
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
    wlTouchID: Int32 = 0, timeMicroseconds: UInt64, sx: Double, sy: Double
  ) {
    // Only down and up carry a serial (wl_touch.down's is the one start_drag, popups and
    // moves are asked with).
    let serial =
      kind == CWESTON_DOWN || kind == CWESTON_UP
      ? wl_display_next_serial(compositor.pointee.wl_display) : 0
    let milliseconds = UInt32(truncatingIfNeeded: timeMicroseconds / 1000)
    let targets: ArraySlice<UnsafeMutablePointer<weston_touch>>
    if let hostTouchID {
      let index = Int(hostTouchID / Self.idsPerSeat)
      guard touches.indices.contains(index) else { return }
      targets = touches[index...index]
      // The down of weston's grab touch (the seat's first finger, still down) is the one
      // weston checks requests against: its serial becomes the seat's grab serial. weston set
      // grab_serial when the finger went down, before the bridge delivered anything; a down
      // the bridge held back and delivers later gets a serial valid from then on.
      let touch = touches[index]
      if kind == CWESTON_DOWN, touch.pointee.num_tp > 0,
        touch.pointee.grab_touch_id == hostTouchID % Self.idsPerSeat,
        !cweston_touch_has_other_grab(touch)
      {
        touch.pointee.grab_serial = serial
      }
    } else {
      targets = touches[...]
    }
    for touch in targets {
      cweston_touch_send(
        touch, kind, surface, serial, milliseconds, wlTouchID, wl_fixed_from_double(sx),
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
  if let error = WestonMajor.mismatch() {
    WestonLog.write(error)
    return -1
  }
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

private func protocolMessage(
  _ userData: UnsafeMutableRawPointer?, _ direction: wl_protocol_logger_type,
  _ message: UnsafePointer<wl_protocol_logger_message>?
) {
  guard direction == WL_PROTOCOL_LOGGER_REQUEST else { return }
  westonBridgeModule?.requestArrived()
  // wl_surface.commit: weston 10 has no surface commit signal, so the bridge learns of
  // commits here, just before weston handles it (the bridge's double-buffered state,
  // gesture_bridge_system_gesture_surface_v1, is its own: the order does not matter).
  guard let message, let resource = message.pointee.resource,
    let name = message.pointee.message?.pointee.name, strcmp(name, "commit") == 0,
    let className = wl_resource_get_class(resource), strcmp(className, "wl_surface") == 0
  else { return }
  gb_bridge_surface_committed(westonBridgeModule?.bridge, resource)
}

private func checkOtherGrabs(_ data: UnsafeMutableRawPointer?) {
  westonBridgeModule?.checkGrabs()
}

private func applyPendingCancels(_ data: UnsafeMutableRawPointer?) {
  westonBridgeModule?.applyCancels()
}

// MARK: - Default touch grab: weston's input goes to the bridge

private func microseconds(_ time: UnsafePointer<timespec>?) -> UInt64 {
  guard let time else { return 0 }
  return UInt64(max(0, time.pointee.tv_sec)) * 1_000_000 + UInt64(max(0, time.pointee.tv_nsec))
    / 1_000
}

/// The handlers of every seat's default touch grab (CWeston's `cweston_touch_handlers`: the
/// same for every weston major; positions are global coordinates).
private let touchHandlers = cweston_touch_handlers(
  down: { touch, time, id, x, y in
    guard let module = westonBridgeModule, let index = module.seatIndex(touch) else { return }
    let hostID = Int32(index) * WestonBridgeModule.idsPerSeat + id
    module.input(seat: index, time: microseconds(time), kind: .down)
    module.updateScreen()
    gb_bridge_touch_down(module.bridge, microseconds(time), hostID, x, y)
  },
  motion: { touch, time, id, x, y in
    guard let module = westonBridgeModule, let index = module.seatIndex(touch) else { return }
    let hostID = Int32(index) * WestonBridgeModule.idsPerSeat + id
    module.input(seat: index, time: microseconds(time), kind: .motion)
    gb_bridge_touch_motion(module.bridge, microseconds(time), hostID, x, y)
  },
  up: { touch, time, id in
    guard let module = westonBridgeModule, let index = module.seatIndex(touch) else { return }
    let hostID = Int32(index) * WestonBridgeModule.idsPerSeat + id
    module.input(seat: index, time: microseconds(time), kind: .up)
    gb_bridge_touch_up(module.bridge, microseconds(time), hostID)
  },
  frame: { touch in
    westonBridgeModule?.frame(seat: westonBridgeModule?.seatIndex(touch))
  },
  cancel: { touch in
    guard let module = westonBridgeModule, let index = module.seatIndex(touch) else { return }
    // weston's cancel has no time: the bridge gets the time of the input that follows it.
    module.cancelRequested(seat: index)
  })

// MARK: - Host callbacks of the bridge

private func hostPickSurface(
  _ userData: UnsafeMutableRawPointer?, _ x: Double, _ y: Double,
  _ hit: UnsafeMutablePointer<gb_surface_hit>?
) -> Bool {
  guard let module = westonBridgeModule, let hit else { return false }
  var sx = 0.0
  var sy = 0.0
  guard let view = cweston_pick_view(module.compositor, x, y, &sx, &sy),
    let surface = view.pointee.surface, let resource = surface.pointee.resource
  else { return false }
  hit.pointee = gb_surface_hit(
    surface: resource, sx: sx, sy: sy,
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
    kind, surface: surface, hostTouchID: event.touch_id, wlTouchID: event.wl_touch_id,
    timeMicroseconds: event.time_usec, sx: event.sx, sy: event.sy)
}

private func hostCancel(
  _ userData: UnsafeMutableRawPointer?, _ surface: OpaquePointer?, _ time: UInt64
) {
  guard let module = westonBridgeModule, let surface else { return }
  module.send(
    CWESTON_CANCEL, surface: surface, hostTouchID: nil, timeMicroseconds: time, sx: 0, sy: 0)
}

private func hostFrame(_ userData: UnsafeMutableRawPointer?, _ surface: OpaquePointer?) {
  guard let module = westonBridgeModule, let surface else { return }
  module.send(CWESTON_FRAME, surface: surface, hostTouchID: nil, timeMicroseconds: 0, sx: 0, sy: 0)
}
