import GestureCore
import GestureInput
import GestureScene
import LibinputRecording
import TouchInput
import TouchscreenDecoder

/// Replays a `libinput record` file through a scene's recognizers, headless and in virtual
/// time, so the same file always gives the same reports however fast the machine is.
///
/// Pipeline: `RecordingReader` (events of all devices merged by time) -> a `TouchscreenSeat`
/// with a decoder per touchscreen device (other devices are skipped with a warning; with no
/// touchscreen at all the replay fails naming each device and why it was refused) ->
/// `TouchFrameAssembler` -> for each frame `clock.advance(toMicroseconds:)` to the frame's
/// time, then `engine.handle(frame)`. After the last event the decoders' `finish` cancels
/// touches never released, and `clock.runUntilIdle()` fires the timers still armed (so a
/// final tap waiting out the double-tap interval is still reported).
///
/// Report times are seconds since the recording's first event. Decoder diagnostics and
/// input the engine had to skip become `warning` lines (without the `warning: ` prefix).
public struct RecordingReplayer {
  public let scene: SceneDescription
  public let settings: GestureSettings

  public init(scene: SceneDescription, settings: GestureSettings = .standard) {
    self.scene = scene
    self.settings = settings
  }

  /// Replays the recording at `path`, calling `report` for every recognizer action (in
  /// order) and `warning` for every problem worth telling. Throws a one-line `ReplayError`
  /// naming the file when it cannot be read or holds no touchscreen.
  @discardableResult
  public func replay(
    path: String, report: (GestureReport) -> Void, warning: (String) -> Void
  ) throws(ReplayError) -> ReplaySummary {
    let reader: RecordingReader
    do {
      reader = try RecordingReader(path: path)
    } catch {
      throw ReplayError(Self.describe(error, path: path))
    }
    let screen = ScreenSize(width: scene.screenWidth, height: scene.screenHeight)
    var seat = TouchscreenSeat()
    var refusals: [String] = []
    for (index, device) in reader.devices.enumerated() {
      do {
        try seat.addDevice(device, screen: screen, deviceIndex: index)
      } catch {
        refusals.append(
          "device \(index) \"\(error.deviceName)\" is not a touchscreen: \(error.reason)")
      }
    }
    if reader.devices.isEmpty {
      throw ReplayError("\(path): the recording has no devices")
    }
    if seat.decoders.isEmpty {
      throw ReplayError(
        "\(path): no touchscreen in the recording: " + refusals.joined(separator: "; "))
    }
    for refusal in refusals { warning("\(path): ignoring \(refusal)") }

    let live = Scene(scene)
    let clock = ManualClock()
    let engine = GestureEngine(rootView: live.rootView, clock: clock, settings: settings)
    var summary = ReplaySummary()
    var origin: Int64 = 0
    // Reports are collected by the actions and handed on after each step, so `report` need
    // not be escaping.
    var pending: [GestureReport] = []
    pending.reserveCapacity(16)
    live.addReportAction(time: { clock.nowMicroseconds - origin }) { pending.append($0) }
    var assembler = TouchFrameAssembler()

    func deliver() {
      for item in pending { report(item) }
      summary.reports += pending.count
      pending.removeAll(keepingCapacity: true)
    }
    func handle(_ event: TouchInputEvent) {
      assembler.consume(event) { frame in
        clock.advance(toMicroseconds: frame.timestampMicroseconds)
        engine.handle(frame)
        summary.frames += 1
      }
    }

    do {
      while let (device, event) = try reader.next() {
        if summary.firstEventMicroseconds == nil {
          summary.firstEventMicroseconds = event.timeMicroseconds
          origin = Int64(clamping: event.timeMicroseconds)
          clock.advance(toMicroseconds: origin)
        }
        summary.lastEventMicroseconds = event.timeMicroseconds
        summary.evdevEvents += 1
        seat.decode(event, deviceIndex: device, emit: handle)
        if !pending.isEmpty { deliver() }
      }
    } catch {
      deliver()
      for diagnostic in seat.takeDiagnostics() { warning("\(path): \(diagnostic.message)") }
      throw ReplayError(Self.describe(error, path: path))
    }
    let endTime = summary.lastEventMicroseconds ?? 0
    let before = seat.decoders.reduce(0) { $0 + $1.activeTouchCount }
    seat.finish(at: endTime, emit: handle)
    summary.touchesCancelledAtEnd = before
    assembler.flush { frame in
      clock.advance(toMicroseconds: frame.timestampMicroseconds)
      engine.handle(frame)
      summary.frames += 1
    }
    deliver()
    clock.runUntilIdle()
    deliver()

    for diagnostic in seat.takeDiagnostics() { warning("\(path): \(diagnostic.message)") }
    if assembler.ignoredEventCount > 0 {
      warning(
        "\(path): \(assembler.ignoredEventCount) touch event(s) for touches not down were ignored")
    }
    let skipped = engine.diagnostics.unknownTouchSamples + engine.diagnostics.duplicateTouchBegins
    if skipped > 0 {
      warning("\(path): the gesture engine skipped \(skipped) inconsistent touch sample(s)")
    }
    return summary
  }

  private static func describe(_ error: any Error, path: String) -> String {
    if let error = error as? RecordingError { return error.description }
    return "\(path): \(error)"
  }
}
