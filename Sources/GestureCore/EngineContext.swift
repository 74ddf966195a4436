// SPDX-License-Identifier: MIT
/// What a recognizer reads of the engine it runs in on every touch: the engine's time and
/// settings (and where the engine's step stands), kept by the engine in this object, which each recognizer's book holds from the
/// gesture it joins on (`RecognizerRecord.context`). Reading them through the book's weak
/// reference to the engine would load it strongly, and the engine, weakly referenced, keeps
/// its reference counts in a side table: every such load and release takes the runtime's slow
/// path. This object is never referenced weakly.
///
/// `isAlive` turns false when the engine goes away: a recognizer then reads what it reads
/// with no engine (time 0, the standard settings), as it would through the nil weak reference.
final class EngineContext {
  /// The engine's `nowMicroseconds`, updated wherever the engine's time moves.
  var nowMicroseconds: Int64
  /// The engine's `settings` (their storage).
  var settings: GestureSettings
  /// False once the engine is being freed.
  var isAlive = true
  /// Where the engine's step stands (`EngineState.isInStep`, `EngineState.isArbitrating`):
  /// here, so the engine reads them on every state change without a run-time exclusivity
  /// check of its state.
  var isInStep = false
  var isArbitrating = false
  /// The engine, for the books of the recognizers that join it (`RecognizerRecord.engine`);
  /// nil once the engine is being freed (see `EngineLink`).
  var link: EngineLink?

  init(nowMicroseconds: Int64, settings: GestureSettings) {
    self.nowMicroseconds = nowMicroseconds
    self.settings = settings
  }
}
