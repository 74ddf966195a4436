// SPDX-License-Identifier: MIT
/// A continuous gesture's life on a recognizer's timeline row: from `began` to `ended` or
/// `cancelled`, or still active (`outcome` nil) when the trace was drawn.
public struct TraceSegment: Sendable, Hashable {
  /// Index of the recognizer in the trace's `recognizers`.
  public var recognizer: Int
  public var startMicroseconds: Int64
  /// The end, or the last change while still active.
  public var endMicroseconds: Int64
  /// How many `changed` reports the gesture had.
  public var changes: Int
  /// `ended` or `cancelled`; nil while the gesture is still active.
  public var outcome: TraceState?

  public init(
    recognizer: Int, startMicroseconds: Int64, endMicroseconds: Int64, changes: Int,
    outcome: TraceState?
  ) {
    self.recognizer = recognizer
    self.startMicroseconds = startMicroseconds
    self.endMicroseconds = endMicroseconds
    self.changes = changes
    self.outcome = outcome
  }
}
