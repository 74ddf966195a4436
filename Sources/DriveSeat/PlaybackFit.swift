// SPDX-License-Identifier: MIT

/// Where a recording's touchscreen is mapped: onto the whole output (as libinput maps a
/// touchscreen onto its display), or onto the rectangle of the client window on it (so a
/// recording made full screen lands inside a smaller window the same way). Touch scripts are
/// in global coordinates with `output`, relative to the window's top-left corner with
/// `window`.
enum PlaybackFit: String, Equatable {
  case output
  case window
}
