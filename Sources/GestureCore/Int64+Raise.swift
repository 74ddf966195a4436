// SPDX-License-Identifier: MIT
extension Int64 {
  /// Sets the value to `other` when that is greater: a clock reading that never goes back,
  /// moved in one mutation (one access to a class's stored property, not a read and a write).
  mutating func raise(to other: Int64) {
    if other > self { self = other }
  }
}
