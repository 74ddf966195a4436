// SPDX-License-Identifier: MIT
/// A point in surface-local logical coordinates (those of `wl_touch.down`/`motion`).
public struct SurfacePoint: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = SurfacePoint(x: 0, y: 0)
}
