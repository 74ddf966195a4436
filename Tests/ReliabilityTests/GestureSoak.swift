// SPDX-License-Identifier: MIT
import Foundation
import GestureCore
import GestureScene
import TouchInput

/// Replays synthetic gestures through the same path as `gesture-bridge replay` after the
/// decoder: libinput-shaped `TouchInputEvent`s -> `TouchFrameAssembler` -> `GestureEngine`
/// with the default scene (twelve recognizers, failure requirements, simultaneous pinch and
/// rotation), in virtual time.
///
/// Gestures cycle through seven kinds, one second apart, each in the middle of the screen:
/// tap, two-finger tap, long press (0.7 s), pan (300 px in 1.5 s, too slow for a swipe), swipe (400 px in 0.1 s),
/// pinch (200 px apart to 600 px in 0.3 s) and rotation (1 radian in 0.3 s). `endedCounts`
/// counts, per recognizer name, how often it ended (recognized).
final class GestureSoak {
  enum Kind: CaseIterable {
    case tap, twoFingerTap, longPress, pan, swipe, pinch, rotation

    /// The default scene's recognizer that must recognize this gesture.
    var recognizer: String {
      switch self {
      case .tap: "tap"
      case .twoFingerTap: "two-finger-tap"
      case .longPress: "long-press"
      case .pan: "pan"
      case .swipe: "swipe"
      case .pinch: "pinch"
      case .rotation: "rotation"
      }
    }
  }

  private let scene = Scene(SceneDescription.standard)
  private let clock = ManualClock()
  private let engine: GestureEngine
  private var assembler = TouchFrameAssembler()
  private var time: UInt64 = 1_000_000
  /// Per recognizer (index in `scene.recognizers`), how often it ended.
  private var ended: [Int]
  /// Gestures replayed so far.
  private(set) var gestures = 0

  init() {
    engine = GestureEngine(rootView: scene.rootView, clock: clock)
    ended = Array(repeating: 0, count: scene.recognizers.count)
    for (index, entry) in scene.recognizers.enumerated() {
      entry.recognizer.addTarget { [unowned self] recognizer in
        if recognizer.state == .ended { ended[index] += 1 }
      }
    }
  }

  /// How often each recognizer ended, by name.
  var endedCounts: [String: Int] {
    var counts: [String: Int] = [:]
    for (index, entry) in scene.recognizers.enumerated() where ended[index] > 0 {
      counts[entry.name] = ended[index]
    }
    return counts
  }

  /// Fingers alive in the engine.
  var liveTouches: Int { engine.liveTouchIDs.count }

  /// Replays `count` more gestures, then lets the timers run out.
  func run(_ count: Int) {
    for _ in 0..<count {
      replay(Kind.allCases[gestures % Kind.allCases.count])
      gestures += 1
    }
    clock.runUntilIdle()
  }

  private func replay(_ kind: Kind) {
    let centre = (x: 960.0, y: 540.0)
    switch kind {
    case .tap:
      down([(0, centre.x, centre.y)])
      after(60_000)
      up([0])
    case .twoFingerTap:
      down([(0, centre.x - 60, centre.y), (1, centre.x + 60, centre.y)])
      after(80_000)
      up([0, 1])
    case .longPress:
      down([(0, centre.x, centre.y)])
      after(700_000)
      up([0])
    case .pan:
      down([(0, centre.x - 150, centre.y)])
      for step in 1...30 {
        after(50_000)
        move([(0, centre.x - 150 + 10 * Double(step), centre.y)])
      }
      after(30_000)
      up([0])
    case .swipe:
      down([(0, centre.x - 200, centre.y)])
      for step in 1...5 {
        after(20_000)
        move([(0, centre.x - 200 + 80 * Double(step), centre.y)])
      }
      up([0])
    case .pinch:
      down([(0, centre.x - 100, centre.y), (1, centre.x + 100, centre.y)])
      for step in 1...10 {
        after(30_000)
        let half = 100 + 20 * Double(step)
        move([(0, centre.x - half, centre.y), (1, centre.x + half, centre.y)])
      }
      after(30_000)
      up([0, 1])
    case .rotation:
      down([(0, centre.x - 150, centre.y), (1, centre.x + 150, centre.y)])
      for step in 1...10 {
        after(30_000)
        let angle = 0.1 * Double(step)
        let dx = 150 * cos(angle)
        let dy = 150 * sin(angle)
        move([(0, centre.x - dx, centre.y - dy), (1, centre.x + dx, centre.y + dy)])
      }
      after(30_000)
      up([0, 1])
    }
    after(1_000_000)
  }

  private func after(_ microseconds: UInt64) { time += microseconds }

  private func down(_ fingers: [(slot: Int32, x: Double, y: Double)]) {
    for finger in fingers { touch(.down, finger.slot, finger.x, finger.y) }
    frame()
  }

  private func move(_ fingers: [(slot: Int32, x: Double, y: Double)]) {
    for finger in fingers { touch(.motion, finger.slot, finger.x, finger.y) }
    frame()
  }

  private func up(_ slots: [Int32]) {
    for slot in slots { touch(.up, slot, 0, 0) }
    frame()
  }

  private func touch(_ kind: TouchInputEvent.Kind, _ slot: Int32, _ x: Double, _ y: Double) {
    assembler.consume(
      TouchInputEvent(
        kind: kind, timeMicroseconds: time, device: 0, slot: slot, seatSlot: slot, x: x, y: y,
        xMillimetres: x / 8, yMillimetres: y / 8),
      emit: handle)
  }

  private func frame() { assembler.consume(.frame(at: time), emit: handle) }

  private func handle(_ frame: TouchFrame) {
    clock.advance(toMicroseconds: frame.timestampMicroseconds)
    engine.handle(frame)
  }
}
