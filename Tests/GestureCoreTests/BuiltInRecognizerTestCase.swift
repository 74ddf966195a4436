// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureCore

/// Behaviour tests of the built-in recognizers, driven through a real `GestureEngine` with
/// a `ManualClock` (virtual time, nothing sleeps). Each recognizer's tests are a subclass in
/// their own file (`BuiltInTapTests.swift`, ...); this file holds what they share: the
/// finish-recording recognizers, the rig, the journal and the sample helpers.
class BuiltInRecognizerTestCase: XCTestCase {
  /// Records, at each reset, the state the recognizer finished in (`failed`, `ended`,
  /// `cancelled`): the only way to see a failure, which sends no action.
  protocol FinishRecording: AnyObject {
    var finishes: [GestureRecognizerState] { get }
  }

  final class RecordingTap: TapGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingLongPress: LongPressGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingPan: PanGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingPinch: PinchGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingRotation: RotationGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingSwipe: SwipeGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }

  final class RecordingEdgePan: ScreenEdgePanGestureRecognizer, FinishRecording {
    var finishes: [GestureRecognizerState] = []
    override func reset() {
      finishes.append(state)
      super.reset()
    }
  }
}

/// Adds an action to `recognizer` that records its state and `read(recognizer)`.
func journal<R: GestureRecognizer, Value>(_ recognizer: R, _ read: @escaping (R) -> Value)
  -> Journal<Value>
{
  let log = Journal<Value>()
  recognizer.addTarget { [unowned log] sender in
    let typed = sender as! R
    log.entries.append((typed.state, read(typed)))
  }
  return log
}

/// Finger `id` touching down at (`x`, `y`).
func down(_ id: UInt64, _ x: Double, _ y: Double) -> TouchSample {
  TouchSample(id: TouchID(id), phase: .began, location: Point(x: x, y: y))
}

/// Finger `id` moving to (`x`, `y`).
func move(_ id: UInt64, _ x: Double, _ y: Double) -> TouchSample {
  TouchSample(id: TouchID(id), phase: .moved, location: Point(x: x, y: y))
}

/// Finger `id` lifting at (`x`, `y`).
func up(_ id: UInt64, _ x: Double, _ y: Double) -> TouchSample {
  TouchSample(id: TouchID(id), phase: .ended, location: Point(x: x, y: y))
}

/// Finger `id` cancelled at (`x`, `y`).
func cancel(_ id: UInt64, _ x: Double, _ y: Double) -> TouchSample {
  TouchSample(id: TouchID(id), phase: .cancelled, location: Point(x: x, y: y))
}

/// Whether `a` and `b` differ by at most `tolerance`.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

/// Whether the points differ by at most `tolerance` on each axis.
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// A 1920x1080 root view, an engine and a manual clock; frames are sent at times in
/// milliseconds, the clock moving there first so that due timers fire in order.
final class Rig {
  let clock = ManualClock(nowMicroseconds: 0)
  let root = View(name: "screen", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
  let engine: GestureEngine

  init(settings: GestureSettings = .standard) {
    engine = GestureEngine(rootView: root, clock: clock, settings: settings)
  }

  /// Attaches `recognizer` to the root view (or to `view`) and returns it.
  @discardableResult
  func add<R: GestureRecognizer>(_ recognizer: R, to view: View? = nil) -> R {
    (view ?? root).addGestureRecognizer(recognizer)
    return recognizer
  }

  /// Moves virtual time to `ms`, firing due timers, then handles one frame there.
  func frame(_ ms: Double, _ samples: TouchSample...) {
    let time = micro(ms)
    clock.advance(toMicroseconds: time)
    engine.handle(TouchFrame(timestampMicroseconds: time, samples: samples))
  }

  /// Moves virtual time to `ms`, firing due timers.
  func advance(to ms: Double) { clock.advance(toMicroseconds: micro(ms)) }

  /// Moves finger `id` in a straight line from `from` to `to`, one frame every `stepMs`
  /// starting at `startMs + stepMs`, `steps` frames; returns the time of the last frame.
  @discardableResult
  func drag(
    _ id: UInt64, from: (Double, Double), to: (Double, Double), startMs: Double, steps: Int,
    stepMs: Double
  ) -> Double {
    var time = startMs
    for step in 1...steps {
      time = startMs + Double(step) * stepMs
      let f = Double(step) / Double(steps)
      frame(time, move(id, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f))
    }
    return time
  }

  private func micro(_ ms: Double) -> Int64 { Int64((ms * 1000).rounded()) }
}

/// What the actions of a recognizer saw: the state and a value read from it, per call.
final class Journal<Value> {
  var entries: [(state: GestureRecognizerState, value: Value)] = []
  var states: [GestureRecognizerState] { entries.map(\.state) }
  var values: [Value] { entries.map(\.value) }
  var last: Value? { entries.last?.value }
}
