// SPDX-License-Identifier: MIT
/// Everything `GestureEngine` keeps from one frame to the next, as one value the engine owns
/// and mutates in place: its touch records (`TouchTable`), the recognizers taking part, its
/// time and where its current step stands.
///
/// Why one value: each read or write of a class's stored property is checked for exclusive
/// access at run time (about 80 instructions), while the fields of a value are checked when
/// compiling inside its own mutating methods. A steady frame is two calls here
/// (`startFrame(at:taking:)` and `finishFrame(settling:)`); a finger landing, recognizers
/// hearing the frame or a settle with work add a few (`take`, `startSettle`, `finishSettle`,
/// `endStep`). Each call is one access, whatever the number of fingers.
///
/// Nothing here calls a recognizer's `touches...` methods, a delegate, an action or a view's
/// observer: the engine does, between these calls, so none of them runs while the value is
/// being mutated.
struct EngineState {
  var touches = TouchTable()
  /// Recognizers that received a touch since their last reset, in the order they joined.
  var participants: [GestureRecognizer] = []
  var nextParticipantSerial: UInt64 = 0
  /// Recognizers that ended, were cancelled or failed in this step, to be reset.
  var finished: [GestureRecognizer] = []
  /// Recognizers that failed in a sequence of their view still going on (`sitsOutSequence`).
  var sittingOut: [GestureRecognizer] = []
  /// The frame's time while a frame is handled, the clock's while timers fire; never
  /// decreases.
  private(set) var nowMicroseconds: Int64 {
    didSet { context.nowMicroseconds = nowMicroseconds }
  }
  /// What recognizers read of the engine (its time, mirrored here, and its settings).
  let context: EngineContext
  /// Counts frames (a recognizer's `FrameDispatch` names the last it was collected in).
  private(set) var frameSerial: UInt64 = 0
  /// Whether a frame, a timer wake-up or a withdrawal is under way: the step settles when
  /// the outermost one ends. (Kept in `context`, which the engine reads without a run-time
  /// exclusivity check.)
  var isInStep: Bool {
    get { context.isInStep }
    nonmutating set { context.isInStep = newValue }
  }
  /// Whether the engine is applying the arena's actions: a state change asked for meanwhile
  /// (by an action) joins them instead of starting a loop of its own. (In `context`.)
  var isArbitrating: Bool {
    get { context.isArbitrating }
    nonmutating set { context.isArbitrating = newValue }
  }
  /// The wake-up last asked of the clock.
  private var requestedWakeup: Int64?

  init(nowMicroseconds: Int64, context: EngineContext) {
    self.nowMicroseconds = nowMicroseconds
    self.context = context
    participants.reserveCapacity(32)
    finished.reserveCapacity(16)
    sittingOut.reserveCapacity(16)
  }

  // MARK: Steps

  /// Starts a step; true when it is the outermost (it settles when it ends).
  mutating func enterStep() -> Bool {
    let isOutermost = !isInStep && !isArbitrating
    isInStep = true
    return isOutermost
  }

  /// Starts a step for a frame at `time` (`isOutermost` as `enterStep()`): touches that
  /// began or moved in the last frame become stationary, in the records and in each
  /// recognizer's copies; then takes the frame's first samples (`take`).
  mutating func startFrame(
    at time: Int64, taking samples: ArraySlice<TouchSample>
  ) -> (isOutermost: Bool, progress: FrameProgress) {
    let isOutermost = enterStep()
    nowMicroseconds.raise(to: time)
    frameSerial &+= 1
    touches.startFrame()
    // (Each recognizer's phases of the frame start afresh when it is first enlisted in it.)
    for recognizer in participants {
      recognizer.changeTrackedTouches { $0.markStationary() }
    }
    return (isOutermost, take(samples, from: samples.startIndex))
  }

  /// Takes the frame's samples from `start` up to the next `began` (which needs the engine:
  /// hit test and delegates) or the end (`TouchTable.take`); at the end, gets the frame's
  /// recognizers ready to hear it.
  mutating func take(_ samples: ArraySlice<TouchSample>, from start: Int) -> FrameProgress {
    let next = touches.take(
      samples, from: start, atMicroseconds: nowMicroseconds, frame: frameSerial)
    guard next == samples.endIndex else { return .began(at: next) }
    return .taken(dispatching: touches.startDispatch())
  }

  /// The recognizers `recognizers[base + i]` for each bit `i` set in `selected`, in order,
  /// receive `touch`, which began in the record in `slot` (`enroll`). One access to the
  /// engine's state for all of them.
  mutating func enroll(
    _ recognizers: [GestureRecognizer], from base: Int, selected: UInt64, touch: Touch,
    slot: Int
  ) {
    var bits = selected
    while bits != 0 {
      enroll(recognizers[base + bits.trailingZeroBitCount], touch: touch, slot: slot)
      bits &= bits - 1
    }
  }

  /// `recognizer` receives `touch`, which began in the record in `slot`: it joins the
  /// participants if it was not one (attached to the engine, numbered, at the frame's time,
  /// holding back what its delays say), is listed on the record, tracks the touch and is
  /// collected to hear the frame's `began`.
  private mutating func enroll(_ recognizer: GestureRecognizer, touch: Touch, slot: Int) {
    let book = recognizer.arbitration
    if !book.isParticipating {
      book.attach(to: context)
      nextParticipantSerial &+= 1
      book.join(
        serial: nextParticipantSerial, at: nowMicroseconds,
        holdsBegan: recognizer.delaysTouchesBegan, holdsEnded: recognizer.delaysTouchesEnded)
      participants.append(recognizer)
    }
    book.addTouchSlot(slot)
    let isUndecided = book.isUndecided
    touches.list(
      recognizer, on: slot, holdsBegan: isUndecided && book.holdsBegan,
      holdsEnded: isUndecided && book.holdsEnded, isActive: recognizer.state.isActive)
    recognizer.changeTrackedTouches { $0.append(touch) }
    touches.enlist(recognizer, phase: .began, frame: frameSerial)
  }

  /// The recognizers have heard the frame: the regulator learns what it did to each touch.
  /// Then, unless deliveries are to be handed out first, the settle starts (`startSettle()`)
  /// when `settling` (the frame is the outermost step), and ends here too when it has
  /// nothing for the engine to arbitrate (`isQuiet`).
  mutating func finishFrame(settling: Bool) -> FrameEnd {
    touches.regulator.isDispatchingFrame = false
    touches.deliverFrame()
    if touches.regulator.startFlush() { return .flush }
    guard settling else { return .done }
    let lifted = startSettle()
    guard isQuiet, let wakeup = finishSettle(lifted: lifted) else {
      return .settling(lifted: lifted)
    }
    return .settled(wakeup)
  }

  /// Whether settling has nothing for the engine's loop (`GestureEngine.settle`): no
  /// participant is possible and idle, none waits for a failure requirement, none finished.
  private var isQuiet: Bool {
    guard finished.isEmpty else { return false }
    for recognizer in participants {
      let state = recognizer.arbitration.state
      if state.isWaiting || (state == .possible && recognizer.isIdle) { return false }
    }
    return true
  }

  // MARK: Arbitration

  /// Starts applying the arena's actions; false when they are being applied already (the
  /// caller's actions join that loop).
  mutating func startArbitrating() -> Bool {
    guard !isArbitrating else { return false }
    isArbitrating = true
    return true
  }

  /// The arena's actions are applied; returns whether to settle (no step is under way).
  mutating func finishArbitrating() -> Bool {
    isArbitrating = false
    return !isInStep
  }

  /// A possible recognizer failed (outside arbitration): its touch records no longer count
  /// it among those holding back `began` / `ended` (`releasingBegan`, `releasingEnded`: it
  /// did), their deliveries are rechecked and it is to be reset. Returns whether to settle
  /// (no step is under way).
  mutating func finishFailure(
    _ recognizer: GestureRecognizer, releasingBegan: Bool, releasingEnded: Bool
  ) -> Bool {
    let slots = recognizer.arbitration.touchSlots
    if releasingBegan || releasingEnded {
      touches.release(slots, began: releasingBegan, ended: releasingEnded)
    }
    touches.recheck(slots)
    finished.append(recognizer)
    return !isInStep
  }

  /// The touch records' side of a move's completion (`GestureEngine.complete`): a
  /// recognizer that began or recognized cancels its touches' deliveries if it cancels
  /// touches in its view, the deliveries of its touches are rechecked when it started or
  /// finished, and a finished one is to be reset. Returns whether deliveries are to be handed
  /// out now (not after a failure, whose releases join the frame's own deliveries).
  mutating func completeMove(
    _ recognizer: GestureRecognizer, from previous: GestureRecognizerState,
    to next: GestureRecognizerState
  ) -> Bool {
    let slots = recognizer.arbitration.touchSlots
    let started = previous == .possible && (next == .began || next == .ended)
    if started && recognizer.cancelsTouchesInView { touches.cancelForRecognition(slots) }
    if next.isFinished || started { touches.recheck(slots) }
    if next.isFinished { finished.append(recognizer) }
    return next != .failed && touches.regulator.startFlush()
  }

  // MARK: Settling

  /// Starts settling the step: the recognizers forget the touches that lifted; one whose
  /// touches have all lifted keeps them as its last touches. Returns whether a finger lifted
  /// or was cancelled since the last settle.
  mutating func startSettle() -> Bool {
    isInStep = true
    // (Nothing in a settle lifts a finger: read once.)
    let lifted = touches.touchLiftedSinceSettle
    // Only a lifted or cancelled finger leaves a tracked touch that is not live.
    if lifted {
      for recognizer in participants {
        switch recognizer.trackedTouches.liftedShare {
        case .none: continue
        case .some:
          // (Its last touches are read only once none is tracked: the next lift that
          // empties the list sets them.)
          recognizer.changeTrackedTouches { $0.removeKeepingOrder { !$0.phase.isLive } }
        case .all:
          // The two arrays trade buffers: the lifted touches become the last ones uncopied.
          recognizer.retireTrackedTouches()
        }
      }
    }
    return lifted
  }

  /// Takes the reset recognizers off the participants and the records that listed them.
  mutating func dropResetParticipants() {
    participants.removeKeepingOrder { !$0.arbitration.isParticipating }
    touches.compact()
  }

  /// The end of a settle: forgets the fingers the views have heard the last of, and, after a
  /// lift, puts back in play the recognizers sitting out whose view has no finger down any
  /// more. Then ends the step (`endStep()`), unless deliveries are to be handed out first:
  /// nil then, and the engine ends the step once it has handed them out.
  mutating func finishSettle(lifted: Bool) -> WakeupRequest? {
    touches.recycleFinished()
    if lifted {
      touches.touchLiftedSinceSettle = false
      if !sittingOut.isEmpty { endSittingOut() }
    }
    if touches.regulator.startFlush() { return nil }
    return endStep()
  }

  /// Ends the outermost step; returns the clock wake-up to ask for (the earliest timer of
  /// the participants) when it differs from the one asked for last.
  mutating func endStep() -> WakeupRequest {
    isInStep = false
    return wakeupRequest()
  }

  /// The clock wake-up to ask for, when it differs from the one asked for last.
  mutating func wakeupRequest() -> WakeupRequest {
    var earliest: Int64?
    for recognizer in participants {
      if let deadline = recognizer.arbitration.timerDeadline, deadline < (earliest ?? .max) {
        earliest = deadline
      }
    }
    guard earliest != requestedWakeup else { return .unchanged }
    requestedWakeup = earliest
    return .request(earliest)
  }

  /// The clock woke the engine: nothing is asked of it any more.
  mutating func wokeUp(at time: Int64) {
    requestedWakeup = nil
    nowMicroseconds.raise(to: time)
  }

  /// Moves the recognizers to reset (`finished`) into `list`, which must be empty; `finished`
  /// keeps `list`'s buffer (the two trade buffers: nothing is copied or allocated).
  mutating func takeFinished(into list: inout [GestureRecognizer]) {
    swap(&list, &finished)
  }

  /// The end of the resets of `recognizers` (reset from the last to the first: each left
  /// its `RecognizerRecord.resetEnd`), in the order they were reset, then the participants
  /// and the records that listed them compacted (`dropResetParticipants`). One access to the
  /// engine's state for all of them.
  mutating func finishResets(_ recognizers: [GestureRecognizer]) {
    var index = recognizers.count
    while index > 0 {
      index -= 1
      finishReset(recognizers[index])
    }
    dropResetParticipants()
  }

  /// The end of a recognizer's reset (`RecognizerRecord.resetEnd`, read here): it sits out
  /// the sequence of its view (`.failedInSequence`) if a finger that began in it or a
  /// subview is still down, leaves its gesture, and the touch records that list it are
  /// marked for compaction. The records are read in place.
  private mutating func finishReset(_ recognizer: GestureRecognizer) {
    let book = recognizer.arbitration
    let end = book.resetEnd
    if case .none = end { return }
    var sitsOut = false
    if end == .failedInSequence, let view = recognizer.storedViewReference,
      touches.hasLiveTouch(inside: view)
    {
      sitsOut = true
      sittingOut.append(recognizer)
    }
    book.leave(sittingOut: sitsOut)
    touches.markReset(book.touchSlots)
    book.removeAllTouchSlots()
  }

  /// Puts back in play the recognizers sitting out whose view has no finger down any more
  /// (or that left their view).
  private mutating func endSittingOut() {
    var index = 0
    while index < sittingOut.count {
      let recognizer = sittingOut[index]
      if let view = recognizer.storedViewReference, touches.hasLiveTouch(inside: view) {
        index += 1
      } else {
        recognizer.arbitration.endSittingOut()
        sittingOut.remove(at: index)
      }
    }
  }
}

/// How far the engine has got in a frame's samples.
enum FrameProgress: Equatable {
  /// Taken up to a `began` sample, at this index, for the engine to handle.
  case began(at: Int)
  /// Every sample is taken; `dispatching`: recognizers are to hear the frame.
  case taken(dispatching: Bool)
}

/// What is left of a frame once its recognizers have heard it.
enum FrameEnd: Equatable {
  /// Hand out the deliveries, then settle if the frame is the outermost step.
  case flush
  /// The settle has started (`lifted` as `EngineState.startSettle()` returns it).
  case settling(lifted: Bool)
  /// The settle had nothing to arbitrate and has ended the step: ask the clock for this.
  case settled(WakeupRequest)
  /// Nothing: an outer step settles.
  case done
}

/// What the engine asks of its clock at the end of a step.
enum WakeupRequest: Equatable {
  /// The wake-up asked for last still stands.
  case unchanged
  /// Ask for a wake-up at this time (nil: none).
  case request(Int64?)
}
