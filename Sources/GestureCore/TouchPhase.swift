// SPDX-License-Identifier: MIT
/// The phase of a touch within a frame, as UIKit's `UITouch.Phase`.
public enum TouchPhase: Sendable, Hashable {
  /// The finger touched the screen in this frame.
  case began
  /// The finger moved in this frame.
  case moved
  /// The finger is down and did not move in this frame.
  case stationary
  /// The finger lifted in this frame.
  case ended
  /// The system cancelled the touch in this frame (palm, device removed, ...).
  case cancelled

  /// Whether the finger is still down after this phase.
  public var isLive: Bool { self == .began || self == .moved || self == .stationary }
}
