// SPDX-License-Identifier: MIT
/// One sampling instant of a `TouchScript`: the fingers whose state changed at that time.
public struct ScriptFrame: Sendable, Hashable {
  /// The sample time, in microseconds.
  public var timeMicroseconds: UInt64
  /// The changed fingers, ordered by finger (stroke index); never empty.
  public var changes: [ScriptFingerChange]

  public init(timeMicroseconds: UInt64, changes: [ScriptFingerChange]) {
    self.timeMicroseconds = timeMicroseconds
    self.changes = changes
  }
}
