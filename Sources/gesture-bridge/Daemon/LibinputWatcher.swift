// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import LibinputInput
import TouchInput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Live recognition: touches from a `LibinputTouchSource` run through a scene's recognizers
/// (the same `ScenePipeline` as the replays) in real time on a `MonotonicClock`.
///
/// `run` sleeps in `poll(2)` on the source's fd and an optional stop fd, with the timeout set
/// to the engine's next timer deadline (no busy waiting, no polling interval); it dispatches
/// libinput's events, fires the timers that are due, and hands every report to `report` at
/// once. Report times are seconds since the watcher was created. A device removed with
/// fingers down has its touches cancelled (the source sends `.cancel` events for them).
final class LibinputWatcher {
  let source: LibinputTouchSource
  private let clock = MonotonicClock()
  private let pipeline: ScenePipeline
  /// Called with every touch frame after the recognizers have handled it, its time in
  /// microseconds since the watcher was created (like report times); nil by default.
  var touchFrames: ((TouchFrame) -> Void)? {
    get { pipeline.frameObserver }
    set { pipeline.frameObserver = newValue }
  }
  /// Called with every failure of a scene recognizer, when it happens, its time in
  /// microseconds since the watcher was created (like report times); nil by default.
  /// Failures are not reports: `report` never sees them.
  var failures: ((RecognizerFailure) -> Void)? {
    get { pipeline.failureObserver }
    set { pipeline.failureObserver = newValue }
  }

  /// `settings` are resolved into the source's screen pixels through the first touch device
  /// present that reports a size (`libinput_device_get_size`, mapped onto `source.screenSize`),
  /// again whenever a device is added or removed; with none, the pixel fallbacks apply.
  /// `originMicroseconds` (`CLOCK_MONOTONIC`, default now) is the time reports count from;
  /// a caller that replaces its watcher (the daemon, on a config reload) passes its first
  /// watcher's origin to keep report times continuous.
  init(
    source: LibinputTouchSource, scene: SceneDescription, settings: GestureSettings = .standard,
    originMicroseconds: Int64? = nil
  ) {
    self.source = source
    pipeline = ScenePipeline(scene: scene, settings: settings, scale: nil, clock: clock)
    pipeline.useScale(of: source.touchDevices.map(\.surfaceSize), screen: source.screenSize)
    pipeline.start(atMicroseconds: originMicroseconds ?? clock.nowMicroseconds)
  }

  /// Runs until `stopDescriptor` (if given) becomes readable; then cancels the touches still
  /// down and returns. `device` receives device added/removed events.
  func run(
    stopDescriptor: Int32?, report: (GestureReport) -> Void,
    device: (LibinputSourceEvent) -> Void
  ) throws {
    var touchesDown = TouchesDown()
    while true {
      try source.dispatch { event in
        switch event {
        case .deviceAdded, .deviceRemoved:
          pipeline.useScale(of: source.touchDevices.map(\.surfaceSize), screen: source.screenSize)
          device(event)
        case .touch(let touch):
          touchesDown.track(touch)
          pipeline.handle(touch)
        }
      }
      pipeline.deliver(report)
      clock.fireDue()
      pipeline.deliver(report)

      var descriptors = [pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)]
      if let stopDescriptor {
        descriptors.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0))
      }
      let result = poll(&descriptors, nfds_t(descriptors.count), clock.pollTimeoutMilliseconds())
      if result < 0 {
        let error = errno
        if error == EINTR { continue }
        throw LibinputError.systemCallFailed(call: "poll", errno: error)
      }
      if descriptors.count > 1 && descriptors[1].revents != 0 { break }
    }
    // Stopping with fingers down: cancel them, so recognizers end cleanly.
    let now = UInt64(max(0, clock.nowMicroseconds))
    let time = max(touchesDown.lastTimeMicroseconds, now)
    for event in touchesDown.cancelEvents(atMicroseconds: time) { pipeline.handle(event) }
    pipeline.finish(report)
  }
}
