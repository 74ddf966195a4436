// SPDX-License-Identifier: MIT
// The platform's C math library, for `atan2` only. The Swift standard library has no
// arctangent, and the toolchain offers no import-free route to libm's (`@_extern(c)` is an
// experimental feature, `@_silgen_name` an unchecked ABI assumption); the standard library
// itself already links libm, so this adds no library, only the module that declares it.
// It is the one import of GestureCore: no Foundation, no other system module.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// pi, to double precision.
let piRadians = 3.141_592_653_589_793_238_46

/// The angle of the vector (`x`, `y`) from the positive x axis, in radians, in -pi ... pi:
/// the platform's `atan2(y, x)`. In screen space (y down) a positive angle is clockwise.
/// `arcTangent(y: 0, x: 0)` is 0, and so is the angle of a non-finite vector.
func arcTangent(y: Double, x: Double) -> Double {
  guard x.isFinite, y.isFinite else { return 0 }
  return atan2(y, x)
}

/// `angle` brought into -pi ... pi by whole turns: the shortest signed turn.
func wrappedAngle(_ angle: Double) -> Double {
  guard angle.isFinite else { return 0 }
  var a = angle.truncatingRemainder(dividingBy: 2 * piRadians)
  if a > piRadians { a -= 2 * piRadians }
  if a < -piRadians { a += 2 * piRadians }
  return a
}
