// SPDX-License-Identifier: MIT
import LibinputRecording

/// How far a replay has got, handed to a replayer's `progress` callback now and then (every
/// few thousand events), for progress displays.
public struct ReplayProgress: Sendable, Hashable {
  /// What the replay is doing.
  public enum Stage: Sendable, Hashable {
    /// Reading the recording into memory (`LibinputReplayer` before its mocked replay).
    case reading
    /// Running the events through the recognizers.
    case replaying
  }

  public var stage: Stage
  /// Bytes of the recording's event lists read so far, and in all.
  public var bytesRead: UInt64
  public var totalBytes: UInt64
  /// Evdev events read so far.
  public var evdevEvents: Int
  /// The part of the stage done, 0...1: bytes read while reading (and in the in-core replay,
  /// which reads as it replays); recorded time replayed in the mocked replay.
  public var fraction: Double

  public init(
    stage: Stage, bytesRead: UInt64, totalBytes: UInt64, evdevEvents: Int, fraction: Double
  ) {
    self.stage = stage
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
    self.evdevEvents = evdevEvents
    self.fraction = fraction
  }

  /// Events between two progress callbacks (a power of two).
  package static let interval = 4096

  /// The progress of reading `reader` after `evdevEvents` events, at `stage`.
  package static func reading(_ reader: RecordingReader, stage: Stage, evdevEvents: Int)
    -> ReplayProgress
  {
    let total = reader.eventBytes
    let read = min(reader.eventBytesRead, total)
    return ReplayProgress(
      stage: stage, bytesRead: read, totalBytes: total, evdevEvents: evdevEvents,
      fraction: total == 0 ? 1 : Double(read) / Double(total))
  }
}
