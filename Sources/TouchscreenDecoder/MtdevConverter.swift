// SPDX-License-Identifier: MIT
import CMtdev
import Synchronization
import TouchInput

/// libmtdev set up for one multitouch protocol-A device: it turns each packet (the events up
/// to a `SYN_REPORT`, contacts separated by `SYN_MT_REPORT`) into protocol-B slot events,
/// tracking contacts across packets itself, as it does inside libinput 1.22 for devices with
/// `ABS_MT_POSITION_X/Y` but no `ABS_MT_SLOT`.
///
/// libinput creates it with `mtdev_new_open(fd)`, which reads the axes from the kernel
/// (`mtdev_configure`). A recording has no fd, so `init` gives mtdev the same axes from the
/// device description through mtdev's plumbing API, including the default fuzz
/// `mtdev_configure` gives multitouch axes without one (mtdev smooths positions with it).
///
/// A reference type (it owns mtdev's C state, which cannot be copied): copies of a
/// `TouchscreenDecoder` share it, so only one copy of a protocol-A decoder should decode. The
/// state sits behind a mutex, so even misuse from two threads cannot race in C.
final class MtdevConverter: Sendable {
  /// mtdev's `DIM_EVENTS`: its ring buffers hold fewer events than this; more wrap around and
  /// garble the packet (`ProtocolAPacket` keeps packets well below it).
  static let bufferCapacity = 512

  /// mtdev's signal-to-noise ratios for the default fuzz (caps.c: `SN_COORD`, `SN_WIDTH`,
  /// `SN_ORIENT`): fuzz = axis range / ratio for these axes when the device reports no fuzz.
  private static let defaultFuzzRatios: [(code: UInt16, ratio: Int32)] = [
    (EvdevCodes.ABS_MT_POSITION_X, 250), (EvdevCodes.ABS_MT_POSITION_Y, 250),
    (0x30, 100), (0x31, 100), (0x32, 100), (0x33, 100), (0x34, 10),
  ]

  /// The C state. mtdev's API takes a pointer to it; it is only used inside `withLock`.
  private let device: Mutex<UnsafeMutablePointer<mtdev>>

  /// mtdev for `description`, or nil when mtdev cannot allocate its state.
  init?(description: EvdevDeviceDescription) {
    guard let device = mtdev_new() else { return nil }
    guard mtdev_init(device) == 0 else {
      mtdev_delete(device)
      return nil
    }
    // What mtdev_configure reads with EVIOCGBIT/EVIOCGABS: every ABS_MT_* axis mtdev knows
    // (ABS_MT_SLOT, then ABS_MT_TOUCH_MAJOR ... ABS_MT_DISTANCE; mtdev ignores codes it does
    // not know), present when the device advertises it and has its absinfo.
    for code in [EvdevCodes.ABS_MT_SLOT] + Array(UInt16(0x30)...UInt16(0x3b)) {
      let info = description.absinfo[code]
      let has = description.supports(type: EvdevCodes.EV_ABS, code: code) && info != nil
      mtdev_set_mt_event(device, Int32(code), has ? 1 : 0)
      guard has, let info else { continue }
      mtdev_set_abs_minimum(device, Int32(code), info.minimum)
      mtdev_set_abs_maximum(device, Int32(code), info.maximum)
      mtdev_set_abs_fuzz(device, Int32(code), info.fuzz)
      mtdev_set_abs_resolution(device, Int32(code), info.resolution)
    }
    let trackingID = Int32(EvdevCodes.ABS_MT_TRACKING_ID)
    if mtdev_has_mt_event(device, trackingID) == 0 {
      mtdev_set_abs_minimum(device, trackingID, 0)  // MT_ID_MIN
      mtdev_set_abs_maximum(device, trackingID, 65535)  // MT_ID_MAX
    }
    for (code, ratio) in Self.defaultFuzzRatios
    where mtdev_has_mt_event(device, Int32(code)) != 0
      && mtdev_get_abs_fuzz(device, Int32(code)) == 0
    {
      let range =
        mtdev_get_abs_maximum(device, Int32(code)) &- mtdev_get_abs_minimum(device, Int32(code))
      mtdev_set_abs_fuzz(device, Int32(code), range / ratio)
    }
    self.device = Mutex(device)
  }

  deinit {
    device.withLock { mtdev_close_delete($0) }
  }

  /// Hands `packet` to mtdev and appends what it sends on to `output`: nothing until a
  /// `SYN_REPORT`, then the converted packet (`ABS_MT_SLOT`, `ABS_MT_TRACKING_ID` and the
  /// changed values per slot, the packet's other events, and the `SYN_REPORT` when anything
  /// changed). Allocates nothing once `output` has grown to a packet's size.
  func convert(_ packet: [EvdevEvent], into output: inout [EvdevEvent]) {
    device.withLock { device in
      var event = gb_mtdev_event()
      for index in packet.indices {
        let input = packet[index]
        event.time_microseconds = input.timeMicroseconds
        event.type = input.type
        event.code = input.code
        event.value = input.value
        gb_mtdev_put(device, &event)
      }
      while gb_mtdev_take(device, &event) != 0 {
        output.append(
          EvdevEvent(
            timeMicroseconds: event.time_microseconds, type: event.type, code: event.code,
            value: event.value))
      }
    }
  }
}
