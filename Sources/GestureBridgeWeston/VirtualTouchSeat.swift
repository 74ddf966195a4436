import CWeston
import Glibc

/// The module's own seat "gesture-bridge" with one virtual, non-calibratable touch device,
/// driven through `notify_touch_normalized` / `notify_touch_frame` / `notify_touch_cancel`
/// exactly as a libinput backend drives weston. Touch scripts and recordings play into it.
/// Coordinates are weston global coordinates; times CLOCK_MONOTONIC.
final class VirtualTouchSeat {
  enum Kind {
    case down
    case motion
    case up
  }

  let seat: UnsafeMutablePointer<weston_seat>
  private let device: UnsafeMutablePointer<weston_touch_device>

  /// Creates the seat on `compositor`; nil if weston cannot make its touch device.
  init?(compositor: UnsafeMutablePointer<weston_compositor>) {
    guard let seat = cweston_seat_allocate() else { return nil }
    weston_seat_init(seat, compositor, "gesture-bridge")
    weston_seat_init_touch(seat)
    guard
      let device = weston_touch_create_touch_device(
        seat.pointee.touch_state, "/virtual/gesture-bridge-touch", nil, nil)
    else { return nil }
    self.seat = seat
    self.device = device
  }

  /// One down, motion or up of touch `id` (x and y are ignored for up).
  func send(_ kind: Kind, id: Int32, x: Double, y: Double, time: Glibc.timespec) {
    var time = time
    let type: Int32
    switch kind {
    case .down: type = Int32(WL_TOUCH_DOWN)
    case .motion: type = Int32(WL_TOUCH_MOTION)
    case .up: type = Int32(WL_TOUCH_UP)
    }
    notify_touch_normalized(device, &time, id, x, y, nil, type)
  }

  /// Ends a group of events.
  func frame() { notify_touch_frame(device) }

  /// Cancels every touch of the device (weston has no per-touch cancel).
  func cancel() { notify_touch_cancel(device) }

  /// CLOCK_MONOTONIC now.
  static func now() -> Glibc.timespec {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now
  }

  /// CLOCK_MONOTONIC microseconds.
  static func microseconds(_ time: Glibc.timespec) -> UInt64 {
    UInt64(max(0, time.tv_sec)) * 1_000_000 + UInt64(max(0, time.tv_nsec)) / 1_000
  }

  /// The timespec of CLOCK_MONOTONIC microseconds.
  static func time(microseconds: UInt64) -> Glibc.timespec {
    Glibc.timespec(
      tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1_000)
  }
}
