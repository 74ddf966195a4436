import Foundation

/// Reads a `RecordingReader`'s events on a thread of its own, a batch at a time, while the
/// caller works through the previous batch: parsing the text and handling the events run on
/// two cores. Events come out exactly as `RecordingReader.next()` gives them, in order; an
/// error of the reader comes out after every event read before it.
///
/// ```swift
/// let prefetcher = EventPrefetcher(reader)  // the reader now belongs to the prefetcher
/// while var batch = try prefetcher.nextBatch() {
///   for (device, event) in batch { ... }
///   prefetcher.recycle(&batch)
/// }
/// ```
///
/// Memory stays bounded: `batchCount` batches of `batchSize` events circulate between the
/// reading thread and the caller, and none is allocated after the first ones. Dropping the
/// prefetcher before the end stops the reading thread.
public final class EventPrefetcher {
  /// One batch of events with their device indices, in stream order.
  public typealias Batch = [(device: Int, event: EvdevEvent)]

  private let shared: Shared

  /// Starts reading `reader` (which must not be used elsewhere any more) on a new thread.
  public init(_ reader: RecordingReader, batchSize: Int = 4096, batchCount: Int = 4) {
    let size = max(1, batchSize)
    shared = Shared(batchSize: size, batchCount: max(2, batchCount))
    let work = ReadingWork(reader: reader, shared: shared)
    let thread = Thread { work.run() }
    thread.name = "recording reader"
    thread.start()
  }

  /// Stops the reading thread and waits for it to let go of the reader.
  deinit {
    shared.stop()
  }

  /// The next batch of events (never empty), or nil after the last one. Throws the reader's
  /// error once the events read before it have been handed out.
  public func nextBatch() throws -> Batch? {
    try shared.nextBatch()
  }

  /// Gives a batch back for reuse once its events are handled (`batch` is left empty).
  public func recycle(_ batch: inout Batch) {
    var taken = Batch()
    swap(&taken, &batch)
    shared.recycle(taken)
  }
}

/// The state the caller and the reading thread share, guarded by `condition`.
private final class Shared: @unchecked Sendable {
  let batchSize: Int
  private let condition = NSCondition()
  private var free: [EventPrefetcher.Batch] = []
  private var filled: [EventPrefetcher.Batch] = []
  private var failure: (any Error)?
  private var readerDone = false
  private var stopped = false
  private var threadExited = false

  init(batchSize: Int, batchCount: Int) {
    self.batchSize = batchSize
    for _ in 0..<batchCount {
      var batch = EventPrefetcher.Batch()
      batch.reserveCapacity(batchSize)
      free.append(batch)
    }
  }

  func nextBatch() throws -> EventPrefetcher.Batch? {
    condition.lock()
    defer { condition.unlock() }
    while filled.isEmpty && !readerDone { condition.wait() }
    if !filled.isEmpty { return filled.removeFirst() }
    if let failure { throw failure }
    return nil
  }

  func recycle(_ batch: consuming EventPrefetcher.Batch) {
    var batch = batch
    batch.removeAll(keepingCapacity: true)
    condition.lock()
    free.append(batch)
    condition.signal()
    condition.unlock()
  }

  /// Tells the reading thread to stop and waits until it has.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    while !threadExited { condition.wait() }
    condition.unlock()
  }

  /// A free batch for the reading thread, or nil once stopped.
  func takeFree() -> EventPrefetcher.Batch? {
    condition.lock()
    defer { condition.unlock() }
    while free.isEmpty && !stopped { condition.wait() }
    return stopped ? nil : free.removeLast()
  }

  /// Hands a batch the reading thread filled to the caller (an empty one goes back to the
  /// free ones); with `ended` or an `error`, the reading is over. Returns whether to go on.
  func publish(_ batch: EventPrefetcher.Batch, ended: Bool, error: (any Error)?) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if batch.isEmpty { free.append(batch) } else { filled.append(batch) }
    if let error { failure = error }
    if ended || error != nil { readerDone = true }
    condition.broadcast()
    return !readerDone && !stopped
  }

  func threadDidExit() {
    condition.lock()
    readerDone = true
    threadExited = true
    condition.broadcast()
    condition.unlock()
  }
}

/// What the reading thread runs; it alone uses the reader.
private final class ReadingWork: @unchecked Sendable {
  private let reader: RecordingReader
  private let shared: Shared

  init(reader: RecordingReader, shared: Shared) {
    self.reader = reader
    self.shared = shared
  }

  func run() {
    defer { shared.threadDidExit() }
    while var batch = shared.takeFree() {
      var error: (any Error)?
      var ended = false
      do {
        while batch.count < shared.batchSize {
          guard let item = try reader.next() else {
            ended = true
            break
          }
          batch.append(item)
        }
      } catch let thrown {
        error = thrown
      }
      guard shared.publish(batch, ended: ended, error: error) else { return }
    }
  }
}
