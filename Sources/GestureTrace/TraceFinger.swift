// SPDX-License-Identifier: MIT
import GestureCore

/// One finger's life on the screen, from touch-down to lift or cancel: its path and how it
/// ended.
public struct TraceFinger: Sendable, Hashable {
  /// How the finger left the screen.
  public enum Ending: Sendable, Hashable {
    /// Still down when the trace was drawn.
    case down
    case lifted
    case cancelled
  }

  public var touch: TouchID
  /// 1 for a finger that touched down while no other was down, 2 for one that touched down
  /// while finger 1 was down, and so on (the lowest number free at touch-down): picks the
  /// finger's colour, so the n-th finger of a gesture has the same colour in every gesture.
  public var number: Int
  /// The path, in time order. Always holds the first and the latest position; positions that
  /// moved less than the recorder's `minimumStep` from the one before are merged.
  public var points: [TracePoint]
  public var ending: Ending

  public init(touch: TouchID, number: Int, points: [TracePoint], ending: Ending) {
    self.touch = touch
    self.number = number
    self.points = points
    self.ending = ending
  }

  /// When the finger touched down and when it left (or was last seen, while down).
  public var startMicroseconds: Int64 { points.first?.timeMicroseconds ?? 0 }
  public var endMicroseconds: Int64 { points.last?.timeMicroseconds ?? 0 }
}
