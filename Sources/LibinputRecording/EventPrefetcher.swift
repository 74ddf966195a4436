/// Reads a `RecordingReader`'s events on a thread of its own (a `BatchPrefetcher`), a batch at
/// a time, while the caller works through the previous batch. Events come out exactly as
/// `RecordingReader.next()` gives them, in order; an error of the reader comes out after every
/// event read before it.
///
/// ```swift
/// let prefetcher = EventPrefetcher(reader)  // the reader now belongs to the prefetcher
/// while var batch = try prefetcher.nextBatch() {
///   for (device, event) in batch { ... }
///   prefetcher.recycle(&batch)
/// }
/// ```
public final class EventPrefetcher {
  /// One batch of events with their device indices, in stream order.
  public typealias Batch = [(device: Int, event: EvdevEvent)]

  private let batches: BatchPrefetcher<(device: Int, event: EvdevEvent)>

  /// Starts reading `reader` (which must not be used elsewhere any more) on a new thread.
  public init(_ reader: RecordingReader, batchSize: Int = 4096, batchCount: Int = 4) {
    let source = ReaderBox(reader)
    batches = BatchPrefetcher(batchSize: batchSize, batchCount: batchCount) { batch, size in
      while batch.count < size {
        guard let item = try source.reader.next() else { return false }
        batch.append(item)
      }
      return true
    }
  }

  /// The next batch of events (never empty), or nil after the last one. Throws the reader's
  /// error once the events read before it have been handed out.
  public func nextBatch() throws -> Batch? {
    try batches.nextBatch()
  }

  /// Gives a batch back for reuse once its events are handled (`batch` is left empty).
  public func recycle(_ batch: inout Batch) {
    batches.recycle(&batch)
  }
}

/// Hands the reader to the reading thread, which alone uses it from then on.
private final class ReaderBox: @unchecked Sendable {
  let reader: RecordingReader
  init(_ reader: RecordingReader) { self.reader = reader }
}
