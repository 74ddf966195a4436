// SPDX-License-Identifier: MIT
import Foundation
import LibinputRecording
import TouchInput

/// The first half of an in-core replay, run on a thread of its own: reads the recording and
/// decodes its touchscreens into touch events, a batch at a time (a `BatchPrefetcher`), while
/// the replaying thread runs the previous batch through the engine. Events come out in the
/// order the decoders emit them.
///
/// The reader, the seat and the counts belong to the feeding thread until `finish()` has
/// returned (after the last batch or an error); then the replaying thread uses them.
final class DecodedTouchFeed {
  /// What the feeding thread works on.
  final class Source: @unchecked Sendable {
    let reader: RecordingReader
    /// The decoders; use only after `finish()`. Only one thread at a time uses the source (see
    /// the type).
    var touchscreens: RecordingTouchscreens
    /// Time of the recording's first event: set before the first batch is handed out, so it
    /// may be read as soon as a batch has arrived.
    private(set) var firstEventMicroseconds: UInt64?
    /// Time of the last event and evdev events read; use only after `finish()`.
    private(set) var lastEventMicroseconds: UInt64?
    private(set) var evdevEvents = 0
    /// How far reading has got, as of the last batch filled (guarded by `progressLock`).
    private var lastProgress = ReplayProgress(
      stage: .replaying, bytesRead: 0, totalBytes: 0, evdevEvents: 0, fraction: 0)
    private let progressLock = NSLock()

    init(reader: RecordingReader, touchscreens: RecordingTouchscreens) {
      self.reader = reader
      self.touchscreens = touchscreens
    }

    /// Reads events until `size` touch events are in `batch` or the recording ends (false).
    func fill(_ batch: inout [TouchInputEvent], _ size: Int) throws -> Bool {
      while batch.count < size {
        guard let (device, event) = try reader.next() else { return false }
        if firstEventMicroseconds == nil { firstEventMicroseconds = event.timeMicroseconds }
        lastEventMicroseconds = event.timeMicroseconds
        evdevEvents += 1
        touchscreens.seat.decode(event, deviceIndex: device) { batch.append($0) }
      }
      let snapshot = ReplayProgress.reading(reader, stage: .replaying, evdevEvents: evdevEvents)
      progressLock.withLock { lastProgress = snapshot }
      return true
    }

    /// How far reading had got when the last batch was filled; safe from any thread.
    func progress() -> ReplayProgress {
      progressLock.withLock { lastProgress }
    }
  }

  let source: Source
  private var batches: BatchPrefetcher<TouchInputEvent>?

  /// Starts reading and decoding on a new thread.
  init(reader: RecordingReader, touchscreens: RecordingTouchscreens) {
    let source = Source(reader: reader, touchscreens: touchscreens)
    self.source = source
    batches = BatchPrefetcher(batchSize: 4096) { batch, size in try source.fill(&batch, size) }
  }

  /// The next batch of touch events, or nil after the last; throws the reader's error after
  /// the events decoded before it.
  func nextBatch() throws -> [TouchInputEvent]? {
    try batches?.nextBatch()
  }

  /// Gives a batch back for reuse.
  func recycle(_ batch: inout [TouchInputEvent]) {
    batches?.recycle(&batch)
  }

  /// Waits for the feeding thread to stop; `source` is the caller's from then on.
  func finish() {
    batches?.waitUntilStopped()
    batches = nil
  }
}
