// SPDX-License-Identifier: MIT
import Dispatch
import Foundation
import GestureCore
import GestureReplay
import GestureScene
import GestureTrace
import Synchronization

/// `watch --trace FILE`: the session's trace as an SVG picture in FILE, rewritten about once
/// a second while something new was recorded (by a background thread, so the file catches up
/// even while no touch arrives) and a last time when `watch` stops. Each rewrite replaces the
/// file whole (a temporary file renamed over it), so a viewer never reads half a picture.
final class LiveTraceFile: Sendable {
  private struct State {
    var recorder: TraceRecorder
    var dirty = true
    /// The last write error reported, so a lasting problem is reported once.
    var lastError: String?
  }

  let path: String
  private let renderer: SVGRenderer
  private let state: Mutex<State>
  private let wake = DispatchSemaphore(value: 0)
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  /// Writes the (empty) picture at once, so a path that cannot be written is an error before
  /// watching starts.
  init(path: String, scene: SceneDescription, title: String) throws {
    self.path = path
    renderer = SVGRenderer(title: title, timeOrigin: "watch started")
    state = Mutex(State(recorder: TraceRecorder(scene: scene)))
    try writeIfDirty()
  }

  func record(_ frame: TouchFrame) {
    state.withLock {
      $0.recorder.record(frame)
      $0.dirty = true
    }
  }

  func record(_ report: GestureReport) {
    state.withLock {
      $0.recorder.record(report)
      $0.dirty = true
    }
  }

  func record(_ failure: RecognizerFailure) {
    state.withLock {
      $0.recorder.recordFailure(
        of: failure.recognizer, type: failure.type.rawValue,
        atMicroseconds: failure.timeMicroseconds, location: failure.location)
      $0.dirty = true
    }
  }

  /// Starts the thread that rewrites the file every `interval` seconds when there is
  /// something new; a failed write is one warning on stderr (repeated only when the reason
  /// changes).
  func startPeriodicWrites(interval: Double = 1) {
    let thread = Thread { [self] in
      while !stopped.load(ordering: .acquiring) {
        _ = wake.wait(timeout: .now() + interval)
        if stopped.load(ordering: .acquiring) { break }
        do {
          try writeIfDirty()
        } catch let failure as InputFailure {
          let isNew = state.withLock { state in
            defer { state.lastError = failure.message }
            return state.lastError != failure.message
          }
          if isNew { writeError("warning: --trace: \(failure.message)\n") }
        } catch {}
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops the periodic writes (waiting for one under way) and writes the final picture.
  func finish(periodicWritesStarted: Bool) throws {
    if periodicWritesStarted {
      stopped.store(true, ordering: .releasing)
      wake.signal()
      finished.wait()
    }
    try writeIfDirty(force: true)
  }

  /// Renders a snapshot of the trace and replaces the file with it, if anything was recorded
  /// since the last write (or `force`).
  private func writeIfDirty(force: Bool = false) throws {
    let snapshot: TraceRecorder? = state.withLock {
      guard $0.dirty || force else { return nil }
      $0.dirty = false
      return $0.recorder
    }
    guard let snapshot else { return }
    do {
      try TextFile.write(renderer.render(snapshot), to: path)
    } catch {
      state.withLock { $0.dirty = true }
      throw error
    }
  }
}
