// SPDX-License-Identifier: MIT
import CGestureBridge
import CWeston
import GestureCore
import WestonModuleSupport

/// The plugin API (`gesture_bridge_weston_api_v1` in CWeston.h, registered with
/// `weston_plugin_api_register` under "gesture_bridge_weston_v1") through which the test seat
/// module (`libgesture-bridge-weston-test-seat.so`, loaded after this one) plays recordings
/// and touch scripts into this module's virtual seat: the seat's touch device, the number of
/// recognizers clients have committed, the scale of the touch surface it plays, and a call
/// saying it is there. Only C function pointers cross between the two modules.
enum TestSeatAPI {
  /// The table weston keeps a pointer to (registered once, for the compositor's lifetime).
  nonisolated(unsafe) private static let table: UnsafeMutablePointer<gesture_bridge_weston_api_v1> =
    {
      let table = UnsafeMutablePointer<gesture_bridge_weston_api_v1>.allocate(capacity: 1)
      table.initialize(
        to: gesture_bridge_weston_api_v1(
          virtual_touch_device: { _ in westonBridgeModule?.virtualSeat()?.device },
          recognizer_count: { _ in
            guard let bridge = westonBridgeModule?.bridge else { return 0 }
            return Int32(clamping: gb_bridge_recognizer_count(bridge))
          },
          set_pixels_per_millimetre: { _, value in
            westonBridgeModule?.testSeatScale = PhysicalScale(pixelsPerMillimetre: value)
          },
          test_seat_attached: { _ in westonBridgeModule?.testSeatAttached = true }))
      return table
    }()

  static func register(on compositor: UnsafeMutablePointer<weston_compositor>) {
    if weston_plugin_api_register(
      compositor, GESTURE_BRIDGE_WESTON_API_NAME, table,
      MemoryLayout<gesture_bridge_weston_api_v1>.size) != 0
    {
      WestonLog.write("error: could not register the API for the test seat module")
    }
  }

  /// Once every module is loaded (weston's first idle), says in one line when test-seat keys
  /// are set but the test seat module did not attach.
  static func checkAttached(on compositor: UnsafeMutablePointer<weston_compositor>) {
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)
    wl_event_loop_add_idle(loop, testSeatCheck, nil)
  }
}

private func testSeatCheck(_ data: UnsafeMutableRawPointer?) {
  guard let module = westonBridgeModule, !module.testSeatAttached else { return }
  WestonLog.write(
    "warning: \(module.testSeatKeys.joined(separator: ", ")) ignored: they are options of "
      + "the test seat module libgesture-bridge-weston-test-seat.so, which is not loaded "
      + "(add it after this module to --modules or [core] modules=)")
}
