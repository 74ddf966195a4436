// SPDX-License-Identifier: MIT
/// The engine's book on one recognizer: everything arbitration and dispatch need that is not
/// the recognizer's own business. Only `GestureEngine` writes it; the recognizer holds it
/// (`GestureRecognizer.arbitration`) so the engine reaches it without a lookup, and keeps it
/// from one gesture to the next, so taking part in a gesture allocates nothing once warm.
final class RecognizerRecord {
  /// The engine the recognizer last ran in (nil once that engine is freed).
  weak var engine: GestureEngine?
  /// Where the recognizer stands in arbitration: its state, or waiting for a failure
  /// requirement. `GestureRecognizer.state` is its visible part.
  var state = ArbitrationState.possible
  /// When its timer is due, in microseconds.
  var timerDeadline: Int64?
  /// Whether it has received a touch since its last reset (it is in the engine's
  /// `participants`).
  var isParticipating = false
  /// Its place among the participants: the order it first received a touch of its
  /// gesture in, which is the order rivals hear of one arbitration's consequences.
  var participantSerial: UInt64 = 0
  /// When it joined its gesture (the frame of its first touch since its last reset): a
  /// gesture that began earlier hears each frame first, and defeats a later one on a finger
  /// lifting now (see `GestureArena.defeats`).
  var joinedMicroseconds: Int64 = 0
  /// The slots of the touch records that list it in the engine's `TouchTable` (one per
  /// touch it received and has not ignored), until it is reset.
  var touchSlots: [Int] = []
  /// Whether it holds back `began` / `ended` deliveries of its touches while undecided,
  /// fixed when it joins its gesture (its `delaysTouchesBegan` / `delaysTouchesEnded`
  /// then): the touch records count such holders instead of searching for them.
  var holdsBegan = false
  var holdsEnded = false
  /// Whether it failed in a multitouch sequence of its view that is still going on (a
  /// finger of it is still down): it takes no new touches until that sequence has ended.
  var sitsOutSequence = false
  /// The frame it was last collected for dispatch in, and its touches' phases in that frame.
  var frameDispatch = FrameDispatch()
  /// The arbitration serial it was last collected as a rival in (no duplicates).
  var rivalSerial: UInt64 = 0
  /// Whether `trackedTouches` is being handed to one of its `touches...` methods uncopied
  /// (the engine then avoids changing that array in place).
  var lendsTrackedTouches = false

  init() {}

  /// Whether it still holds back deliveries: undecided (possible or waiting).
  var isUndecided: Bool { state == .possible || state.isWaiting }
}
