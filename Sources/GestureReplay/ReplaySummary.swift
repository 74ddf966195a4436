// SPDX-License-Identifier: MIT
/// Counts from one replay, for tests and for the CLI's warnings.
public struct ReplaySummary: Sendable, Hashable {
  /// Evdev events read from the recording.
  public var evdevEvents = 0
  /// Touch frames handed to the engine.
  public var frames = 0
  /// Gesture reports produced.
  public var reports = 0
  /// Touches still down at the end of the recording, cancelled by the decoders.
  public var touchesCancelledAtEnd = 0
  /// Time of the recording's first and last event, in microseconds (recording clock).
  public var firstEventMicroseconds: UInt64?
  public var lastEventMicroseconds: UInt64?

  public init() {}
}
