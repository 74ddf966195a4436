// SPDX-License-Identifier: MIT
/// The frame a recognizer was last collected for dispatch in and the phases its touches have
/// in that frame: one value, updated by one mutation per touch sample.
struct FrameDispatch {
  /// The engine's frame serial it was last collected in (0: never).
  private(set) var serial: UInt64 = 0
  /// The phases its touches have in frame `serial`.
  private(set) var phases = TouchPhaseSet()

  /// Records that one of its touches has `phase` in frame `frame`; true when that is the
  /// first of the frame (the recognizer is to be collected for dispatch).
  mutating func enlist(_ phase: TouchPhase, inFrame frame: UInt64) -> Bool {
    let isFirst = serial != frame
    if isFirst {
      serial = frame
      phases = TouchPhaseSet()
    }
    phases.insert(phase)
    return isFirst
  }
}
