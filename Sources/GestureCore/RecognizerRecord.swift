// SPDX-License-Identifier: MIT
/// The engine's book on one recognizer: everything arbitration and dispatch need that is not
/// the recognizer's own business. Only `GestureEngine` writes it; the recognizer holds it
/// (`GestureRecognizer.arbitration`) so the engine reaches it without a lookup, and keeps it
/// from one gesture to the next, so taking part in a gesture allocates nothing once warm.
final class RecognizerRecord {
  /// The engine the recognizer last ran in (nil once that engine is freed).
  var engine: GestureEngine? { context?.link?.engine }
  /// Where the recognizer stands in arbitration: its state, or waiting for a failure
  /// requirement. The one storage of the recognizer's state: `GestureRecognizer.state` is
  /// its visible part.
  var state = ArbitrationState.possible
  /// When its timer is due, in microseconds.
  var timerDeadline: Int64?
  /// Whether it takes part in a gesture (it is in the engine's `participants`), sits out a
  /// sequence, or is free to join; moved only by `join`, `leave` and `endSittingOut`.
  private(set) var participation = Participation.free
  /// Its place among the participants: the order it first received a touch of its
  /// gesture in, which is the order rivals hear of one arbitration's consequences.
  private(set) var participantSerial: UInt64 = 0
  /// When it joined its gesture (the frame of its first touch since its last reset): a
  /// gesture that began earlier hears each frame first, and defeats a later one on a finger
  /// lifting now (see `GestureArena.defeats`).
  private(set) var joinedMicroseconds: Int64 = 0
  /// The slots of the touch records that list it in the engine's `TouchTable` (one per
  /// touch it received and has not ignored), until it is reset.
  /// Changed only through `addTouchSlot`, `removeTouchSlot` and `removeAllTouchSlots`, which
  /// take the array out while they change it: no access to it then spans a call, so the
  /// compiler checks every access to it when compiling instead of at run time.
  private(set) var touchSlots: [Int] = []
  /// The frame it was last collected for dispatch in, and its touches' phases in that frame.
  var frameDispatch = FrameDispatch()
  /// The arbitration serial it was last collected as a rival in (no duplicates).
  var rivalSerial: UInt64 = 0
  /// What its reset in `GestureEngine.settle()` left for the engine to finish
  /// (`EngineState.finishResets`, then the state observer); `.none` otherwise.
  var resetEnd = ResetEnd.none
  /// Whether `trackedTouches` is being handed to one of its `touches...` methods uncopied
  /// (the engine then avoids changing that array in place).
  var lendsTrackedTouches = false

  init() {}

  /// What the recognizer reads of the engine it last joined (its time and settings).
  private(set) var context: EngineContext?

  /// The recognizer joins a gesture in the engine whose time and settings are in `context`
  /// (one per engine). Written only when the engine changes: joining again in the same
  /// engine costs a comparison.
  func attach(to context: EngineContext) {
    if self.context !== context { self.context = context }
  }

  /// Whether `engine` is the engine it last joined, as `self.engine === engine` but without
  /// loading the engine: its context, held strongly, is the engine's own.
  func runs(in engine: GestureEngine) -> Bool { context === engine.context }

  /// Adds the slot of a touch record that lists the recognizer.
  func addTouchSlot(_ slot: Int) {
    var slots: [Int] = []
    swap(&slots, &touchSlots)
    slots.append(slot)
    swap(&slots, &touchSlots)
  }

  /// Removes `slot` wherever it is.
  func removeTouchSlot(_ slot: Int) {
    var slots: [Int] = []
    swap(&slots, &touchSlots)
    slots.removeKeepingOrder { $0 == slot }
    swap(&slots, &touchSlots)
  }

  /// Removes the slot at `position` of `touchSlots` and returns it.
  func removeTouchSlot(at position: Int) -> Int {
    var slots: [Int] = []
    swap(&slots, &touchSlots)
    let slot = slots.remove(at: position)
    swap(&slots, &touchSlots)
    return slot
  }

  /// Forgets every slot, keeping the array's capacity.
  func removeAllTouchSlots() {
    var slots: [Int] = []
    swap(&slots, &touchSlots)
    slots.removeAllKeepingCapacity()
    swap(&slots, &touchSlots)
  }

  /// Whether it still holds back deliveries: undecided (possible or waiting).
  var isUndecided: Bool { state == .possible || state.isWaiting }

  /// Whether it has received a touch since its last reset.
  var isParticipating: Bool {
    if case .participating = participation { true } else { false }
  }

  /// Whether it failed in a sequence of its view still going on.
  var sitsOutSequence: Bool { participation == .sittingOut }

  /// Whether it holds back `began` deliveries of its touches while undecided.
  var holdsBegan: Bool {
    if case .participating(let holdsBegan, _) = participation { holdsBegan } else { false }
  }

  /// Whether it holds back `ended` deliveries of its touches while undecided.
  var holdsEnded: Bool {
    if case .participating(_, let holdsEnded) = participation { holdsEnded } else { false }
  }

  /// It received its first touch since its last reset, as participant number `serial`, at
  /// `time`; `holdsBegan` / `holdsEnded`: its `delaysTouchesBegan` / `delaysTouchesEnded`
  /// now. A recognizer sitting out a sequence never joins (precondition).
  func join(serial: UInt64, at time: Int64, holdsBegan: Bool, holdsEnded: Bool) {
    precondition(participation == .free, "a recognizer joined while \(participation)")
    participation = .participating(holdsBegan: holdsBegan, holdsEnded: holdsEnded)
    participantSerial = serial
    joinedMicroseconds = time
  }

  /// It was reset: free again, or sitting out the sequence of its view (`sitsOut`, or it
  /// already was: a recognizer reset outside a gesture, its state set from outside, keeps
  /// sitting out).
  func leave(sittingOut sitsOut: Bool) {
    participation = sitsOut || participation == .sittingOut ? .sittingOut : .free
  }

  /// The sequence it sat out has ended (or its engine went away): it may join again.
  func endSittingOut() {
    if participation == .sittingOut { participation = .free }
  }

  /// Its engine went away: it is free, whatever it was doing.
  func forgetParticipation() { participation = .free }
}

/// What a recognizer's reset leaves for the engine (`EngineState.finishResets`, then the
/// state observer). A plain value: keeping it retains nothing.
enum ResetEnd: Equatable {
  /// Nothing: not being reset.
  case none
  /// Reset from this state; it does not sit out its view's sequence.
  case reset(from: GestureRecognizerState)
  /// Reset after failing: it sits out the sequence of its view while a finger that began
  /// there is down.
  case failedInSequence

  /// The state it was reset from (nil for `.none`).
  var finishedState: GestureRecognizerState? {
    switch self {
    case .none: nil
    case .reset(let state): state
    case .failedInSequence: .failed
    }
  }
}

/// Whether a recognizer takes part in a gesture, and on what terms.
enum Participation: Equatable {
  /// Not taking part: the next touch it receives makes it a participant.
  case free
  /// It received a touch since its last reset. It holds back `began` / `ended` deliveries of
  /// its touches while undecided, as fixed when it joined (its `delaysTouchesBegan` /
  /// `delaysTouchesEnded` then): the touch records count such holders instead of searching
  /// for them.
  case participating(holdsBegan: Bool, holdsEnded: Bool)
  /// It failed in a multitouch sequence of its view that is still going on (a finger of it
  /// is still down): it takes no new touches until that sequence has ended.
  case sittingOut
}
