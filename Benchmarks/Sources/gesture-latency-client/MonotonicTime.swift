// SPDX-License-Identifier: MIT
import Glibc

/// CLOCK_MONOTONIC, the clock of the compositor's input event timestamps.
enum MonotonicTime {
  static func nanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
