// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// CLOCK_MONOTONIC, the clock of libinput's and the compositors' touch timestamps: one reading
/// for every clock, player and meter that needs "now" on the touches' timeline.
public enum MonotonicTime {
  /// CLOCK_MONOTONIC now, in microseconds.
  public static func nowMicroseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
  }
}
