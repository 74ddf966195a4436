// SPDX-License-Identifier: MIT
import Foundation

/// A description of finger movements over time: a list of `FingerStroke`s, one per finger
/// contact. The index of a stroke in `strokes` identifies its finger in `ScriptFrame`s.
///
/// Scripts are built from the builders (`tap`, `drag`, `pinch`, `rotate`, `hold`), combined
/// with `+` / `merged(with:)` and moved in time with `shifted(by:)`:
///
/// ```swift
/// let script = TouchScript.tap(at: (960, 540), start: 500_000)
///   + TouchScript.tap(at: (960, 540), start: 650_000)
/// let frames = script.frames(rateHz: 120)
/// ```
public struct TouchScript: Sendable, Hashable {
  /// A position in screen pixels.
  public typealias Point = (x: Double, y: Double)

  public var strokes: [FingerStroke]

  public init(strokes: [FingerStroke] = []) {
    self.strokes = strokes
  }

  /// A script of one stroke.
  public init(_ stroke: FingerStroke) {
    self.strokes = [stroke]
  }

  /// The earliest stroke start in microseconds, or nil for an empty script.
  public var startMicroseconds: UInt64? {
    strokes.map(\.startMicroseconds).min()
  }

  /// The latest stroke end (last keyframe) in microseconds, or nil for an empty script.
  public var endMicroseconds: UInt64? {
    strokes.map(\.endMicroseconds).max()
  }

  /// This script's strokes followed by `other`'s; fingers of `other` get indices after ours.
  public func merged(with other: TouchScript) -> TouchScript {
    TouchScript(strokes: strokes + other.strokes)
  }

  public static func + (lhs: TouchScript, rhs: TouchScript) -> TouchScript {
    lhs.merged(with: rhs)
  }

  /// The same script `microseconds` later (earlier when negative). Shifting a stroke before
  /// time 0 is a programming error.
  public func shifted(by microseconds: Int64) -> TouchScript {
    TouchScript(strokes: strokes.map { $0.shifted(by: microseconds) })
  }

  /// The same script with every finger resting at its last position for `microseconds` more
  /// before it ends (e.g. fingers that stop, then lift).
  public func thenHolding(for microseconds: UInt64) -> TouchScript {
    TouchScript(strokes: strokes.map { $0.holding(for: microseconds) })
  }

  /// Samples the script: see `ScriptFrameSequence`.
  public func frameSequence(rateHz: Int) -> ScriptFrameSequence {
    ScriptFrameSequence(script: self, rateHz: rateHz)
  }

  /// All frames of the script sampled at `rateHz` (see `ScriptFrameSequence`).
  public func frames(rateHz: Int) -> [ScriptFrame] {
    Array(frameSequence(rateHz: rateHz))
  }
}

// MARK: - Builders

extension TouchScript {
  /// One finger touching `point` at `start` and lifting `duration` µs later without moving.
  public static func tap(
    at point: Point, start: UInt64, duration: UInt64 = 80_000
  ) -> TouchScript {
    hold(at: point, start: start, duration: duration)
  }

  /// One finger resting still at `point` from `start` for `duration` µs, then ending as
  /// `ending` (lift by default).
  public static func hold(
    at point: Point, start: UInt64, duration: UInt64, ending: FingerStroke.Ending = .lift
  ) -> TouchScript {
    TouchScript(
      FingerStroke(
        startMicroseconds: start,
        keyframes: [
          .init(offsetMicroseconds: 0, x: point.x, y: point.y),
          .init(offsetMicroseconds: duration, x: point.x, y: point.y),
        ], ending: ending))
  }

  /// One finger touching at `from`, moving at constant speed to `to` over `duration` µs,
  /// then ending as `ending` (lift by default) there.
  public static func drag(
    from: Point, to: Point, start: UInt64, duration: UInt64,
    ending: FingerStroke.Ending = .lift
  ) -> TouchScript {
    TouchScript(
      FingerStroke(
        startMicroseconds: start,
        keyframes: [
          .init(offsetMicroseconds: 0, x: from.x, y: from.y),
          .init(offsetMicroseconds: duration, x: to.x, y: to.y),
        ], ending: ending))
  }

  /// Two fingers on a line through `center` at `axisDegrees` (0 = horizontal, finger 0 on the
  /// left), their distance changing linearly from `fromSpan` to `toSpan` pixels over
  /// `duration` µs; both then lift.
  public static func pinch(
    center: Point, fromSpan: Double, toSpan: Double, start: UInt64, duration: UInt64,
    axisDegrees: Double = 0
  ) -> TouchScript {
    let radians = axisDegrees * .pi / 180
    let (dx, dy) = (cos(radians) / 2, sin(radians) / 2)
    return drag(
      from: (center.x - dx * fromSpan, center.y - dy * fromSpan),
      to: (center.x - dx * toSpan, center.y - dy * toSpan), start: start, duration: duration)
      + drag(
        from: (center.x + dx * fromSpan, center.y + dy * fromSpan),
        to: (center.x + dx * toSpan, center.y + dy * toSpan), start: start, duration: duration)
  }

  /// Two fingers opposite each other on a circle of `radius` pixels around `center`, turning
  /// at constant angular speed from `fromDegrees` to `toDegrees` over `duration` µs; both
  /// then lift. Angles are screen angles: 0 points right (finger 0 at `center.x + radius`),
  /// positive angles turn clockwise on screen (y grows downwards). The arc is stored as
  /// keyframes at most 2 degrees apart.
  public static func rotate(
    center: Point, radius: Double, fromDegrees: Double, toDegrees: Double, start: UInt64,
    duration: UInt64
  ) -> TouchScript {
    let sweep = toDegrees - fromDegrees
    let segments = max(1, Int((abs(sweep) / 2).rounded(.up)))
    func arc(offsetDegrees: Double) -> FingerStroke {
      var keyframes: [FingerStroke.Keyframe] = []
      var lastOffset: UInt64?
      for step in 0...segments {
        let offset = duration * UInt64(step) / UInt64(segments)
        if let lastOffset, offset <= lastOffset { continue }
        lastOffset = offset
        let degrees = fromDegrees + sweep * Double(step) / Double(segments) + offsetDegrees
        let radians = degrees * .pi / 180
        keyframes.append(
          .init(
            offsetMicroseconds: offset, x: center.x + radius * cos(radians),
            y: center.y + radius * sin(radians)))
      }
      return FingerStroke(startMicroseconds: start, keyframes: keyframes, ending: .lift)
    }
    return TouchScript(strokes: [arc(offsetDegrees: 0), arc(offsetDegrees: 180)])
  }
}

extension TouchScript {
  /// A hand (or two) put down flat: one finger at each of `fingertips` (screen pixels, in
  /// landing order), landing `landingStep` µs apart from `start`; each rests until
  /// `restDuration` µs after the first landed, then over `moveDuration` µs all travel by
  /// `travel` while the fingertips' spread about their centroid grows by `spreadFactor` and
  /// turns by `turnDegrees` (clockwise on screen), as a real hand slides, relaxes and twists a
  /// little; they rest `settleDuration` µs and lift `liftStep` µs apart, first finger first.
  public static func hand(
    fingertips: [Point], start: UInt64, landingStep: UInt64, restDuration: UInt64,
    moveDuration: UInt64, travel: Point = (0, 0), spreadFactor: Double = 1,
    turnDegrees: Double = 0, settleDuration: UInt64 = 50_000, liftStep: UInt64 = 10_000
  ) -> TouchScript {
    let count = Double(fingertips.count)
    let center = (
      x: fingertips.map(\.x).reduce(0, +) / count, y: fingertips.map(\.y).reduce(0, +) / count
    )
    let radians = turnDegrees * .pi / 180
    let moveStart = start + restDuration
    let moveEnd = moveStart + moveDuration
    return TouchScript(
      strokes: fingertips.enumerated().map { finger, tip in
        let landing = start + UInt64(finger) * landingStep
        let (dx, dy) = ((tip.x - center.x) * spreadFactor, (tip.y - center.y) * spreadFactor)
        let end = (
          x: center.x + travel.x + dx * cos(radians) - dy * sin(radians),
          y: center.y + travel.y + dx * sin(radians) + dy * cos(radians)
        )
        let lift = moveEnd + settleDuration + UInt64(finger) * liftStep
        return FingerStroke(
          startMicroseconds: landing,
          keyframes: [
            .init(offsetMicroseconds: 0, x: tip.x, y: tip.y),
            .init(offsetMicroseconds: moveStart - landing, x: tip.x, y: tip.y),
            .init(offsetMicroseconds: moveEnd - landing, x: end.x, y: end.y),
            .init(offsetMicroseconds: lift - landing, x: end.x, y: end.y),
          ], ending: .lift)
      })
  }
}
