import GestureCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Touch frames of `count` fingers that touch down once and then all move every frame, at
/// `rateHz`, each on its own small circle (radius 40 px, one turn a second), spread over the
/// middle of a 1920x1080 screen away from the edges. The frame's storage is reused: after the
/// first frame, producing a frame allocates nothing.
public struct MovingFingers {
  public let count: Int
  public let rateHz: Int
  /// The frame last produced by `advance()`.
  public private(set) var frame: TouchFrame
  /// Frames produced so far.
  public private(set) var frameIndex: Int64 = 0

  private static let radius = 40.0

  public init(count: Int, rateHz: Int = 240) {
    precondition((1...10).contains(count), "1...10 fingers")
    self.count = count
    self.rateHz = rateHz
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

  /// Produces the next frame: the first one has every finger `.began`, later ones every
  /// finger `.moved` one frame further along its circle.
  public mutating func advance() {
    frameIndex += 1
    let turn = Double(frameIndex) / Double(rateHz)
    frame.timestampMicroseconds = frameIndex * periodMicroseconds
    for finger in 0..<count {
      frame.samples[finger].phase = .moved
      frame.samples[finger].location = Self.location(finger: finger, turn: turn)
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
