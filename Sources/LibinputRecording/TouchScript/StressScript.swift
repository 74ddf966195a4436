// SPDX-License-Identifier: MIT
import Foundation

/// Builds long, busy, deterministic touch scripts for benchmarks: `fingers` independent
/// fingers, each touching down, moving along a smooth curve (a Lissajous-like path sampled as
/// keyframes every 50 ms) for 0.3...4 s, lifting (or, now and then, ending as a palm), and
/// resting 50...600 ms before touching again. The same seed gives the same script.
public enum StressScript {
  /// A script of `seconds` seconds starting at `startMicroseconds`, on a
  /// `screenWidth` x `screenHeight` pixel screen. Without `palms` the strokes that would end as
  /// palms lift instead (for devices that cannot report palms); the paths stay the same.
  public static func make(
    seconds: Double, fingers: Int, seed: UInt64 = 1, startMicroseconds: UInt64 = 500_000,
    screenWidth: Double = 1920, screenHeight: Double = 1080, palms: Bool = true
  ) -> TouchScript {
    precondition(seconds > 0 && fingers > 0, "stress script needs a positive length and fingers")
    var random = SplitMix64(seed: seed)
    let end = startMicroseconds + UInt64(seconds * 1_000_000)
    let keyframeStep: UInt64 = 50_000
    var strokes: [FingerStroke] = []
    for lane in 0..<fingers {
      var time = startMicroseconds + random.next(below: 300_000)
      // Each finger keeps its own region of the screen so paths look like separate hands.
      let centerX = screenWidth * (Double(lane % 5) + 0.5) / 5
      let centerY = screenHeight * (Double(lane / 5 % 2) + 0.5) / 2
      while time + 100_000 < end {
        let duration = Swift.min(300_000 + random.next(below: 3_700_000), end - time)
        let radiusX = screenWidth / 10 * (0.3 + random.unit() * 0.7)
        let radiusY = screenHeight / 4 * (0.3 + random.unit() * 0.7)
        let speedX = 0.5 + random.unit() * 2
        let speedY = 0.5 + random.unit() * 2
        let phaseX = random.unit() * 2 * .pi
        let phaseY = random.unit() * 2 * .pi
        var keyframes: [FingerStroke.Keyframe] = []
        var offset: UInt64 = 0
        while true {
          let seconds = Double(offset) / 1_000_000
          keyframes.append(
            .init(
              offsetMicroseconds: offset,
              x: centerX + radiusX * sin(speedX * seconds * 2 * .pi + phaseX),
              y: centerY + radiusY * sin(speedY * seconds * 2 * .pi + phaseY)))
          if offset == duration { break }
          offset = Swift.min(offset + keyframeStep, duration)
        }
        let isPalm = random.next(below: 20) == 0
        let ending: FingerStroke.Ending = isPalm && palms ? .cancel : .lift
        strokes.append(FingerStroke(startMicroseconds: time, keyframes: keyframes, ending: ending))
        time += duration + 50_000 + random.next(below: 550_000)
      }
    }
    return TouchScript(strokes: strokes)
  }
}

/// A small, fast, seedable pseudo-random generator (SplitMix64), so scripts are reproducible.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (bound > 0).
  mutating func next(below bound: UInt64) -> UInt64 {
    next() % bound
  }

  /// A value in `0..<1`.
  mutating func unit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }
}
