// SPDX-License-Identifier: MIT
import GestureCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Touch frames of `count` fingers that touch down and then all move every frame, at
/// `rateHz`, each on its own small circle (radius 40 px, one turn a second), spread over the
/// middle of a 1920x1080 screen away from the edges. With `strokeFrames` set, all fingers
/// lift in the last frame of every stroke and touch down again in the next one, so the
/// recognizers keep beginning, failing and resetting as in a real recording. The frame's
/// storage is reused: after the first frame, producing a frame allocates nothing.
public struct MovingFingers {
  public let count: Int
  public let rateHz: Int
  /// Frames from touching down to lifting (nil: the fingers never lift).
  public let strokeFrames: Int64?
  /// The frame last produced by `advance()`.
  public private(set) var frame: TouchFrame
  /// Frames produced so far.
  public private(set) var frameIndex: Int64 = 0

  private static let radius = 40.0

  public init(count: Int, rateHz: Int = 240, strokeFrames: Int64? = nil) {
    precondition((1...10).contains(count), "1...10 fingers")
    precondition((strokeFrames ?? 2) >= 2, "a stroke has at least 2 frames")
    self.count = count
    self.rateHz = rateHz
    self.strokeFrames = strokeFrames
    var samples: [TouchSample] = []
    samples.reserveCapacity(count)
    for finger in 0..<count {
      samples.append(
        TouchSample(
          id: TouchID(UInt64(finger + 1)), phase: .began,
          location: Self.location(finger: finger, turn: 0)))
    }
    frame = TouchFrame(timestampMicroseconds: 0, samples: samples)
  }

  /// The frame period in microseconds (4167 at 240 Hz).
  public var periodMicroseconds: Int64 { Int64((1_000_000.0 / Double(rateHz)).rounded()) }

  /// Produces the next frame: every finger `.moved` one frame further along its circle, or
  /// `.began` / `.ended` at the start / end of a stroke.
  public mutating func advance() {
    frameIndex += 1
    let turn = Double(frameIndex) / Double(rateHz)
    frame.timestampMicroseconds = frameIndex * periodMicroseconds
    var phase = TouchPhase.moved
    if let strokeFrames {
      switch frameIndex % strokeFrames {
      case 0: phase = .began
      case strokeFrames - 1: phase = .ended
      default: break
      }
    }
    for finger in 0..<count {
      frame.samples[finger].phase = phase
      if phase != .ended {
        frame.samples[finger].location = Self.location(finger: finger, turn: turn)
      }
    }
  }

  private static func location(finger: Int, turn: Double) -> Point {
    let column = Double(finger % 5)
    let row = Double(finger / 5)
    let angle = 2 * Double.pi * (turn + Double(finger) / 10)
    return Point(
      x: 560 + 200 * column + radius * cos(angle),
      y: 440 + 200 * row + radius * sin(angle))
  }
}
