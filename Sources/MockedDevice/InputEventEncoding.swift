// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput

/// Encodes `EvdevEvent`s as the kernel's 64-bit `struct input_event`
/// (`struct timeval` of two 64-bit fields, `__u16 type`, `__u16 code`, `__s32 value`: 24 bytes,
/// little-endian), with the event's own time as the timestamp.
public enum InputEventEncoding {
  public static let eventSize = 24

  public static func append(_ event: EvdevEvent, to bytes: inout [UInt8]) {
    bytes.appendLittleEndian(Int64(event.timeMicroseconds / 1_000_000))
    bytes.appendLittleEndian(Int64(event.timeMicroseconds % 1_000_000))
    bytes.appendLittleEndian(event.type)
    bytes.appendLittleEndian(event.code)
    bytes.appendLittleEndian(event.value)
  }

  /// The bytes of `events`, written straight into one array (the same bytes `append` gives).
  public static func encode<C: Collection>(_ events: C) -> [UInt8] where C.Element == EvdevEvent {
    let count = events.count * eventSize
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      var offset = 0
      for event in events {
        raw.storeBytes(
          of: Int64(event.timeMicroseconds / 1_000_000).littleEndian, toByteOffset: offset,
          as: Int64.self)
        raw.storeBytes(
          of: Int64(event.timeMicroseconds % 1_000_000).littleEndian, toByteOffset: offset + 8,
          as: Int64.self)
        raw.storeBytes(of: event.type.littleEndian, toByteOffset: offset + 16, as: UInt16.self)
        raw.storeBytes(of: event.code.littleEndian, toByteOffset: offset + 18, as: UInt16.self)
        raw.storeBytes(of: event.value.littleEndian, toByteOffset: offset + 20, as: Int32.self)
        offset += eventSize
      }
      initialized = offset
    }
  }

  /// Splits a stream into evdev frames, each ending with its `SYN_REPORT`; trailing events
  /// without one form a last frame.
  public static func frames(_ events: [EvdevEvent]) -> [ArraySlice<EvdevEvent>] {
    var frames: [ArraySlice<EvdevEvent>] = []
    var start = events.startIndex
    for index in events.indices
    where events[index].type == EvdevCodes.EV_SYN && events[index].code == EvdevCodes.SYN_REPORT {
      frames.append(events[start...index])
      start = index + 1
    }
    if start < events.endIndex { frames.append(events[start...]) }
    return frames
  }

  /// Whether libinput will answer this frame with a `TOUCH_FRAME`: it changes a multitouch
  /// slot (any `ABS_MT_*` event other than a bare `ABS_MT_SLOT` switch).
  public static func expectsTouchFrame<C: Collection>(_ frame: C) -> Bool
  where C.Element == EvdevEvent {
    frame.contains { event in
      event.type == EvdevCodes.EV_ABS && event.code > EvdevCodes.ABS_MT_SLOT
        && event.code <= 0x3d
    }
  }
}
