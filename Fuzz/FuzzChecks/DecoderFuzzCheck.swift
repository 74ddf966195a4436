// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// Runs a `DecoderFuzzInput` through the `TouchPipeline`: its devices on one seat (a device
/// the decoder refuses, e.g. an empty axis range, is left out and its events ignored), every
/// event decoded, then the stream finished after the last event.
public enum DecoderFuzzCheck {
  /// Checks `bytes` read as a `DecoderFuzzInput`.
  public static func run(bytes: some Collection<UInt8>) -> FuzzOutcome {
    run(DecoderFuzzInput(bytes: bytes))
  }

  /// Checks `input`.
  public static func run(_ input: DecoderFuzzInput) -> FuzzOutcome {
    var seat = TouchscreenSeat()
    var refusals: [String] = []
    for (index, description) in input.descriptions.enumerated() {
      do {
        try seat.addDevice(description, screen: .fullHD, deviceIndex: index)
      } catch {
        refusals.append(error.description)
      }
    }
    let pipeline = TouchPipeline(seat: seat)
    var lastTime: UInt64 = 0
    for item in input.events {
      lastTime = max(lastTime, item.event.timeMicroseconds)
      pipeline.decode(item.event, device: item.device)
    }
    var outcome = pipeline.finish(at: lastTime)
    if !refusals.isEmpty { outcome.error = refusals.joined(separator: "; ") }
    return outcome
  }

  /// A seed input from a recording: the first touchscreen's axes and slots, and the events of
  /// up to two touchscreens (other devices dropped).
  public static func seed(fromRecordingAt path: String) throws -> DecoderFuzzInput {
    let (header, events) = try RecordingReader.readAll(path: path)
    var devices: [DecoderFuzzInput.Device] = []
    var deviceMap: [Int: Int] = [:]
    var toolType = false
    var protocolA = false
    for (index, description) in header.devices.enumerated() where devices.count < 2 {
      guard let capabilities = try? TouchscreenCapabilities.evaluate(description).get() else {
        continue
      }
      deviceMap[index] = devices.count
      toolType = toolType || capabilities.reportsToolType
      protocolA = protocolA || capabilities.usesMtdev
      devices.append(
        DecoderFuzzInput.Device(
          slotMaximum: UInt8(clamping: capabilities.slotCount - 1),
          minimum: Int16(clamping: capabilities.xAxis.minimum),
          xMaximum: Int16(clamping: capabilities.xAxis.maximum),
          yMaximum: Int16(clamping: capabilities.yAxis.maximum),
          resolution: UInt8(clamping: capabilities.xAxis.resolution),
          fuzz: UInt8(clamping: capabilities.xAxis.fuzz)))
    }
    let seedEvents = events.compactMap { item -> DecoderFuzzInput.Event? in
      guard let device = deviceMap[item.device] else { return nil }
      return DecoderFuzzInput.Event(device: device, event: item.event)
    }
    return DecoderFuzzInput(
      singleTouch: false, toolType: toolType, protocolA: protocolA, devices: devices,
      events: seedEvents)
  }
}
