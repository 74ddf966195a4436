// SPDX-License-Identifier: MIT
/// What the module's touch handlers know of one seat's input.
struct SeatInput {
  enum Kind {
    case down
    case motion
    case up
  }

  /// The time of the seat's latest down, motion or up (CLOCK_MONOTONIC microseconds).
  var lastTime: UInt64 = 0
  /// The touches of the seat the bridge has down (fed and not lifted or cancelled).
  var bridgeTouchesDown = 0
  /// weston cancelled the seat's touches; the bridge is told with the next input's time.
  var cancelPending = false
}
