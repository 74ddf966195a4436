// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import LibinputRecording
import TouchInput

/// Replays a `libinput record` file through a scene's recognizers, headless and in virtual
/// time, so the same file always gives the same reports however fast the machine is.
///
/// Pipeline: `RecordingReader` (events of all devices merged by time) -> a `TouchscreenSeat`
/// with a decoder per touchscreen device (other devices are skipped with a warning; with no
/// touchscreen at all the replay fails naming each device and why it was refused) ->
/// `TouchFrameAssembler` -> for each frame `clock.advance(toMicroseconds:)` to the frame's
/// time, then `engine.handle(frame)`. After the last event the decoders' `finish` cancels
/// touches never released, and `clock.runUntilIdle()` fires the timers still armed (so a
/// final tap waiting out the double-tap interval is still reported). Everything after the
/// decoders is `ScenePipeline`, shared with `LibinputReplayer`. Reading and decoding run on a
/// second thread (`DecodedTouchFeed`), a batch of touch events ahead of the engine.
///
/// Report times are seconds since the recording's first event. Decoder diagnostics and
/// input the engine had to skip become `warning` lines (without the `warning: ` prefix).
public struct RecordingReplayer {
  public let scene: SceneDescription
  /// The thresholds, resolved into the scene's screen pixels through the recording's first
  /// touchscreen that reports a resolution (`PhysicalScale`: its size in millimetres, as
  /// `libinput_device_get_size` gives it, mapped onto the scene's screen); the pixel fallbacks
  /// when none does.
  public let settings: GestureSettings
  /// Called with every touch frame after the recognizers have handled it, its time in
  /// microseconds since the recording's first event (like report times); nil by default.
  public var touchFrames: ((TouchFrame) -> Void)?
  /// Called with every failure of a scene recognizer, when it happens (before the reports of
  /// the same frame), its time in microseconds since the recording's first event; nil by
  /// default. Failures are not reports: `report` never sees them.
  public var failures: ((RecognizerFailure) -> Void)?
  /// Called after every batch of a few thousand touch events with how far the replay has got
  /// (read ahead by up to a few batches); nil by default.
  public var progress: ((ReplayProgress) -> Void)?

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
    let screen = ScreenSize(width: scene.screenWidth, height: scene.screenHeight)
    let (reader, touchscreens) = try RecordingTouchscreens.open(
      path: path, screen: screen, warning: warning)

    let pipeline = ScenePipeline(
      scene: scene, settings: settings, scale: touchscreens.physicalScale(screen: screen))
    pipeline.frameObserver = touchFrames
    if let failures { pipeline.failureObserver = failures }
    var summary = ReplaySummary()
    // Made once: a method reference built per event costs a retain and a release each time.
    let handle: (TouchInputEvent) -> Void = pipeline.handle
    // The recording is read and decoded on a second thread while this one recognizes.
    let feed = DecodedTouchFeed(reader: reader, touchscreens: touchscreens)
    var started = false
    do {
      while var batch = try feed.nextBatch() {
        if !started, let first = feed.source.firstEventMicroseconds {
          pipeline.start(atMicroseconds: Int64(clamping: first))
          started = true
        }
        for event in batch {
          handle(event)
          if pipeline.hasPendingReports { pipeline.deliver(report) }
        }
        feed.recycle(&batch)
        if let progress { progress(feed.source.progress()) }
      }
    } catch {
      feed.finish()
      pipeline.deliver(report)
      for diagnostic in feed.source.touchscreens.seat.takeDiagnostics() {
        warning("\(path): \(diagnostic.message)")
      }
      throw ReplayError(Self.describe(error, path: path))
    }
    feed.finish()
    if !started, let first = feed.source.firstEventMicroseconds {
      pipeline.start(atMicroseconds: Int64(clamping: first))
    }
    summary.firstEventMicroseconds = feed.source.firstEventMicroseconds
    summary.lastEventMicroseconds = feed.source.lastEventMicroseconds
    summary.evdevEvents = feed.source.evdevEvents
    let endTime = summary.lastEventMicroseconds ?? 0
    summary.touchesCancelledAtEnd = feed.source.touchscreens.seat.decoders.reduce(0) {
      $0 + $1.activeTouchCount
    }
    feed.source.touchscreens.seat.finish(at: endTime, emit: pipeline.handle)
    pipeline.finish(report)
    summary.frames = pipeline.frames
    summary.reports = pipeline.reports

    for diagnostic in feed.source.touchscreens.seat.takeDiagnostics() {
      warning("\(path): \(diagnostic.message)")
    }
    for text in pipeline.skippedInputWarnings(prefix: "\(path): ") { warning(text) }
    return summary
  }

  package static func describe(_ error: any Error, path: String) -> String {
    if let error = error as? RecordingError { return error.description }
    return "\(path): \(error)"
  }
}
