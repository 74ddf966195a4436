// SPDX-License-Identifier: MIT
/// What happened to one finger in a `ScriptFrame`.
public struct ScriptFingerChange: Sendable, Hashable {
  /// The kind of change.
  public enum Phase: Sendable, Hashable {
    /// The finger touched down at (`x`, `y`).
    case down
    /// The finger moved to (`x`, `y`).
    case move
    /// The finger lifted; (`x`, `y`) is its final position.
    case up
    /// The touch was cancelled (palm); (`x`, `y`) is its final position.
    case cancel
  }

  /// The index of the finger's stroke in `TouchScript.strokes`.
  public var finger: Int
  public var phase: Phase
  /// Position in screen pixels.
  public var x: Double
  public var y: Double

  public init(finger: Int, phase: Phase, x: Double, y: Double) {
    self.finger = finger
    self.phase = phase
    self.x = x
    self.y = y
  }
}
