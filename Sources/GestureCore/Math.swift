/// Elementary functions the recognizers need, written with the standard library only
/// (GestureCore does not import Foundation or Glibc).

/// pi, to double precision.
let piRadians = 3.141_592_653_589_793_238_46

/// The angle of the vector (`x`, `y`) from the positive x axis, in radians, in -pi ... pi,
/// like C's `atan2(y, x)`. In screen space (y down) a positive angle is clockwise.
/// `arcTangent(y: 0, x: 0)` is 0. Accurate to a few units in the last place.
func arcTangent(y: Double, x: Double) -> Double {
  guard x.isFinite, y.isFinite else { return 0 }
  if x == 0 && y == 0 { return 0 }
  let ax = abs(x)
  let ay = abs(y)
  // The angle of (ax, ay) in 0 ... pi/2, computed from a ratio of at most 1.
  var angle: Double
  if ay <= ax {
    angle = arcTangent(ofRatioAtMostOne: ay / ax)
  } else {
    angle = piRadians / 2 - arcTangent(ofRatioAtMostOne: ax / ay)
  }
  if x < 0 { angle = piRadians - angle }
  return y < 0 ? -angle : angle
}

/// atan(`ratio`) for 0 <= `ratio` <= 1: two argument halvings,
/// atan(r) = 2 atan(r / (1 + sqrt(1 + r^2))), bring the ratio under tan(pi/16) ~ 0.2, where
/// the Taylor series r - r^3/3 + r^5/5 - ... reaches double precision within 12 terms.
private func arcTangent(ofRatioAtMostOne ratio: Double) -> Double {
  var r = ratio
  for _ in 0..<2 { r = r / (1 + (1 + r * r).squareRoot()) }
  let r2 = r * r
  var term = r
  var sum = 0.0
  var divisor = 1.0
  var sign = 1.0
  for _ in 0..<12 {
    sum += sign * term / divisor
    term *= r2
    divisor += 2
    sign = -sign
  }
  return sum * 4
}

/// `angle` brought into -pi ... pi by whole turns: the shortest signed turn.
func wrappedAngle(_ angle: Double) -> Double {
  guard angle.isFinite else { return 0 }
  var a = angle.truncatingRemainder(dividingBy: 2 * piRadians)
  if a > piRadians { a -= 2 * piRadians }
  if a < -piRadians { a += 2 * piRadians }
  return a
}
