// SPDX-License-Identifier: MIT
import GestureCore
import TouchInput

/// The engine-and-report half shared by every replay and by `LibinputWatcher`: touch events
/// -> `TouchFrameAssembler` -> for each frame, the clock is moved to the frame's time (virtual
/// clocks) and the frame goes to a `GestureEngine` running the scene; every recognizer action
/// becomes a `GestureReport` whose time is microseconds since `originMicroseconds`.
///
/// Reports are collected while the engine runs and handed on by `deliver(_:)`, so the report
/// callback need not be escaping. GestureReplay's `RecordingReplayer` (in-core decoder) and
/// the CLI's `LibinputReplayer` (real libinput on mocked devices) feed the same pipeline,
/// which is what makes their outputs comparable byte for byte.
package final class ScenePipeline {
  package let clock: any GestureClock
  /// The clock when it is virtual: moved to each frame's time, run until idle at the end.
  package let manualClock: ManualClock?
  package let engine: GestureEngine
  package let scene: Scene
  /// Report times are relative to this (microseconds on the clock's timeline).
  package var originMicroseconds: Int64 = 0
  package private(set) var assembler = TouchFrameAssembler()
  private var pending: [GestureReport] = []
  package private(set) var frames = 0
  package private(set) var reports = 0
  /// Called with every frame after the engine has handled it, its time made relative to
  /// `originMicroseconds` like report times (for traces); nil by default.
  package var frameObserver: ((TouchFrame) -> Void)?
  /// Called with every failure of a scene recognizer the moment it fails (while the engine
  /// runs, so before the reports of the same frame are delivered), its time made relative
  /// like report times; nil by default. Setting it installs the engine's `stateObserver`.
  package var failureObserver: ((RecognizerFailure) -> Void)? {
    didSet { observeFailures() }
  }

  /// The settings as given, before their millimetres are resolved into pixels.
  package let settings: GestureSettings
  /// The scale the engine's settings are resolved with (`settings.resolved(for:)`); nil: the
  /// pixel fallbacks. Setting it re-resolves the engine's settings.
  package var scale: PhysicalScale? {
    didSet { engine.settings = settings.resolved(for: scale) }
  }

  /// A pipeline in virtual time (a fresh `ManualClock`).
  package convenience init(
    scene description: SceneDescription, settings: GestureSettings, scale: PhysicalScale?
  ) {
    let clock = ManualClock()
    self.init(
      scene: description, settings: settings, scale: scale, clock: clock, manualClock: clock)
  }

  /// A pipeline on `clock` (e.g. `MonotonicClock` for live input).
  package init(
    scene description: SceneDescription, settings: GestureSettings, scale: PhysicalScale?,
    clock: any GestureClock, manualClock: ManualClock? = nil
  ) {
    self.clock = clock
    self.manualClock = manualClock
    self.settings = settings
    self.scale = scale
    scene = Scene(description)
    engine = GestureEngine(
      rootView: scene.rootView, clock: clock, settings: settings.resolved(for: scale))
    pending.reserveCapacity(16)
    scene.addReportAction(time: { [unowned self] in
      self.clock.nowMicroseconds - self.originMicroseconds
    }) {
      [unowned self] in self.pending.append($0)
    }
  }

  /// Points the engine's state observer at `failureObserver` (removes it when nil).
  private func observeFailures() {
    guard failureObserver != nil else {
      engine.stateObserver = nil
      return
    }
    var byRecognizer: [ObjectIdentifier: SceneRecognizer] = [:]
    for entry in scene.recognizers { byRecognizer[ObjectIdentifier(entry.recognizer)] = entry }
    engine.stateObserver = { [unowned self] change in
      guard change.to == .failed, let failureObserver = self.failureObserver,
        let entry = byRecognizer[ObjectIdentifier(change.recognizer)]
      else { return }
      let recognizer = change.recognizer
      failureObserver(
        RecognizerFailure(
          timeMicroseconds: self.clock.nowMicroseconds - self.originMicroseconds,
          recognizer: entry.name,
          type: entry.type, view: entry.view.name, location: recognizer.location(in: entry.view),
          touches: recognizer.numberOfTouches))
    }
  }

  /// Resolves the thresholds for the touch surfaces of the devices present now (`surfaces`, in
  /// the order the devices were added) mapped onto `screen`: the first with a size gives the
  /// scale.
  package func useScale(of surfaces: [TouchSurfaceSize?], screen: ScreenSize) {
    let scale = PhysicalScale(screen: screen, firstKnownOf: surfaces)
    if scale != self.scale { self.scale = scale }
  }

  /// Sets the time origin and, in virtual time, moves the clock there.
  package func start(atMicroseconds origin: Int64) {
    originMicroseconds = origin
    manualClock?.advance(toMicroseconds: origin)
  }

  package var hasPendingReports: Bool { !pending.isEmpty }

  /// Feeds one touch event; a completed frame runs through the engine.
  package func handle(_ event: TouchInputEvent) {
    assembler.consume(event) { frame in run(frame) }
  }

  private func run(_ frame: TouchFrame) {
    manualClock?.advance(toMicroseconds: frame.timestampMicroseconds)
    engine.handle(frame)
    frames += 1
    if let frameObserver {
      var relative = frame
      relative.timestampMicroseconds -= originMicroseconds
      frameObserver(relative)
    }
  }

  /// Hands the reports collected so far to `report`, in order.
  package func deliver(_ report: (GestureReport) -> Void) {
    for item in pending { report(item) }
    reports += pending.count
    pending.removeAll(keepingCapacity: true)
  }

  /// Ends the input: samples without a closing frame are run, the reports delivered, then (in
  /// virtual time) the timers still armed are run and their reports delivered.
  package func finish(_ report: (GestureReport) -> Void) {
    assembler.flush { frame in run(frame) }
    deliver(report)
    manualClock?.runUntilIdle()
    deliver(report)
  }

  /// The warnings about input the assembler or the engine had to skip, prefixed by `prefix`.
  package func skippedInputWarnings(prefix: String) -> [String] {
    var warnings: [String] = []
    if assembler.ignoredEventCount > 0 {
      warnings.append(
        "\(prefix)\(assembler.ignoredEventCount) touch event(s) for touches not down were ignored")
    }
    let skipped = engine.diagnostics.unknownTouchSamples + engine.diagnostics.duplicateTouchBegins
    if skipped > 0 {
      warnings.append("\(prefix)the gesture engine skipped \(skipped) inconsistent touch sample(s)")
    }
    return warnings
  }
}
