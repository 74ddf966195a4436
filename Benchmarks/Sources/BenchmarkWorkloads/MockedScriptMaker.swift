// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import MockedDevice
import TouchInput

/// Turns the start of a recording into a `MockedReplayScript` for
/// `libinput-touch-dump --replay-mocked`: each device is added, fed its events (whole evdev
/// frames only, those starting within the first `seconds`), and removed.
public enum MockedScriptMaker {
  public static func make(recordingPath: String, seconds: Double) throws -> MockedReplayScript {
    let reader = try RecordingReader(path: recordingPath)
    var perDevice = Array(repeating: [EvdevEvent](), count: reader.devices.count)
    var start: UInt64?
    var limit = UInt64.max
    var stopped = Array(repeating: false, count: reader.devices.count)
    while let (device, event) = try reader.next() {
      if start == nil {
        start = event.timeMicroseconds
        limit = event.timeMicroseconds + UInt64(seconds * 1_000_000)
      }
      if stopped[device] { continue }
      perDevice[device].append(event)
      let endsFrame = event.type == EvdevCodes.EV_SYN && event.code == EvdevCodes.SYN_REPORT
      if endsFrame && event.timeMicroseconds >= limit {
        stopped[device] = true
        if stopped.allSatisfy({ $0 }) { break }
      }
    }
    var steps: [MockedReplayScript.Step] = []
    for index in reader.devices.indices { steps.append(.add(device: index)) }
    for (index, events) in perDevice.enumerated() { steps.append(.events(device: index, events)) }
    for index in reader.devices.indices { steps.append(.remove(device: index)) }
    let script = MockedReplayScript(devices: reader.devices, steps: steps)
    try script.validate()
    return script
  }

  /// Writes `script` as JSON to `path`.
  public static func write(_ script: MockedReplayScript, to path: String) throws {
    let data = try JSONEncoder().encode(script)
    try data.write(to: URL(fileURLWithPath: path))
  }
}
