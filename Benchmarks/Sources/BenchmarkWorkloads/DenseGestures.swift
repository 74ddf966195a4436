// SPDX-License-Identifier: MIT
import GestureCore
import GestureCoreTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The dense peer row's frames: a seeded, generated run of short touch sequences on a
/// 1920x1080 screen, of every gesture class the default scene and the wf-touch harness know
/// (taps with 1-5 fingers, double taps, long presses, swipes with 1-5 fingers, pans,
/// pinches, rotations, edge pans), each 0.1-1.5 s long, with pauses between them. Fingers of
/// one sequence land and lift in frames of their own a frame or two apart, as real fingers
/// do, so about a third of the frames land or lift a touch (`PeerFrameClass`).
///
/// A frame lists the fingers that landed, moved or lifted since the last one (a finger held
/// still sends nothing, as a touchscreen does); a frame whose fingers all held still is not
/// sent. Frames with no sample at all stand for the host waking the engine at a timer with
/// no touch (the engine fires its timers then; wf-touch has none): one at the long press's
/// deadline while the finger is held, and one after a tap when the multi-tap interval has
/// passed. The same seed gives the same frames on every machine.
public struct DenseGestures {
  /// What one finger of a sequence does: when it lands and lifts (microseconds from the
  /// sequence's start) and where it is in between.
  struct Finger {
    var land: Int64
    var lift: Int64
    var start: Point
    var end: Point
    /// Rotation about `pivot` from start to end (radians), for rotations.
    var turn = 0.0
    var pivot = Point(x: 0, y: 0)
    /// Amplitude of the small tremor a finger held still shows (pixels).
    var tremor = 0.0

    func location(at time: Int64) -> Point {
      let span = Double(max(1, lift - land))
      let t = min(1, max(0, Double(time - land) / span))
      var x = start.x + (end.x - start.x) * t
      var y = start.y + (end.y - start.y) * t
      if turn != 0 {
        let dx = x - pivot.x
        let dy = y - pivot.y
        let angle = turn * t
        x = pivot.x + dx * cos(angle) - dy * sin(angle)
        y = pivot.y + dx * sin(angle) + dy * cos(angle)
      }
      return Point(x: x, y: y)
    }
  }

  /// The gesture classes, drawn in turn with these weights (short gestures most often).
  enum Kind: CaseIterable {
    case tap, doubleTap, longPress, swipe, pan, pinch, rotation, edgePan

    var weight: Int {
      switch self {
      case .tap: 6
      case .swipe: 4
      case .doubleTap: 3
      case .pinch, .rotation: 2
      case .longPress, .pan, .edgePan: 1
      }
    }
  }

  public let seed: UInt64
  public let sequences: Int
  public let rateHz: Int
  private var random: SeededRandom
  private var peer = PeerFrames()
  private var nextID: UInt64 = 1
  private var time: Int64 = 0

  /// `sequences` touch sequences at `rateHz`, from `seed`.
  public static func make(seed: UInt64, sequences: Int, rateHz: Int = 60) -> PeerFrames {
    var generator = DenseGestures(seed: seed, sequences: sequences, rateHz: rateHz)
    generator.run()
    return generator.peer
  }

  private init(seed: UInt64, sequences: Int, rateHz: Int) {
    self.seed = seed
    self.sequences = sequences
    self.rateHz = rateHz
    random = SeededRandom(seed: seed)
    peer.recordings = 1
  }

  private var period: Int64 { Int64((1_000_000.0 / Double(rateHz)).rounded()) }

  private mutating func run() {
    let kinds = Kind.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    time = 1_000_000
    for _ in 0..<sequences {
      let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
      let (fingers, timers) = sequence(kind)
      emit(fingers, timers: timers)
    }
  }

  private mutating func number(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &random)
  }

  private mutating func micros(_ range: ClosedRange<Double>) -> Int64 {
    Int64(number(range) * 1_000_000)
  }

  /// Somewhere away from the edges.
  private mutating func middle() -> Point {
    Point(x: number(300...1620), y: number(250...830))
  }

  /// Landing times of `count` fingers: each a frame or two after the previous one.
  private mutating func landings(_ count: Int, from start: Int64 = 0) -> [Int64] {
    var result: [Int64] = []
    var at = start
    for _ in 0..<count {
      result.append(at)
      at += period * Int64.random(in: 1...2, using: &random)
    }
    return result
  }

  /// A sequence of `kind`: its fingers and the times (from its start) the host wakes the
  /// engine with no touch.
  private mutating func sequence(_ kind: Kind) -> (fingers: [Finger], timers: [Int64]) {
    switch kind {
    case .tap:
      let count = [1, 1, 2, 2, 3, 3, 4, 5][Int.random(in: 0..<8, using: &random)]
      let base = middle()
      let held = micros(0.06...0.12)
      let lands = landings(count)
      var fingers: [Finger] = []
      for (index, land) in lands.enumerated() {
        let at = Point(x: base.x + Double(index) * 60, y: base.y + Double(index % 2) * 30)
        fingers.append(
          Finger(
            land: land, lift: lands.last! + held + Int64(index) * period, start: at, end: at,
            tremor: 1.5))
      }
      return (fingers, [fingers.map(\.lift).max()! + 310_000])
    case .doubleTap:
      let at = middle()
      let first = micros(0.05...0.1)
      let gap = micros(0.08...0.15)
      let second = first + gap
      return (
        [
          Finger(land: 0, lift: first, start: at, end: at, tremor: 1.5),
          Finger(
            land: second, lift: second + micros(0.05...0.1), start: at,
            end: Point(x: at.x + 3, y: at.y + 2), tremor: 1.5),
        ], []
      )
    case .longPress:
      let at = middle()
      return (
        [Finger(land: 0, lift: micros(0.6...1.0), start: at, end: at, tremor: 0.8)], [510_000]
      )
    case .swipe:
      let count = [1, 1, 2, 3, 3, 4, 4, 5][Int.random(in: 0..<8, using: &random)]
      return (parallel(count, duration: micros(0.1...0.25), distance: number(220...420)), [])
    case .pan:
      return (parallel(1, duration: micros(0.4...1.5), distance: number(150...600)), [])
    case .pinch:
      let centre = middle()
      let angle = number(0...(2 * Double.pi))
      let from = number(60...200)
      let to = Bool.random(using: &random) ? from * number(1.6...2.5) : from / number(1.6...2.5)
      let duration = micros(0.2...0.7)
      let lands = landings(2)
      return (
        (0..<2).map { index in
          let side = index == 0 ? 1.0 : -1.0
          let direction = Point(x: cos(angle) * side, y: sin(angle) * side)
          return Finger(
            land: lands[index], lift: duration + Int64(index) * period,
            start: Point(x: centre.x + direction.x * from, y: centre.y + direction.y * from),
            end: Point(x: centre.x + direction.x * to, y: centre.y + direction.y * to))
        }, []
      )
    case .rotation:
      let centre = middle()
      let radius = number(80...180)
      let turn = (Bool.random(using: &random) ? 1.0 : -1.0) * number(0.6...1.4)
      let duration = micros(0.2...0.7)
      let lands = landings(2)
      return (
        (0..<2).map { index in
          let side = index == 0 ? 1.0 : -1.0
          let at = Point(x: centre.x + side * radius, y: centre.y)
          return Finger(
            land: lands[index], lift: duration + Int64(index) * period, start: at, end: at,
            turn: turn, pivot: centre)
        }, []
      )
    case .edgePan:
      let duration = micros(0.25...0.6)
      let start: Point
      let end: Point
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        start = Point(x: 3, y: number(200...880))
        end = Point(x: number(300...700), y: start.y + number(-80...80))
      case 1:
        start = Point(x: 1916, y: number(200...880))
        end = Point(x: number(1220...1620), y: start.y + number(-80...80))
      default:
        start = Point(x: number(300...1620), y: 1077)
        end = Point(x: start.x + number(-80...80), y: number(600...850))
      }
      return ([Finger(land: 0, lift: duration, start: start, end: end)], [])
    }
  }

  /// `count` fingers side by side moving the same way (a swipe, or a pan for one).
  private mutating func parallel(_ count: Int, duration: Int64, distance: Double) -> [Finger] {
    let angle =
      Double(Int.random(in: 0..<4, using: &random)) * Double.pi / 2
      + number(-0.15...0.15)
    let base = middle()
    let step = Point(x: cos(angle) * distance, y: sin(angle) * distance)
    let lands = landings(count)
    return lands.enumerated().map { index, land in
      let at = Point(
        x: base.x - step.y / distance * Double(index) * 50,
        y: base.y + step.x
          / distance * Double(index) * 50)
      return Finger(
        land: land, lift: land + duration, start: at,
        end: Point(x: at.x + step.x, y: at.y + step.y))
    }
  }

  /// Appends the sequence's frames from `time` on, then a pause.
  private mutating func emit(_ fingers: [Finger], timers: [Int64]) {
    var ids: [UInt64] = []
    for _ in fingers {
      ids.append(nextID)
      nextID += 1
    }
    let end = fingers.map(\.lift).max()!
    // Where each finger was last reported; nil before it lands and after it lifts.
    var last: [Point?] = Array(repeating: nil, count: fingers.count)
    var lifted = Array(repeating: false, count: fingers.count)
    var pending = timers.sorted()
    var at: Int64 = 0
    while at <= end + period {
      while let timer = pending.first, timer < at {
        pending.removeFirst()
        peer.frames.append(TouchFrame(timestampMicroseconds: time + timer))
      }
      var frame = TouchFrame(timestampMicroseconds: time + at)
      for (index, finger) in fingers.enumerated() where !lifted[index] && finger.land <= at {
        let id = TouchID(ids[index])
        guard let previous = last[index] else {
          let location = finger.location(at: at)
          frame.samples.append(TouchSample(id: id, phase: .began, location: location))
          last[index] = location
          continue
        }
        if finger.lift < at {
          frame.samples.append(TouchSample(id: id, phase: .ended, location: previous))
          lifted[index] = true
          continue
        }
        var location = finger.location(at: at)
        if finger.tremor > 0 {
          // A finger held still is seen moving now and then, a pixel or so.
          guard Int.random(in: 0..<8, using: &random) == 0 else { continue }
          location.x += number(-finger.tremor...finger.tremor)
          location.y += number(-finger.tremor...finger.tremor)
        }
        if location != previous {
          frame.samples.append(TouchSample(id: id, phase: .moved, location: location))
          last[index] = location
        }
      }
      if !frame.samples.isEmpty { peer.frames.append(frame) }
      at += period
    }
    for timer in pending { peer.frames.append(TouchFrame(timestampMicroseconds: time + timer)) }
    let pause = micros(0.05...0.6)
    time += max(at, (pending.last ?? 0) + period) + pause
  }
}
