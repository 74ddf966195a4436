// SPDX-License-Identifier: MIT
/// Every touch change that happened at one timestamp, the way libinput groups touch events
/// between two `LIBINPUT_EVENT_TOUCH_FRAME` events.
///
/// Example: two fingers landing together, then the first one moving:
/// `TouchFrame(t: 500_000, [#1 began (760, 540), #2 began (1160, 540)])`,
/// `TouchFrame(t: 508_333, [#1 moved (740, 540)])`.
public struct TouchFrame: Sendable {
  /// Time of the frame in microseconds, on the same timeline as the engine's clock.
  public var timestampMicroseconds: Int64
  public var samples: [TouchSample]

  public init(timestampMicroseconds: Int64, samples: [TouchSample] = []) {
    self.timestampMicroseconds = timestampMicroseconds
    self.samples = samples
  }

  /// Empties the frame for reuse without giving up its storage (no allocation per frame).
  public mutating func removeAll(newTimestampMicroseconds: Int64) {
    timestampMicroseconds = newTimestampMicroseconds
    samples.removeAll(keepingCapacity: true)
  }
}
