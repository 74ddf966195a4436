// SPDX-License-Identifier: MIT
/// A point or a vector in a 2-D coordinate space with y growing downwards (screen space),
/// in screen pixels unless stated otherwise.
public struct Point: Sendable, Hashable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  /// Euclidean length, seeing the point as a vector from the origin.
  public var length: Double { (x * x + y * y).squareRoot() }

  public func distance(to other: Point) -> Double { (self - other).length }

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
  public static func / (a: Point, k: Double) -> Point { Point(x: a.x / k, y: a.y / k) }
  public static func += (a: inout Point, b: Point) { a = a + b }
  public static func -= (a: inout Point, b: Point) { a = a - b }

  public var description: String { "(\(x), \(y))" }
}
