// SPDX-License-Identifier: MIT
/// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten.
enum AxisTicks {
  /// A round step that divides `span` into at most about `count` parts.
  static func step(span: Double, count: Int) -> Double {
    guard span > 0, span.isFinite, count > 0 else { return 1 }
    let raw = span / Double(count)
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= raw {
      return magnitude * factor
    }
    return magnitude * 10
  }

  /// The multiples of `step` within `lower...upper`.
  static func values(from lower: Double, to upper: Double, step: Double) -> [Double] {
    guard step > 0, upper >= lower else { return [] }
    var values: [Double] = []
    var index = (lower / step).rounded(.up)
    while index * step <= upper + step * 1e-9 {
      values.append(index * step)
      index += 1
    }
    return values
  }
}
