// SPDX-License-Identifier: MIT
import FuzzChecks
import LibinputRecording
import TouchInput

/// One hostile evdev stream from the reliability brief, on one or two touchscreens described
/// by a `DecoderFuzzInput`, so the same stream can go through the in-core decoder and through
/// real libinput on mocked devices.
struct HostileScenario: CustomStringConvertible {
  var name: String
  var input: DecoderFuzzInput
  /// Touches the in-core decoder must report down (at least), so a scenario cannot pass by
  /// producing nothing.
  var minimumDowns: Int

  var description: String { name }

  typealias Item = (UInt16, UInt16, Int32)
  static func slot(_ value: Int32) -> Item { (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_SLOT, value) }
  static func trackingID(_ value: Int32) -> Item {
    (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_TRACKING_ID, value)
  }
  static func x(_ value: Int32) -> Item { (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_X, value) }
  static func y(_ value: Int32) -> Item { (EvdevCodes.EV_ABS, EvdevCodes.ABS_MT_POSITION_Y, value) }
  static func touch(_ down: Bool) -> Item {
    (EvdevCodes.EV_KEY, EvdevCodes.BTN_TOUCH, down ? 1 : 0)
  }
  static let dropped: Item = (EvdevCodes.EV_SYN, EvdevCodes.SYN_DROPPED, 0)

  /// Builds the events frame by frame (each frame closed by a SYN_REPORT).
  struct Builder {
    var events: [DecoderFuzzInput.Event] = []

    /// Starts with libinput's lead-in: an empty frame at t=0 on every device.
    init(devices: Int = 1) {
      for device in 0..<devices { frame(at: 0, device: device, []) }
    }

    mutating func frame(at time: UInt64, device: Int = 0, _ items: [Item]) {
      for (type, code, value) in items {
        events.append(
          .init(
            device: device,
            event: EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value)))
      }
      events.append(
        .init(
          device: device,
          event: EvdevEvent(
            timeMicroseconds: time, type: EvdevCodes.EV_SYN, code: EvdevCodes.SYN_REPORT, value: 0))
      )
    }
  }

  static let screen = DecoderFuzzInput.Device()

  static let all: [HostileScenario] = [
    duplicateTrackingID, missingRelease, synDroppedMidGesture, coordinatesOutsideAbsinfo,
    slotBeyondMaximum, hundredSlots, timestampsGoingBackwards, resolutionZero,
    deviceVanishingMidGesture,
  ]

  /// A second tracking id on a busy slot, then the release.
  static var duplicateTrackingID: HostileScenario {
    var b = Builder()
    b.frame(at: 500_000, [slot(0), trackingID(1), x(400), y(300), touch(true)])
    b.frame(at: 510_000, [trackingID(2), x(420)])
    b.frame(at: 520_000, [x(440)])
    b.frame(at: 530_000, [trackingID(-1), touch(false)])
    return HostileScenario(
      name: "duplicate tracking id", input: .init(devices: [screen], events: b.events),
      minimumDowns: 1)
  }

  /// A finger that never lifts while another taps; the stream (or device) ends.
  static var missingRelease: HostileScenario {
    var b = Builder()
    b.frame(at: 500_000, [slot(0), trackingID(1), x(400), y(300), touch(true)])
    b.frame(at: 510_000, [slot(1), trackingID(2), x(900), y(600)])
    b.frame(at: 560_000, [slot(1), trackingID(-1)])
    b.frame(at: 600_000, [slot(0), x(410)])
    return HostileScenario(
      name: "missing release", input: .init(devices: [screen], events: b.events),
      minimumDowns: 2)
  }

  /// Two fingers moving, SYN_DROPPED in the middle of a frame, then more motion and releases.
  static var synDroppedMidGesture: HostileScenario {
    var b = Builder()
    b.frame(
      at: 500_000,
      [slot(0), trackingID(1), x(400), y(300), slot(1), trackingID(2), x(900), y(300), touch(true)])
    b.frame(at: 510_000, [slot(0), x(420), dropped, slot(1), x(880)])
    b.frame(at: 520_000, [slot(0), x(440), slot(1), x(860)])
    b.frame(at: 530_000, [slot(0), trackingID(-1), slot(1), trackingID(-1), touch(false)])
    b.frame(at: 600_000, [slot(0), trackingID(3), x(100), y(100), touch(true)])
    b.frame(at: 650_000, [slot(0), trackingID(-1), touch(false)])
    return HostileScenario(
      name: "SYN_DROPPED mid-gesture", input: .init(devices: [screen], events: b.events),
      minimumDowns: 2)
  }

  /// Positions far outside the axis ranges, down to Int32.min and up to Int32.max.
  static var coordinatesOutsideAbsinfo: HostileScenario {
    var b = Builder()
    b.frame(at: 500_000, [slot(0), trackingID(1), x(-5_000), y(100_000), touch(true)])
    b.frame(at: 510_000, [x(Int32.max), y(Int32.min)])
    b.frame(at: 520_000, [x(Int32.min), y(Int32.max)])
    b.frame(at: 530_000, [trackingID(-1), touch(false)])
    return HostileScenario(
      name: "coordinates outside absinfo", input: .init(devices: [screen], events: b.events),
      minimumDowns: 1)
  }

  /// ABS_MT_SLOT 50 and Int32.max on a ten-slot device.
  static var slotBeyondMaximum: HostileScenario {
    var b = Builder()
    b.frame(at: 500_000, [slot(50), trackingID(1), x(400), y(300), touch(true)])
    b.frame(at: 510_000, [slot(Int32.max), x(420)])
    b.frame(at: 520_000, [slot(-3), trackingID(2), x(800), y(300)])
    b.frame(at: 530_000, [slot(50), trackingID(-1), slot(-3), trackingID(-1), touch(false)])
    return HostileScenario(
      name: "slot beyond the maximum", input: .init(devices: [screen], events: b.events),
      minimumDowns: 1)
  }

  /// A device with 100 slots and a finger on every one of them (landing 25 per frame), a
  /// motion, then all lift (25 per frame). Frames stay under the 4 KiB a mocked device
  /// passes on in one piece (see `MockedDeviceLimitTests`).
  static var hundredSlots: HostileScenario {
    hundredFingers(perFrame: 25)
  }

  /// 100 fingers on a 100-slot device, `perFrame` landing (and lifting) per frame.
  static func hundredFingers(perFrame: Int32) -> HostileScenario {
    var b = Builder()
    var time: UInt64 = 500_000
    for first in stride(from: Int32(0), to: 100, by: Int(perFrame)) {
      var down: [Item] = []
      for index in first..<min(100, first + perFrame) {
        down += [slot(index), trackingID(index + 1), x(10 + 19 * index), y(10 + 10 * index)]
      }
      b.frame(at: time, down + (first == 0 ? [touch(true)] : []))
      time += 1_000
    }
    b.frame(at: 600_000, [slot(0), x(30), slot(99), x(1800)])
    time = 700_000
    for first in stride(from: Int32(0), to: 100, by: Int(perFrame)) {
      var up: [Item] = []
      for index in first..<min(100, first + perFrame) { up += [slot(index), trackingID(-1)] }
      b.frame(at: time, up + (first + perFrame >= 100 ? [touch(false)] : []))
      time += 1_000
    }
    var device = screen
    device.slotMaximum = 99
    return HostileScenario(
      name: "100 slots, \(perFrame) fingers per frame",
      input: .init(devices: [device], events: b.events), minimumDowns: 32)
  }

  /// Frames whose times go back by 100 ms each.
  static var timestampsGoingBackwards: HostileScenario {
    var b = Builder()
    b.frame(at: 900_000, [slot(0), trackingID(1), x(400), y(300), touch(true)])
    b.frame(at: 800_000, [x(420)])
    b.frame(at: 700_000, [x(440)])
    b.frame(at: 600_000, [trackingID(-1), touch(false)])
    b.frame(at: 500_000, [trackingID(2), x(100), y(100), touch(true)])
    b.frame(at: 950_000, [trackingID(-1), touch(false)])
    return HostileScenario(
      name: "timestamps going backwards", input: .init(devices: [screen], events: b.events),
      minimumDowns: 2)
  }

  /// A device reporting resolution 0 on every axis.
  static var resolutionZero: HostileScenario {
    var b = Builder()
    b.frame(at: 500_000, [slot(0), trackingID(1), x(400), y(300), touch(true)])
    b.frame(at: 510_000, [x(450)])
    b.frame(at: 520_000, [trackingID(-1), touch(false)])
    var device = screen
    device.resolution = 0
    return HostileScenario(
      name: "resolution 0", input: .init(devices: [device], events: b.events), minimumDowns: 1)
  }

  /// Two touchscreens; the first one's stream stops with two fingers down (it is unplugged)
  /// while the second one goes on with a tap.
  static var deviceVanishingMidGesture: HostileScenario {
    var b = Builder(devices: 2)
    b.frame(
      at: 500_000, device: 0,
      [slot(0), trackingID(1), x(400), y(300), slot(1), trackingID(2), x(800), y(300), touch(true)])
    b.frame(at: 510_000, device: 0, [slot(0), x(420), slot(1), x(780)])
    b.frame(at: 600_000, device: 1, [slot(0), trackingID(7), x(50), y(60), touch(true)])
    b.frame(at: 650_000, device: 1, [slot(0), trackingID(-1), touch(false)])
    return HostileScenario(
      name: "device vanishing mid-gesture",
      input: .init(devices: [screen, screen], events: b.events), minimumDowns: 3)
  }
}
