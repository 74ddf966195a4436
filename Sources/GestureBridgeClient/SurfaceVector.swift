// SPDX-License-Identifier: MIT
/// A displacement (`dx`, `dy`) in surface-local logical units, or a velocity in surface-local
/// units per second, depending on where it is used (the property name says which).
public struct SurfaceVector: Equatable, Hashable, Sendable {
  public var dx: Double
  public var dy: Double

  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  public static let zero = SurfaceVector(dx: 0, dy: 0)
}
