// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// GestureBridge's side of the peer comparison with wf-touch: one engine on a
/// `BenchmarkScene` in virtual time, fed `PeerFrames` `passes` times over (each pass later by
/// `passMicroseconds`). A frame is `clock.advance(toMicroseconds:)` (timers due fire) and
/// `engine.handle(frame)`, timed alone with CLOCK_MONOTONIC; reading the file is not timed.
public final class PeerEngineRun {
  public let engine: GestureEngine
  public let recognizerCount: Int
  private let clock: ManualClock
  private let owner: AnyObject
  /// State changes to `.began` or `.ended` (recognized gestures) seen so far.
  public var recognized: Int { tally.recognized }
  /// Reports built so far (with `reports`).
  public var reports: Int { tally.reports }
  /// The touches of the reports built so far, summed (so building them is not optimized
  /// away).
  public var reportedTouches: Int { tally.reportedTouches }
  /// The counts above, kept by the engine's observer and the report action. (A class of its
  /// own, held strongly by both closures: no unowned reference to load per call, and its
  /// internal properties are checked for exclusive access when compiling, where public
  /// stored properties of this class are checked at run time: harness overhead that would
  /// count as the engine's.)
  private let tally = Tally()
  /// Frames run by `runByClass`, by class (`PeerFrameClass`).
  public private(set) var landingFrames = 0
  public private(set) var liftingFrames = 0
  public private(set) var movingFrames = 0
  public private(set) var idleFrames = 0

  /// With `reports`, every recognizer of a `Scene` gets the action `gesture-bridge`'s
  /// replay adds (`Scene.addReportAction`): each state change builds a `GestureReport`.
  public init(scene: BenchmarkScene, reports: Bool = false) throws {
    let built = try scene.build()
    owner = built.owner
    recognizerCount = built.recognizerCount
    clock = ManualClock(nowMicroseconds: 0)
    engine = GestureEngine(rootView: built.rootView, clock: clock)
    let tally = tally
    engine.stateObserver = { change in
      if change.to == .began || change.to == .ended { tally.recognized += 1 }
    }
    if reports, let scene = owner as? Scene {
      let clock = clock
      scene.addReportAction(time: { clock.nowMicroseconds }) { report in
        tally.reports += 1
        tally.reportedTouches += report.touches
      }
    }
  }

  /// Runs every frame `passes` times, untimed, each through the entry point of its class
  /// (`landingFrame`, `liftingFrame`, `movingFrame`, `idleFrame`), so a callgrind profile
  /// gives each class's instructions as that function's inclusive cost.
  public func runByClass(_ peer: PeerFrames, passes: Int) {
    let classes = peer.frames.map { PeerFrameClass($0) }
    for pass in 0..<passes {
      let offset = Int64(pass) * peer.passMicroseconds
      for index in peer.frames.indices {
        var frame = peer.frames[index]
        frame.timestampMicroseconds += offset
        switch classes[index] {
        case .landing: landingFrame(frame)
        case .lifting: liftingFrame(frame)
        case .moving: movingFrame(frame)
        case .idle: idleFrame(frame)
        }
      }
    }
  }

  /// Frames run by `runSplittingRecognition`: those where a gesture began or was recognized,
  /// and the others.
  public private(set) var recognitionFrames = 0
  public private(set) var otherFrames = 0

  /// Marks the frames (of one pass) in which a recognizer began or recognized: this run's
  /// engine hears them once (use a fresh run to measure afterwards; the frames are in
  /// virtual time, so a second engine on the same scene behaves the same).
  public func markRecognitionFrames(_ peer: PeerFrames) -> [Bool] {
    var marks: [Bool] = []
    marks.reserveCapacity(peer.frames.count)
    for frame in peer.frames {
      let before = recognized
      handle(frame)
      marks.append(recognized != before)
    }
    return marks
  }

  /// Runs every frame once, those `marks` names through `recognitionFrame`, the others
  /// through `otherFrame`, so a callgrind profile gives the instructions of the frames where
  /// a gesture begins or is recognized as that function's inclusive cost.
  public func runSplittingRecognition(_ peer: PeerFrames, marks: [Bool]) {
    for index in peer.frames.indices {
      if marks[index] {
        recognitionFrame(peer.frames[index])
      } else {
        otherFrame(peer.frames[index])
      }
    }
  }

  @inline(never) private func recognitionFrame(_ frame: TouchFrame) {
    recognitionFrames += 1
    handle(frame)
  }

  @inline(never) private func otherFrame(_ frame: TouchFrame) {
    otherFrames += 1
    handle(frame)
  }

  // (Each counts its frames, so no two are the same code and merged.)
  @inline(never) private func landingFrame(_ frame: TouchFrame) {
    landingFrames += 1
    handle(frame)
  }

  @inline(never) private func liftingFrame(_ frame: TouchFrame) {
    liftingFrames += 1
    handle(frame)
  }

  @inline(never) private func movingFrame(_ frame: TouchFrame) {
    movingFrames += 1
    handle(frame)
  }

  @inline(never) private func idleFrame(_ frame: TouchFrame) {
    idleFrames += 1
    handle(frame)
  }

  /// Runs every frame `passes` times; with `times`, each frame's duration in nanoseconds is
  /// appended (reserve capacity first: the run itself allocates nothing for it).
  public func run(_ peer: PeerFrames, passes: Int, times: inout [Int64]) {
    let keep = times.capacity >= times.count + passes * peer.frames.count
    for pass in 0..<passes {
      let offset = Int64(pass) * peer.passMicroseconds
      for index in peer.frames.indices {
        var frame = peer.frames[index]
        frame.timestampMicroseconds += offset
        if keep {
          let start = Self.nanoseconds()
          handle(frame)
          times.append(Self.nanoseconds() - start)
        } else {
          handle(frame)
        }
      }
    }
  }

  /// One frame: the clock advanced to its time (due timers fire), then the engine.
  @inline(never)
  func handle(_ frame: TouchFrame) {
    clock.advance(toMicroseconds: frame.timestampMicroseconds)
    engine.handle(frame)
  }

  static func nanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}

/// What a `PeerEngineRun` counts.
final class Tally {
  var recognized = 0
  var reports = 0
  var reportedTouches = 0
}

/// Median, p99 and mean of per-frame durations (nanoseconds), as both sides print them.
public struct FrameTimeSummary: Sendable {
  public var frames: Int
  public var medianNanoseconds: Int64
  public var p99Nanoseconds: Int64
  public var meanNanoseconds: Double

  /// Nearest-rank percentiles of `times` (sorted here).
  public init(_ times: [Int64]) {
    let sorted = times.sorted()
    frames = sorted.count
    func rank(_ percent: Double) -> Int64 {
      guard !sorted.isEmpty else { return 0 }
      let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
      return sorted[min(sorted.count - 1, max(0, index))]
    }
    medianNanoseconds = rank(50)
    p99Nanoseconds = rank(99)
    meanNanoseconds = sorted.isEmpty ? 0 : Double(sorted.reduce(0, +)) / Double(sorted.count)
  }

  /// `frames=N median_ns=M p99_ns=P mean_ns=A`, the line `scripts/bench.sh` reads.
  public var line: String {
    "frames=\(frames) median_ns=\(medianNanoseconds) p99_ns=\(p99Nanoseconds) "
      + "mean_ns=\(Int64(meanNanoseconds.rounded()))"
  }
}
