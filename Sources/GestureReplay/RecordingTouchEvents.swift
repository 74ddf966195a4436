// SPDX-License-Identifier: MIT
import GestureCore
import LibinputRecording
import TouchInput

/// A `libinput record` file's touches as the libinput-shaped `TouchInputEvent`s the in-core
/// replay decodes (the same reader, touchscreen checks and decoders: `RecordingTouchscreens`),
/// for players that feed them somewhere else, such as the weston test seat module's virtual
/// seat. Touches still down at the end are cancelled at the last event's time, as in the
/// replay.
public struct RecordingTouchEvents {
  /// The touch events in order, `timeMicroseconds` on the recording's clock.
  public var events: [TouchInputEvent] = []
  /// Time of the recording's first event (the replay's time origin), in microseconds.
  public var firstEventMicroseconds: UInt64 = 0
  /// The scale the replay resolves thresholds with: the first touchscreen with a size mapped
  /// onto the screen; nil when none reports a resolution.
  public var physicalScale: PhysicalScale?

  /// Checks that `path` can be read and holds a touchscreen (its header only), passing each
  /// refused device to `warning`; throws the one-line `ReplayError` the replay would.
  public static func check(path: String, warning: (String) -> Void) throws(ReplayError) {
    _ = try RecordingTouchscreens.open(path: path, screen: .fullHD, warning: warning)
  }

  /// Reads and decodes the whole recording at `path` for `screen` (positions in its pixels,
  /// as libinput's `..._get_x_transformed`). Refused devices and decoder diagnostics go to
  /// `warning`; throws a one-line `ReplayError` naming the file when it cannot be read or
  /// holds no touchscreen.
  public init(path: String, screen: ScreenSize, warning: (String) -> Void) throws(ReplayError) {
    let (reader, opened) = try RecordingTouchscreens.open(
      path: path, screen: screen, warning: warning)
    var touchscreens = opened
    physicalScale = touchscreens.physicalScale(screen: screen)
    var first: UInt64?
    var last: UInt64 = 0
    var decoded: [TouchInputEvent] = []
    do {
      while let (device, event) = try reader.next() {
        if first == nil { first = event.timeMicroseconds }
        last = event.timeMicroseconds
        touchscreens.seat.decode(event, deviceIndex: device) { decoded.append($0) }
      }
    } catch {
      throw ReplayError(RecordingReplayer.describe(error, path: path))
    }
    touchscreens.seat.finish(at: last) { decoded.append($0) }
    for diagnostic in touchscreens.seat.takeDiagnostics() {
      warning("\(path): \(diagnostic.message)")
    }
    events = decoded
    firstEventMicroseconds = first ?? 0
  }
}
