// SPDX-License-Identifier: MIT
import GestureCore

/// A moment worth marking in a trace: a recognizer's gesture began, changed, ended, was
/// recognized, cancelled or failed (`changed` thinned by the recorder's
/// `minimumChangeIntervalMicroseconds`; the gesture's `TraceSegment` counts every one).
public struct TraceMark: Sendable, Hashable {
  public var timeMicroseconds: Int64
  /// Index of the recognizer in the trace's `recognizers`.
  public var recognizer: Int
  public var state: TraceState
  /// Where the gesture was, in screen pixels (nil when not known).
  public var location: Point?

  public init(timeMicroseconds: Int64, recognizer: Int, state: TraceState, location: Point?) {
    self.timeMicroseconds = timeMicroseconds
    self.recognizer = recognizer
    self.state = state
    self.location = location
  }
}
