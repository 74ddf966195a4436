// SPDX-License-Identifier: MIT
import TouchInput

/// The touchscreens of one seat: a decoder per device sharing one `SeatSlotAllocator`, so seat
/// slots are unique across devices (lowest free one first, like libinput).
///
/// Example:
/// ```
/// var seat = TouchscreenSeat()
/// try seat.addDevice(description, screen: .fullHD, deviceIndex: 0)
/// for event in events { seat.decode(event, deviceIndex: 0) { touch in ... } }
/// seat.finish(at: endTime) { touch in ... }
/// ```
public struct TouchscreenSeat: Sendable {
  /// The decoders, in the order the devices were added.
  public private(set) var decoders: [TouchscreenDecoder] = []
  /// The seat's slots.
  public private(set) var seatSlots = SeatSlotAllocator()

  public init() {}

  /// Adds a touchscreen with index `deviceIndex` (its index in the recording), or throws why
  /// libinput would not treat it as a touchscreen. Adding an index twice replaces nothing: the
  /// second decoder is ignored by `decode`, so indices should be unique.
  public mutating func addDevice(
    _ description: EvdevDeviceDescription, screen: ScreenSize, deviceIndex: Int
  ) throws(TouchscreenRefusal) {
    decoders.append(
      try TouchscreenDecoder(description: description, screen: screen, deviceIndex: deviceIndex))
  }

  /// Whether a decoder was added for `deviceIndex`.
  public func hasDevice(_ deviceIndex: Int) -> Bool {
    decoders.contains { $0.deviceIndex == deviceIndex }
  }

  /// Decodes an event of device `deviceIndex`; events of devices that were not added are
  /// ignored.
  public mutating func decode(
    _ event: EvdevEvent, deviceIndex: Int, emit: (TouchInputEvent) -> Void
  ) {
    if decoders.count == 1 {
      // The common case: one touchscreen.
      if decoders[0].deviceIndex == deviceIndex {
        decoders[0].decode(event, seat: &seatSlots, emit: emit)
      }
      return
    }
    for position in decoders.indices where decoders[position].deviceIndex == deviceIndex {
      decoders[position].decode(event, seat: &seatSlots, emit: emit)
      return
    }
  }

  /// Ends every device's stream at `timeMicroseconds`, cancelling all touches still down.
  public mutating func finish(at timeMicroseconds: UInt64, emit: (TouchInputEvent) -> Void) {
    for position in decoders.indices {
      decoders[position].finish(at: timeMicroseconds, seat: &seatSlots, emit: emit)
    }
  }

  /// All devices' diagnostics recorded so far, in device order, and forgets them.
  public mutating func takeDiagnostics() -> [DecoderDiagnostic] {
    var all: [DecoderDiagnostic] = []
    for position in decoders.indices {
      all += decoders[position].takeDiagnostics()
    }
    return all
  }
}
