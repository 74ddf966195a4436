// SPDX-License-Identifier: MIT
import Foundation

/// Fills batches of elements on a thread of its own while the caller works through the
/// previous batch, so producing (say, parsing a recording) and consuming run on two cores.
/// Elements come out in the order `fill` produced them; an error `fill` throws comes out after
/// every element produced before it.
///
/// ```swift
/// let prefetcher = BatchPrefetcher<Int>(batchSize: 4096) { batch in
///   ...  // append elements to `batch`; return false once there are no more
/// }
/// while var batch = try prefetcher.nextBatch() {
///   for element in batch { ... }
///   prefetcher.recycle(&batch)
/// }
/// ```
///
/// Memory stays bounded: `batchCount` batches circulate between the two threads and are
/// reused. Dropping the prefetcher stops the thread (after the batch it is filling).
public final class BatchPrefetcher<Element> {
  private let shared: Shared<Element>

  /// Starts a thread that calls `fill` with an empty batch (capacity reserved for
  /// `batchSize` elements) until it returns false or throws. `fill` should append about
  /// `batchSize` elements per call (more is fine) and may append none when it ends.
  public init(
    batchSize: Int, batchCount: Int = 4,
    fill: @escaping @Sendable (_ batch: inout [Element], _ batchSize: Int) throws -> Bool
  ) {
    let size = max(1, batchSize)
    shared = Shared(batchSize: size, batchCount: max(2, batchCount))
    let work = FillingWork(shared: shared, fill: fill)
    let thread = Thread { work.run() }
    thread.name = "batch prefetcher"
    thread.start()
  }

  deinit {
    shared.stop()
  }

  /// The next batch (never empty), or nil after the last one. Throws the error of `fill`
  /// once the elements produced before it have been handed out.
  public func nextBatch() throws -> [Element]? {
    try shared.nextBatch()
  }

  /// Gives a batch back for reuse once its elements are handled (`batch` is left empty).
  public func recycle(_ batch: inout [Element]) {
    var taken: [Element] = []
    swap(&taken, &batch)
    shared.recycle(taken)
  }

  /// Waits until the filling thread has stopped (after the last batch or an error, or once
  /// stopped): whatever `fill` used may then be used by the caller.
  public func waitUntilStopped() {
    shared.waitForExit()
  }
}

/// The state the caller and the filling thread share, guarded by `condition`.
private final class Shared<Element>: @unchecked Sendable {
  let batchSize: Int
  private let condition = NSCondition()
  private var free: [[Element]] = []
  private var filled: [[Element]] = []
  private var failure: (any Error)?
  private var producerDone = false
  private var stopped = false
  private var threadExited = false

  init(batchSize: Int, batchCount: Int) {
    self.batchSize = batchSize
    for _ in 0..<batchCount {
      var batch: [Element] = []
      batch.reserveCapacity(batchSize)
      free.append(batch)
    }
  }

  func nextBatch() throws -> [Element]? {
    condition.lock()
    defer { condition.unlock() }
    while filled.isEmpty && !producerDone { condition.wait() }
    if !filled.isEmpty { return filled.removeFirst() }
    if let failure { throw failure }
    return nil
  }

  func recycle(_ batch: consuming [Element]) {
    var batch = batch
    batch.removeAll(keepingCapacity: true)
    condition.lock()
    free.append(batch)
    condition.signal()
    condition.unlock()
  }

  /// Tells the filling thread to stop and waits until it has.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
    waitForExit()
  }

  func waitForExit() {
    condition.lock()
    while !threadExited { condition.wait() }
    condition.unlock()
  }

  /// A free batch for the filling thread, or nil once stopped.
  func takeFree() -> [Element]? {
    condition.lock()
    defer { condition.unlock() }
    while free.isEmpty && !stopped { condition.wait() }
    return stopped ? nil : free.removeLast()
  }

  /// Hands a filled batch to the caller (an empty one goes back to the free ones); with
  /// `ended` or an `error`, producing is over. Returns whether to go on.
  func publish(_ batch: [Element], ended: Bool, error: (any Error)?) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    if batch.isEmpty { free.append(batch) } else { filled.append(batch) }
    if let error { failure = error }
    if ended || error != nil { producerDone = true }
    condition.broadcast()
    return !producerDone && !stopped
  }

  func threadDidExit() {
    condition.lock()
    producerDone = true
    threadExited = true
    condition.broadcast()
    condition.unlock()
  }
}

/// What the filling thread runs.
private final class FillingWork<Element>: @unchecked Sendable {
  private let shared: Shared<Element>
  private let fill: @Sendable (inout [Element], Int) throws -> Bool

  init(shared: Shared<Element>, fill: @escaping @Sendable (inout [Element], Int) throws -> Bool) {
    self.shared = shared
    self.fill = fill
  }

  func run() {
    defer { shared.threadDidExit() }
    while var batch = shared.takeFree() {
      var error: (any Error)?
      var ended = false
      do {
        ended = try !fill(&batch, shared.batchSize)
      } catch let thrown {
        error = thrown
      }
      guard shared.publish(batch, ended: ended, error: error) else { return }
    }
  }
}
