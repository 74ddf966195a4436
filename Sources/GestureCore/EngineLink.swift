// SPDX-License-Identifier: MIT
/// How a recognizer reaches the engine it joined (`EngineContext.link`, read by
/// `RecognizerRecord.engine` on every state change and timer): an `unowned` (checked)
/// constant, dropped by the engine's `deinit` before the engine goes.
///
/// Not a weak reference: a weakly referenced object keeps its reference counts in a side
/// table, and every retain and release of it then takes the runtime's slow path; the core
/// holds no weak reference to the engine (its clock holds an `EngineWaker`). A constant: the
/// exclusivity of an `unowned var` is checked at run time on every read, a `let` never.
final class EngineLink {
  unowned let engine: GestureEngine

  init(_ engine: GestureEngine) {
    self.engine = engine
  }
}
