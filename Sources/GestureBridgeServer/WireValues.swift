// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore

/// Conversions between Swift values and the protocol's wire encodings.
enum WireValues {
  /// The largest magnitude a wl_fixed_t carries.
  static let fixedLimit = 8_388_607.0

  /// `value` as wl_fixed_t, clamped to the representable range (non-finite values: 0).
  static func fixed(_ value: Double) -> wl_fixed_t {
    guard value.isFinite else { return 0 }
    return wl_fixed_from_double(min(fixedLimit, max(-fixedLimit, value)))
  }

  static func double(_ value: wl_fixed_t) -> Double { wl_fixed_to_double(value) }

  /// A timestamp split into the frame event's high and low 32 bits.
  static func split(_ microseconds: Int64) -> (high: UInt32, low: UInt32) {
    let value = UInt64(max(0, microseconds))
    return (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
  }
}
