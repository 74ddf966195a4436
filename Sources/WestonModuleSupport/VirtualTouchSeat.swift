// SPDX-License-Identifier: MIT
import CWeston
import Glibc

/// A virtual, non-calibratable touch device of weston, driven through
/// `notify_touch_normalized` (through CWeston's `cweston_notify_touch`) / `notify_touch_frame`
/// / `notify_touch_cancel` exactly as a libinput backend drives weston, so its touches go
/// through weston's seat and every touch grab (the bridge's included). The main module creates its seat "gesture-bridge"
/// (`create(on:)`); the test seat module gets the same device through the main module's plugin
/// API. Coordinates are weston global coordinates; times CLOCK_MONOTONIC.
public final class VirtualTouchSeat {
  public enum Kind {
    case down
    case motion
    case up
  }

  public let device: UnsafeMutablePointer<weston_touch_device>

  public init(device: UnsafeMutablePointer<weston_touch_device>) {
    self.device = device
  }

  /// Creates the seat "gesture-bridge" with one touch device on `compositor`; nil if weston
  /// cannot make its touch device.
  public static func create(on compositor: UnsafeMutablePointer<weston_compositor>)
    -> VirtualTouchSeat?
  {
    guard let seat = cweston_seat_allocate() else { return nil }
    weston_seat_init(seat, compositor, "gesture-bridge")
    weston_seat_init_touch(seat)
    guard
      let device = weston_touch_create_touch_device(
        seat.pointee.touch_state, "/virtual/gesture-bridge-touch", nil, nil)
    else { return nil }
    return VirtualTouchSeat(device: device)
  }

  /// One down, motion or up of touch `id` (x and y are ignored for up).
  public func send(_ kind: Kind, id: Int32, x: Double, y: Double, time: Glibc.timespec) {
    var time = time
    let type: Int32
    switch kind {
    case .down: type = Int32(WL_TOUCH_DOWN)
    case .motion: type = Int32(WL_TOUCH_MOTION)
    case .up: type = Int32(WL_TOUCH_UP)
    }
    cweston_notify_touch(device, &time, id, x, y, type)
  }

  /// Ends a group of events.
  public func frame() { notify_touch_frame(device) }

  /// Cancels every touch of the device (weston has no per-touch cancel).
  public func cancel() { notify_touch_cancel(device) }

  /// CLOCK_MONOTONIC now.
  public static func now() -> Glibc.timespec {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now
  }

  /// CLOCK_MONOTONIC microseconds.
  public static func microseconds(_ time: Glibc.timespec) -> UInt64 {
    UInt64(max(0, time.tv_sec)) * 1_000_000 + UInt64(max(0, time.tv_nsec)) / 1_000
  }

  /// The timespec of CLOCK_MONOTONIC microseconds.
  public static func time(microseconds: UInt64) -> Glibc.timespec {
    Glibc.timespec(
      tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1_000)
  }
}
