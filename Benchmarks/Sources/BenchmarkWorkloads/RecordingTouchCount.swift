// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// What a recording holds once decoded the way libinput would: the count used to turn a
/// replay's time into touch events per second.
public struct RecordingTouchCount: Sendable, Hashable {
  /// Evdev events in the file.
  public var evdevEvents = 0
  /// libinput touch events for fingers: down, motion, up and cancel (frames not counted).
  public var touchEvents = 0
  /// libinput touch frames.
  public var touchFrames = 0
  /// Time from the first to the last event, in microseconds.
  public var durationMicroseconds: UInt64 = 0

  public init() {}

  /// Reads and decodes the recording at `path` (touchscreens only, on a 1920x1080 screen).
  public static func count(path: String) throws -> RecordingTouchCount {
    let reader = try RecordingReader(path: path)
    var seat = TouchscreenSeat()
    for (index, device) in reader.devices.enumerated() {
      try? seat.addDevice(device, screen: .fullHD, deviceIndex: index)
    }
    var result = RecordingTouchCount()
    var first: UInt64?
    var last: UInt64 = 0
    func tally(_ event: TouchInputEvent) {
      if event.kind == .frame {
        result.touchFrames += 1
      } else {
        result.touchEvents += 1
      }
    }
    while let (device, event) = try reader.next() {
      if first == nil { first = event.timeMicroseconds }
      last = event.timeMicroseconds
      result.evdevEvents += 1
      seat.decode(event, deviceIndex: device, emit: tally)
    }
    seat.finish(at: last, emit: tally)
    result.durationMicroseconds = last - (first ?? last)
    return result
  }
}
