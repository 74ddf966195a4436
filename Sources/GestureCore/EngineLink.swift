/// What recognizers and clocks hold instead of the engine itself: a small object the engine
/// owns and unlinks when it is freed, so they never keep it alive.
///
/// Held weakly, the engine would get a side table, and every retain and release of it (several
/// per touch event) would take the runtime's slow path; recognizers hold the link strongly
/// instead, and clocks (which hold their targets weakly) hold a link of its own.
final class EngineLink: ClockWakeTarget {
  /// Lifetime: the engine creates its links, holds them and sets this to nil in its `deinit`,
  /// so a non-nil value is a live engine. An engine and its recognizers are used from one
  /// thread at a time, so nothing reads this while the engine is being freed.
  unowned(unsafe) var engine: GestureEngine?

  init() {}

  func clockReachedDeadline(nowMicroseconds: Int64) {
    engine?.clockReachedDeadline(nowMicroseconds: nowMicroseconds)
  }
}
