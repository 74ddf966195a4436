// SPDX-License-Identifier: MIT
/// What an engine hands its clock as the target of its wake-ups
/// (`GestureClock.requestWakeup(_:atMicroseconds:)`), in the engine's place: clocks hold their
/// targets weakly, and a weakly referenced object keeps its reference counts in a side table,
/// so every retain and release of it takes the runtime's slow path. The engine is retained and
/// released on every state change; this object only when the clock wakes it.
///
/// One per engine, made with it; it forwards the wake-up while the engine lives (`engine` is
/// `unowned`, checked, and cleared by the engine's `deinit`).
final class EngineWaker: ClockWakeTarget {
  unowned var engine: GestureEngine?

  init() {}

  func clockReachedDeadline(nowMicroseconds: Int64) {
    engine?.clockReachedDeadline(nowMicroseconds: nowMicroseconds)
  }
}
