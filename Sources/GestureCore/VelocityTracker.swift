// SPDX-License-Identifier: MIT
/// Estimates the velocity of a moving 2-D quantity (a translation, a scale, an angle) from
/// its recent samples, by least squares, the way Flutter's and Android's `LSQ2` strategy
/// does.
///
/// Samples go into a fixed-size ring buffer allocated once (`configure(capacity:)`), so
/// adding a sample never allocates. An estimate uses the newest samples that are
/// (1) at most `horizonMicroseconds` older than the newest one, (2) not separated from the
/// next newer one by a gap of more than `stopGapMicroseconds` (a touchscreen reports only
/// changes, so a longer gap means the finger rested), and (3) at most `capacity` of them.
/// With three or more usable samples it fits a degree-2 polynomial p(t) = a + b t + c t^2
/// per axis and reports p'(newest) = b; with two it fits a line; with fewer it reports zero.
/// When the estimate is asked for at a time more than `stopGapMicroseconds` after the
/// newest sample, the finger has rested since and the velocity is zero.
///
/// Example: samples (t = 0 ms, x = 0), (8 ms, 8), (16 ms, 16), (24 ms, 24) give
/// 1000 px/s at 24 ms; asked at 100 ms (76 ms without samples) they give 0.
public struct VelocityTracker: Sendable {
  /// The default longest gap between samples still seen as one movement
  /// (`GestureSettings.velocityStopGapMicroseconds`).
  public static let stopGapMicroseconds: Int64 = 40_000

  private var times: [Int64]
  private var xs: [Double]
  private var ys: [Double]
  private var newestIndex = -1
  /// How many samples are stored (at most `capacity`).
  public private(set) var count = 0

  /// A tracker keeping at most `capacity` samples (at least 1).
  public init(capacity: Int = GestureSettings.standard.velocitySampleCount) {
    let size = max(1, capacity)
    times = Array(repeating: 0, count: size)
    xs = Array(repeating: 0, count: size)
    ys = Array(repeating: 0, count: size)
  }

  /// How many samples it keeps.
  public var capacity: Int { times.count }

  /// Makes it keep at most `capacity` samples (at least 1), dropping every sample. Allocates
  /// only when the capacity changes.
  public mutating func configure(capacity: Int) {
    let size = max(1, capacity)
    if size != times.count {
      times = Array(repeating: 0, count: size)
      xs = Array(repeating: 0, count: size)
      ys = Array(repeating: 0, count: size)
    }
    removeAll()
  }

  /// Forgets every sample, keeping the storage.
  public mutating func removeAll() {
    newestIndex = -1
    count = 0
  }

  /// Records `position` at `timeMicroseconds`. A sample at the same time as the newest one
  /// (or, out of order, earlier) replaces it.
  public mutating func add(_ position: Point, atMicroseconds timeMicroseconds: Int64) {
    if count > 0 && timeMicroseconds <= times[newestIndex] {
      xs[newestIndex] = position.x
      ys[newestIndex] = position.y
      return
    }
    newestIndex = (newestIndex + 1) % times.count
    times[newestIndex] = timeMicroseconds
    xs[newestIndex] = position.x
    ys[newestIndex] = position.y
    count = min(count + 1, times.count)
  }

  /// The velocity in units per second at `nowMicroseconds`, from the samples at most
  /// `horizonMicroseconds` older than the newest (see the type's description).
  public func velocity(
    atMicroseconds nowMicroseconds: Int64, horizonMicroseconds: Int64,
    stopGapMicroseconds: Int64 = VelocityTracker.stopGapMicroseconds
  ) -> Point {
    guard count >= 2, horizonMicroseconds > 0 else { return .zero }
    let newestTime = times[newestIndex]
    guard nowMicroseconds - newestTime <= stopGapMicroseconds else { return .zero }
    // Time is measured in horizons before the newest sample (u in -1 ... 0), which keeps the
    // normal equations well conditioned whatever the sampling rate.
    let horizon = Double(horizonMicroseconds)
    var s0 = 0.0
    var s1 = 0.0
    var s2 = 0.0
    var s3 = 0.0
    var s4 = 0.0
    var x0 = 0.0
    var x1 = 0.0
    var x2 = 0.0
    var y0 = 0.0
    var y1 = 0.0
    var y2 = 0.0
    var index = newestIndex
    var newerTime = newestTime
    // Through spans (safe, bounds-checked views, no copies): the three arrays have the same
    // count, checked once here.
    let size = times.count
    precondition(xs.count == size && ys.count == size && index < size)
    let times = self.times.span
    let xs = self.xs.span
    let ys = self.ys.span
    for _ in 0..<count {
      let time = times[index]
      if newestTime - time > horizonMicroseconds || newerTime - time > stopGapMicroseconds {
        break
      }
      let u = Double(time - newestTime) / horizon
      let u2 = u * u
      s0 += 1
      s1 += u
      s2 += u2
      s3 += u2 * u
      s4 += u2 * u2
      x0 += xs[index]
      x1 += xs[index] * u
      x2 += xs[index] * u2
      y0 += ys[index]
      y1 += ys[index] * u
      y2 += ys[index] * u2
      newerTime = time
      index = index == 0 ? size - 1 : index - 1
    }
    let perSecond = 1_000_000 / horizon
    // Degree 2: b from Cramer's rule on the 3x3 normal equations.
    if s0 >= 3 {
      let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
      if det > 1e-10 * s0 * s0 * s0 {
        func slope(_ m0: Double, _ m1: Double, _ m2: Double) -> Double {
          (s0 * (m1 * s4 - s3 * m2) - m0 * (s1 * s4 - s3 * s2) + s2 * (s1 * m2 - m1 * s2)) / det
        }
        return Point(x: slope(x0, x1, x2), y: slope(y0, y1, y2)) * perSecond
      }
    }
    // Degree 1: the least-squares line.
    let denominator = s0 * s2 - s1 * s1
    guard s0 >= 2, denominator > 1e-12 * s0 * s0 else { return .zero }
    return Point(x: (s0 * x1 - s1 * x0) / denominator, y: (s0 * y1 - s1 * y0) / denominator)
      * perSecond
  }
}
