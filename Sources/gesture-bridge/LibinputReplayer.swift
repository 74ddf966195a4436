// SPDX-License-Identifier: MIT
import GestureCore
import GestureReplay
import GestureScene
import LibinputInput
import LibinputRecording
import Logging
import MockedDevice
import TouchInput

/// Replays a `libinput record` file through real libinput: each touchscreen of the recording
/// becomes a umockdev-mocked evdev device built from the recording's own description (codes,
/// absinfo, properties, id, name, udev properties), its frames are written into the device
/// with their recorded timestamps and flow control (`MockedReplay`), and the touch events
/// libinput reports (`LibinputTouchSource`, the same input module `gesture-bridge watch`
/// uses) run through the same `ScenePipeline` as `RecordingReplayer`, in virtual time driven
/// by the events' timestamps.
///
/// Report times are seconds since the recording's first event, as in the in-core replay.
/// Devices the in-core replay refuses are refused here too, with the same warnings, and are not
/// mocked. After the last event, touches still down are cancelled at the time of the
/// recording's last event (what the in-core decoders' `finish` does) and pending timers run.
///
/// Needs a process with the umockdev preload (`UmockdevPreload.reexecIfNeeded()`). The whole
/// recording is read into memory first (the replay script holds every event).
struct LibinputReplayer {
  let scene: SceneDescription
  /// The thresholds, resolved into the scene's screen pixels through the first touchscreen
  /// libinput reports a size for (`libinput_device_get_size`) mapped onto the scene's screen;
  /// the pixel fallbacks when none has one. The same scale as `RecordingReplayer`'s.
  let settings: GestureSettings
  /// Receives libinput's and the mocked replay's log messages.
  let logger: Logger
  /// Called with every touch frame after the recognizers have handled it, its time in
  /// microseconds since the recording's first event (like report times); nil by default.
  var touchFrames: ((TouchFrame) -> Void)?
  /// Called with every failure of a scene recognizer, when it happens (before the reports of
  /// the same frame), its time in microseconds since the recording's first event; nil by
  /// default. Failures are not reports: `report` never sees them.
  var failures: ((RecognizerFailure) -> Void)?
  /// Called now and then with how far the replay has got: while the recording is read
  /// (`.reading`), then while its events run through libinput (`.replaying`, measured in
  /// recorded time); nil by default.
  var progress: ((ReplayProgress) -> Void)?

  init(
    scene: SceneDescription, settings: GestureSettings = .standard,
    logger: Logger = Logger(label: "gesturebridge.replay.libinput")
  ) {
    self.scene = scene
    self.settings = settings
    self.logger = logger
  }

  /// Replays the recording at `path` through libinput, calling `report` for every recognizer
  /// action (in order) and `warning` for every problem worth telling. Throws a one-line
  /// `ReplayError` naming the file when it cannot be read, holds no touchscreen, or the
  /// mocked replay fails.
  @discardableResult
  func replay(
    path: String, report: (GestureReport) -> Void, warning: (String) -> Void
  ) throws(ReplayError) -> ReplaySummary {
    let screen = ScreenSize(width: scene.screenWidth, height: scene.screenHeight)
    let (reader, touchscreens) = try RecordingTouchscreens.open(
      path: path, screen: screen, warning: warning)

    var summary = ReplaySummary()
    let script: MockedReplayScript
    do {
      script = try Self.script(
        reader: reader, touchscreens: touchscreens.accepted, summary: &summary,
        progress: progress)
    } catch {
      throw ReplayError(RecordingReplayer.describe(error, path: path))
    }
    // The scale comes from the devices as libinput reports them (`libinput_device_get_size`),
    // like `watch`; they are added before any event.
    let pipeline = ScenePipeline(scene: scene, settings: settings, scale: nil)
    var devices: [LibinputDeviceInfo] = []
    pipeline.frameObserver = touchFrames
    if let failures { pipeline.failureObserver = failures }
    pipeline.start(atMicroseconds: Int64(clamping: summary.firstEventMicroseconds ?? 0))
    let first = summary.firstEventMicroseconds ?? 0
    let span = max(1, (summary.lastEventMicroseconds ?? 0) - first)
    let totalBytes = reader.eventBytes
    var touchEvents = 0

    var touchesDown = TouchesDown()
    do {
      _ = try MockedReplay(script: script, screenSize: screen, logger: logger).run { event in
        if case .deviceAdded(let info) = event {
          devices.append(info)
          pipeline.useScale(of: devices.map(\.surfaceSize), screen: screen)
        }
        guard case .touch(let touch) = event else { return }
        touchesDown.track(touch)
        pipeline.handle(touch)
        if pipeline.hasPendingReports { pipeline.deliver(report) }
        touchEvents += 1
        if let progress, touchEvents & (ReplayProgress.interval - 1) == 0 {
          let done = touch.timeMicroseconds > first ? touch.timeMicroseconds - first : 0
          progress(
            ReplayProgress(
              stage: .replaying, bytesRead: totalBytes, totalBytes: totalBytes,
              evdevEvents: summary.evdevEvents, fraction: min(1, Double(done) / Double(span))))
        }
      }
    } catch {
      pipeline.deliver(report)
      throw ReplayError("\(path): replay through libinput failed: \(error)")
    }

    // The in-core decoders' `finish`: cancel what is still down at the last event's time,
    // device by device in slot order, closed by one frame.
    let endTime = max(summary.lastEventMicroseconds ?? 0, touchesDown.lastTimeMicroseconds)
    summary.touchesCancelledAtEnd = touchesDown.count
    for event in touchesDown.cancelEvents(atMicroseconds: endTime) { pipeline.handle(event) }
    pipeline.finish(report)
    summary.frames = pipeline.frames
    summary.reports = pipeline.reports
    for text in pipeline.skippedInputWarnings(prefix: "\(path): ") { warning(text) }
    return summary
  }

  /// The mocked replay of the recording: its touchscreens (in recording order) added first,
  /// then each run of consecutive frames of one device as one events step, in the reader's
  /// merged time order. Events of refused devices are counted but not written.
  static func script(
    reader: RecordingReader, touchscreens: [Int], summary: inout ReplaySummary,
    progress: ((ReplayProgress) -> Void)? = nil
  ) throws -> MockedReplayScript {
    // Script position of each recorded device (an array: looked up for every event).
    var scriptIndex = [Int?](repeating: nil, count: reader.devices.count)
    for (position, device) in touchscreens.enumerated() where scriptIndex.indices.contains(device) {
      scriptIndex[device] = position
    }
    var steps: [MockedReplayScript.Step] = touchscreens.indices.map { .add(device: $0) }
    var runDevice = -1
    var run: [EvdevEvent] = []
    while let (device, event) = try reader.next() {
      if summary.firstEventMicroseconds == nil {
        summary.firstEventMicroseconds = event.timeMicroseconds
      }
      summary.lastEventMicroseconds = event.timeMicroseconds
      summary.evdevEvents += 1
      if let progress, summary.evdevEvents & (ReplayProgress.interval - 1) == 0 {
        progress(.reading(reader, stage: .reading, evdevEvents: summary.evdevEvents))
      }
      guard scriptIndex.indices.contains(device), let index = scriptIndex[device] else { continue }
      if index != runDevice {
        if !run.isEmpty { steps.append(.events(device: runDevice, run)) }
        run = []
        runDevice = index
      }
      run.append(event)
    }
    if !run.isEmpty { steps.append(.events(device: runDevice, run)) }
    return MockedReplayScript(
      devices: touchscreens.map { reader.devices[$0] }, steps: steps)
  }
}
