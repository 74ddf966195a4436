// SPDX-License-Identifier: MIT
import GestureCore
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// Which devices of a recording are touchscreens, decided the way libinput would
/// (`TouchscreenDecoder`'s checks): the seat of decoders for them, and the refusals of the
/// others as warning texts. Shared by the in-core and the through-libinput replay so both
/// accept and refuse the same devices with the same messages.
package struct RecordingTouchscreens {
  package var seat = TouchscreenSeat()
  /// Indices (in the recording) of the accepted devices, in order.
  package var accepted: [Int] = []
  /// `ignoring device N "NAME" is not a touchscreen: REASON` texts, prefixed by the path.
  package var warnings: [String] = []
  /// The touch surface size libinput would report for each accepted device, in order.
  package var surfaces: [TouchSurfaceSize?] = []

  /// Throws a `ReplayError` when the recording has no devices or no touchscreen.
  /// Opens the recording at `path` and sorts out its touchscreens, passing each refused
  /// device to `warning`: the start both replays share. Throws a one-line `ReplayError`
  /// naming the file when it cannot be read or holds no touchscreen.
  package static func open(path: String, screen: ScreenSize, warning: (String) -> Void)
    throws(ReplayError) -> (reader: RecordingReader, touchscreens: RecordingTouchscreens)
  {
    let reader: RecordingReader
    do {
      reader = try RecordingReader(path: path)
    } catch {
      throw ReplayError(RecordingReplayer.describe(error, path: path))
    }
    let touchscreens = try RecordingTouchscreens(
      devices: reader.devices, screen: screen, path: path)
    for refusal in touchscreens.warnings { warning(refusal) }
    return (reader, touchscreens)
  }

  package init(devices: [EvdevDeviceDescription], screen: ScreenSize, path: String)
    throws(ReplayError)
  {
    var refusals: [String] = []
    for (index, device) in devices.enumerated() {
      do {
        try seat.addDevice(device, screen: screen, deviceIndex: index)
        accepted.append(index)
        surfaces.append(TouchSurfaceSize(description: device))
      } catch {
        refusals.append(
          "device \(index) \"\(error.deviceName)\" is not a touchscreen: \(error.reason)")
      }
    }
    if devices.isEmpty {
      throw ReplayError("\(path): the recording has no devices")
    }
    if accepted.isEmpty {
      throw ReplayError(
        "\(path): no touchscreen in the recording: " + refusals.joined(separator: "; "))
    }
    warnings = refusals.map { "\(path): ignoring \($0)" }
  }

  /// The scale the recording's thresholds are resolved with: that of its first touchscreen
  /// with a size, mapped onto `screen`; nil when no touchscreen reports a resolution.
  package func physicalScale(screen: ScreenSize) -> PhysicalScale? {
    PhysicalScale(screen: screen, firstKnownOf: surfaces)
  }
}
