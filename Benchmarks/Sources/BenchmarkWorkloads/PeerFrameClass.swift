// SPDX-License-Identifier: MIT
import GestureCore

/// What a frame does to its touches, for the dense row's split of the engine's instructions.
public enum PeerFrameClass: String, CaseIterable, Sendable {
  /// A touch lands (whatever else the frame does).
  case landing
  /// A touch lifts or is cancelled, none lands.
  case lifting
  /// Touches move, none lands or lifts.
  case moving
  /// No touch at all: the host woke the engine for a timer.
  case idle

  public init(_ frame: TouchFrame) {
    var lifts = false
    for sample in frame.samples {
      switch sample.phase {
      case .began: self = .landing; return
      case .ended, .cancelled: lifts = true
      case .moved, .stationary: break
      }
    }
    self = lifts ? .lifting : (frame.samples.isEmpty ? .idle : .moving)
  }
}
