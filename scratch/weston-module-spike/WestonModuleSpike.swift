// Feasibility spike: a Swift shared library loaded by weston 10 as a --modules module.
// Creates the gesture_bridge_manager_v1 global on weston's wl_display, a seat with a
// virtual touch device, and after 2 s injects one tap at the output centre, printing
// what weston_compositor_pick_view says is under it.
import CGestureBridgeProtocol
import CWestonSpike
import Glibc

nonisolated(unsafe) var spikeCompositor: UnsafeMutablePointer<weston_compositor>?
nonisolated(unsafe) var spikeTouchDevice: UnsafeMutablePointer<weston_touch_device>?

func log(_ message: String) {
  fputs("gesture-bridge-spike: \(message)\n", stderr)
}

@_cdecl("wet_module_init")
public func wetModuleInit(
  compositor: UnsafeMutablePointer<weston_compositor>?, argc: UnsafeMutablePointer<Int32>?,
  argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  guard let compositor else { return -1 }
  log("wet_module_init called")
  let display = compositor.pointee.wl_display
  let global = wl_global_create(
    display, gesture_bridge_manager_v1_interface_pointer(), 1, nil
  ) { client, _, version, id in
    let resource = wl_resource_create(
      client, gesture_bridge_manager_v1_interface_pointer(), Int32(version), id)
    wl_resource_set_implementation(resource, nil, nil, nil)
    log("client bound gesture_bridge_manager_v1 version \(version)")
  }
  log("gesture_bridge_manager_v1 global \(global == nil ? "FAILED" : "created")")

  let seat = cweston_seat_allocate()!
  weston_seat_init(seat, compositor, "gesture-bridge")
  weston_seat_init_touch(seat)
  guard
    let device = weston_touch_create_touch_device(
      seat.pointee.touch_state, "/virtual/gesture-bridge-touch", nil, nil)
  else {
    log("weston_touch_create_touch_device FAILED")
    return -1
  }
  spikeTouchDevice = device
  spikeCompositor = compositor
  log("seat 'gesture-bridge' with touch device created")

  let loop = wl_display_get_event_loop(display)
  let timer = wl_event_loop_add_timer(
    loop,
    { _ in
      injectTap(); return 0
    }, nil)
  wl_event_source_timer_update(timer, 2000)
  return 0
}

func injectTap() {
  guard let device = spikeTouchDevice, let compositor = spikeCompositor else { return }
  let x = 512.0
  let y = 320.0
  var sx: wl_fixed_t = 0
  var sy: wl_fixed_t = 0
  let view = weston_compositor_pick_view(
    compositor, wl_fixed_from_double(x), wl_fixed_from_double(y), &sx, &sy)
  log(
    "pick_view(\(x), \(y)) -> view \(view == nil ? "none" : "found"), surface-local "
      + "(\(wl_fixed_to_double(sx)), \(wl_fixed_to_double(sy)))")
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  notify_touch_normalized(device, &now, 0, x, y, nil, Int32(WL_TOUCH_DOWN))
  notify_touch_frame(device)
  now.tv_nsec = (now.tv_nsec + 50_000_000) % 1_000_000_000
  notify_touch_normalized(device, &now, 0, x, y, nil, Int32(WL_TOUCH_UP))
  notify_touch_frame(device)
  log("injected one tap at (\(x), \(y))")
}
