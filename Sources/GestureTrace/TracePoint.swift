// SPDX-License-Identifier: MIT
/// One recorded position of a finger: where it was (screen pixels) and when (microseconds
/// since the start of the input, the time base of gesture reports).
public struct TracePoint: Sendable, Hashable {
  public var timeMicroseconds: Int64
  public var x: Double
  public var y: Double

  public init(timeMicroseconds: Int64, x: Double, y: Double) {
    self.timeMicroseconds = timeMicroseconds
    self.x = x
    self.y = y
  }
}
