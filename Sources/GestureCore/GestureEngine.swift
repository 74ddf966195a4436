// SPDX-License-Identifier: MIT
/// Runs recognizers on touch frames: the counterpart of UIKit's window and gesture
/// environment.
///
/// The host feeds `handle(_:)` one `TouchFrame` at a time. For each frame the engine
/// 1. hit-tests new touches once against `rootView` and hands each to the enabled
///    recognizers of the hit view and its ancestors (hit view first) whose delegate agrees,
/// 2. calls each recognizer's `touchesBegan/Moved/Ended/Cancelled` with its touches; each
///    state change a recognizer asks for goes to `GestureArena`, which returns what follows
///    from it as values (`ArenaAction`: moves, defeats, re-examinations, completions) that
///    the engine applies one at a time in one loop (`arbitrate()`) before the call returns,
///    running actions on the way,
/// 3. delivers the frame's touches to the views, regulated by `TouchDeliveryRegulator`,
/// 4. removes lifted touches, resets recognizers that ended, were cancelled or failed, and
///    asks the clock to wake it for the earliest recognizer timer.
///
/// A recognizer still `.possible` when all its touches have lifted, with no timer armed and
/// not waiting for a failure requirement, fails: nothing is left to decide it.
///
/// Failed stays failed for its multitouch sequence. A recognizer that fails (by itself or
/// prevented by a rival) has decided that "this multitouch sequence it's been analyzing is
/// not its gesture" (the guides); it is reset at once, but takes no new touch while a finger
/// of that sequence is still down in its view (the view or a subview: "the multitouch
/// sequence targeted at their attached hit-test view"). It is in play again once every
/// touch of its view has ended. The documents do not say what a failed recognizer does with
/// fingers added to the sequence it failed in; this is what UIKit does (a one-finger swipe
/// that failed when a second finger landed does not recognize a later finger's stroke). A
/// double tap is not affected: its sequence ends when the first tap lifts. Example: swipe
/// on a view; `#1 down`, `#2 down` (swipe fails), `#3 down`, `#3 moves 200 px left` ->
/// no swipe; `#1 #2 up`, `#3 up`; `#4 down`, `#4 moves 200 px left` -> swipe.
///
/// Not thread-safe: use one engine from one thread (or actor) at a time. In steady state
/// (fingers moving) a frame allocates nothing.
///
/// The work of a frame follows the recognizers that share its touches: each touch record
/// lists its recognizers, those active on it and how many hold its deliveries back, and each
/// recognizer's `RecognizerRecord` lists its touch records, so nothing is searched for among
/// all the recognizers taking part.
public final class GestureEngine: ClockWakeTarget {
  /// The view standing for the whole screen; its frame is in screen coordinates.
  public let rootView: View
  public let clock: any GestureClock
  /// The settings the recognizers read, in screen pixels (`GestureSettings.resolved(for:)`).
  /// May change between frames, e.g. when the touchscreen's size becomes known; recognizers
  /// use the new values from the next touch or timer on.
  public var settings: GestureSettings
  /// The frame's time while a frame is handled, the clock's while timers fire; never
  /// decreases.
  public var nowMicroseconds: Int64 { state.nowMicroseconds }
  /// Input the engine skipped.
  public var diagnostics: EngineDiagnostics { state.touches.diagnostics }
  /// Called with every state change of every recognizer this engine runs, in the order they
  /// happen: leaving `.possible` (to began, ended/recognized or failed, failures included,
  /// which send no action), began -> changed -> ended or cancelled, and the return of a
  /// finished recognizer to `.possible` when the engine resets it.
  ///
  /// A change is reported as soon as the state is set, before its consequences: rivals it
  /// defeats fail (each reported) and the recognizer's actions run after the call. The
  /// return to `.possible` is reported after `reset()`, once the engine has forgotten the
  /// recognizer's touches (its location and `numberOfTouches` are those it had last).
  ///
  /// The observer may read anything; during a change away from `.possible` or between
  /// active states it must not change recognizers or feed the engine. During the return to
  /// `.possible` the recognizer is out of its sequence and may be reconfigured (enabled,
  /// attached, its properties set). Nil by default, which costs one check per change; a set
  /// observer is called without allocating.
  public var stateObserver: ((GestureStateTransition) -> Void)?

  /// The touch records, the recognizers taking part, the time and the step, mutated in
  /// place (see `EngineState`).
  private(set) var state: EngineState
  private var dispatchScratch: [Touch] = []
  /// Deliveries being handed to the views' observers, and one run of their touches.
  private var flushing: [TouchDeliveryRegulator.Delivery] = []
  private var flushTouches: [Touch] = []
  /// Takes the place of a recognizer's touches when it ignores one while they are lent to it.
  private var spareTouches: [Touch] = []
  /// Timers due when the clock woke the engine, earliest first.
  private var dueTimers: [GestureRecognizer] = []
  /// What arbitration still has to apply (see `arbitrate()`).
  private var arena = GestureArena()
  /// The order a recognizer hears of its touches within one frame.
  private static let dispatchOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

  public init(rootView: View, clock: any GestureClock, settings: GestureSettings = .standard) {
    self.rootView = rootView
    self.clock = clock
    self.settings = settings
    self.state = EngineState(nowMicroseconds: clock.nowMicroseconds)
    dispatchScratch.reserveCapacity(16)
    spareTouches.reserveCapacity(16)
    dueTimers.reserveCapacity(16)
    flushing.reserveCapacity(64)
    flushTouches.reserveCapacity(16)
  }

  deinit {
    for recognizer in state.sittingOut { recognizer.arbitration.endSittingOut() }
    // A recognizer's book names the slots of its touch records, which list it: with a
    // finger still down, it would otherwise look as if it were still taking part.
    for recognizer in state.participants {
      recognizer.arbitration.touchSlots.removeAll()
      recognizer.arbitration.forgetParticipation()
    }
    state.touches.removeAllRecognizers()
  }

  /// The fingers currently down.
  public var liveTouchIDs: [TouchID] { state.touches.liveTouchIDs }

  // MARK: Steps

  /// Runs `body` as a step; the outermost step settles when it ends.
  private func step(_ body: () -> Void) {
    let isOutermost = state.enterStep()
    body()
    // `settle()` runs as part of the step and ends it.
    if isOutermost { settle() }
  }

  // MARK: Frames

  /// Processes one frame. A frame that lists the same finger twice (say `began` then
  /// `moved`) is handled as consecutive frames at the same time, split before the repeat, so
  /// no phase is lost. Samples for unknown touches, repeated begins and stationary samples
  /// are skipped and counted in `diagnostics`.
  public func handle(_ frame: TouchFrame) {
    let samples = frame.samples
    var start = samples.startIndex
    // One bit per id (modulo 64) of the samples since `start`: only an id whose bit is set
    // can repeat, so the exact search runs only then.
    var seen: UInt64 = 0
    for index in samples.indices {
      let id = samples[index].id
      let bit: UInt64 = 1 << (id.rawValue & 63)
      if seen & bit != 0 && samples[start..<index].contains(where: { $0.id == id }) {
        process(samples[start..<index], at: frame.timestampMicroseconds)
        start = index
        seen = 0
      }
      seen |= bit
    }
    process(samples[start..<samples.endIndex], at: frame.timestampMicroseconds)
  }

  private func process(_ samples: ArraySlice<TouchSample>, at timestampMicroseconds: Int64) {
    // Runs of moves and lifts are taken in one go; a `began` needs the engine (hit test,
    // delegates).
    var (isOutermost, progress) = state.startFrame(at: timestampMicroseconds, taking: samples)
    while case .began(let index) = progress {
      beginTouch(samples[index])
      progress = state.take(samples, from: index + 1)
    }
    if case .taken(dispatching: true) = progress { dispatchToRecognizers() }
    // `settle()` runs as part of the outermost step and ends it.
    switch state.finishFrame(settling: isOutermost) {
    case .flush:
      handOutDeliveries()
      if isOutermost { settle() }
    case .settling(let lifted): settle(lifted: lifted)
    case .settled(let wakeup): requestWakeup(wakeup)
    case .done: break
    }
  }

  private func beginTouch(_ sample: TouchSample) {
    if state.touches.isLive(sample.id) {
      state.touches.diagnostics.duplicateTouchBegins += 1
      return
    }
    let view = rootView.hitTest(sample.location)
    let touch = Touch(
      id: sample.id, location: sample.location, timestampMicroseconds: nowMicroseconds, view: view)
    let slot = state.touches.open(touch, view: view)
    var current = view
    while let hit = current {
      for recognizer in hit.gestureRecognizers
      where recognizer.isEnabled && !recognizer.state.isFinished
        && !recognizer.arbitration.sitsOutSequence
      {
        if let delegate = recognizer.delegate,
          !delegate.gestureRecognizer(recognizer, shouldReceive: touch)
        {
          continue
        }
        join(recognizer, slot)
        recognizer.trackedTouches.append(touch)
        state.touches.enlist(recognizer, phase: .began, frame: state.frameSerial)
      }
      current = hit.superview
    }
  }

  /// Lists `recognizer` on the touch record in `slot` (and makes it a participant if it was
  /// not).
  private func join(_ recognizer: GestureRecognizer, _ slot: Int) {
    let book = recognizer.arbitration
    if !book.isParticipating {
      book.engine = self
      state.nextParticipantSerial &+= 1
      book.join(
        serial: state.nextParticipantSerial, at: nowMicroseconds,
        holdsBegan: recognizer.delaysTouchesBegan, holdsEnded: recognizer.delaysTouchesEnded)
      state.participants.append(recognizer)
    }
    book.touchSlots.append(slot)
    let isUndecided = book.isUndecided
    state.touches.list(
      recognizer, on: slot, holdsBegan: isUndecided && book.holdsBegan,
      holdsEnded: isUndecided && book.holdsEnded, isActive: recognizer.state.isActive)
  }

  /// Lets the frame's recognizers hear it (`TouchTable.startDispatch()` has ordered them).
  private func dispatchToRecognizers() {
    // (Only samples add to the list: it does not change while they hear the frame.)
    let recognizers = state.touches.frameRecognizers
    for recognizer in recognizers {
      let book = recognizer.arbitration
      let phases = book.frameDispatch.phases
      for phase in Self.dispatchOrder where phases.contains(phase) {
        guard recognizer.isEnabled, book.engine === self, !recognizer.state.isFinished
        else { break }
        if recognizer.trackedTouches.allHave(phase) {
          // The common case (every finger moved): the tracked touches themselves, uncopied.
          let touches = TouchSet(recognizer.trackedTouches)
          let wasLent = book.lendsTrackedTouches
          book.lendsTrackedTouches = true
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
          book.lendsTrackedTouches = wasLent
          continue
        }
        let tracked = recognizer.trackedTouches
        for index in tracked.indices where tracked[index].phase == phase {
          dispatchScratch.append(tracked[index])
        }
        if !dispatchScratch.isEmpty {
          let touches = TouchSet(dispatchScratch)
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
        }
        dispatchScratch.removeAll(keepingCapacity: true)
      }
    }
  }

  // MARK: Arbitration

  /// A subclass's `setState(_:)`: the arena decides what it leads to.
  func transition(_ recognizer: GestureRecognizer, to next: GestureRecognizerState) {
    let current = recognizer.arbitration.state
    if next == .changed && (current == .began || current == .changed) && !state.isArbitrating {
      // The arena's answer to a gesture under way that changes, applied directly: the move
      // (no rival or dependant is concerned once it has begun) and its completion. The
      // loop would do exactly this, with its queue empty (it is, when not arbitrating).
      move(recognizer, to: .changed, consultingArena: false)
      complete(recognizer, from: current.visible, to: .changed)
      if !state.isInStep { settle() }
      return
    }
    arena.push(.request(recognizer, next))
    arbitrate()
  }

  /// Applies the arena's actions, one at a time, until none is left: the one loop every
  /// state change goes through. Actions queued while it runs (an action of a recognizer
  /// disabling another) join the loop. Settles afterwards when no step is under way.
  private func arbitrate() {
    guard !state.isArbitrating else { return }
    state.isArbitrating = true
    while let action = arena.nextAction() { apply(action) }
    state.isArbitrating = false
    if !state.isInStep { settle() }
  }

  private func apply(_ action: ArenaAction) {
    switch action {
    case .request(let recognizer, let next):
      guard recognizer.arbitration.engine === self else { return }
      arena.requested(recognizer, next, records: state.touches.records)
    case .move(let recognizer, let next):
      move(recognizer, to: next)
    case .defeat(let recognizer):
      if recognizer.arbitration.isUndecided { move(recognizer, to: .failed) }
    case .overrule(let recognizer):
      if recognizer.state.isActive {
        move(recognizer, to: .cancelled)
      } else if recognizer.arbitration.isUndecided {
        move(recognizer, to: .failed)
      }
    case .reexamine(let recognizer):
      arena.reexamine(recognizer, records: state.touches.records)
    case .endIfBegan(let recognizer):
      if recognizer.arbitration.state == .began { move(recognizer, to: .ended) }
    case .withdraw(let recognizer):
      let book = recognizer.arbitration
      guard book.engine === self, book.isParticipating else { return }
      if recognizer.state.isActive {
        move(recognizer, to: .cancelled)
      } else if book.isUndecided {
        move(recognizer, to: .failed)
      }
    case .complete(let recognizer, let previous, let next):
      complete(recognizer, from: previous, to: next)
    }
  }

  /// Sets the state (a move of the legal-move table, checked), reports it, and asks the
  /// arena what follows (unless `consultingArena` is false: `transition(_:to:)`'s direct
  /// change). Waits are not reported: the recognizer is still `.possible`.
  private func move(
    _ recognizer: GestureRecognizer, to next: ArbitrationState, consultingArena: Bool = true
  ) {
    let previous = setArbitrationState(recognizer, next)
    guard !next.isWaiting else { return }
    recognizer.state = next.visible
    if let stateObserver {
      stateObserver(
        GestureStateTransition(
          recognizer: recognizer, from: previous.visible, to: next.visible,
          timeMicroseconds: nowMicroseconds))
    }
    if consultingArena {
      arena.moved(recognizer, from: previous, to: next, records: state.touches.records)
    }
  }

  /// Every change of a recognizer's arbitration state goes through here: the move is
  /// checked against `ArbitrationState.canMove(to:)`, and the books of its touch records
  /// (who is active on each touch, how many hold its deliveries back) follow. Returns the
  /// state it left.
  @discardableResult
  private func setArbitrationState(_ recognizer: GestureRecognizer, _ next: ArbitrationState)
    -> ArbitrationState
  {
    let book = recognizer.arbitration
    let previous = book.state
    precondition(
      previous.canMove(to: next),
      "illegal state move \(previous) -> \(next) in \(type(of: recognizer)) \(recognizer.name ?? "")"
    )
    book.state = next
    if (previous == .possible || previous.isWaiting) && !book.isUndecided
      && (book.holdsBegan || book.holdsEnded)
    {
      state.touches.release(book.touchSlots, began: book.holdsBegan, ended: book.holdsEnded)
    }
    let wasActive = previous == .began || previous == .changed
    if !wasActive && next == .began {
      state.touches.activate(recognizer, on: book.touchSlots)
    } else if wasActive && next != .changed {
      state.touches.deactivate(recognizer, on: book.touchSlots)
    }
    return previous
  }

  /// The end of a move, after the rivals it defeated have failed: the view's touches are
  /// cancelled or released, then the actions run (not for failed, whose dependents are
  /// re-examined instead; for cancelled they do, as the class reference says, where the
  /// later guide says not).
  private func complete(
    _ recognizer: GestureRecognizer, from previous: GestureRecognizerState,
    to next: GestureRecognizerState
  ) {
    let book = recognizer.arbitration
    let started = previous == .possible && (next == .began || next == .ended)
    if started && recognizer.cancelsTouchesInView {
      state.touches.cancelForRecognition(book.touchSlots)
    }
    if next.isFinished || started { state.touches.recheck(book.touchSlots) }
    // Releases caused by a failure are not flushed here: they join the frame's own
    // deliveries, so a view hears all of a frame's ended touches in one call, as the
    // guides' two-finger example shows. Before actions run, the view must be up to date.
    if next != .failed { flushDeliveries() }
    if next.isFinished { state.finished.append(recognizer) }
    if next == .failed {
      arena.failed(recognizer)
    } else {
      recognizer.sendActions()
    }
  }

  // MARK: Withdrawal, ignore, timers

  /// A recognizer was disabled or removed from its view: an active gesture is cancelled, a
  /// possible one fails; it is reset and forgets its touches.
  func recognizerWithdrawn(_ recognizer: GestureRecognizer) {
    let book = recognizer.arbitration
    guard book.engine === self, book.isParticipating else { return }
    step {
      arena.push(.withdraw(recognizer))
      arbitrate()
    }
  }

  func recognizer(_ recognizer: GestureRecognizer, ignores id: TouchID) {
    let book = recognizer.arbitration
    if let index = recognizer.trackedTouches.firstIndex(where: { $0.id == id }) {
      if book.lendsTrackedTouches {
        // The array is also the recognizer's `TouchSet` argument, so removing in place would
        // copy it (an allocation per stroke for a pan ignoring extra fingers): the others go
        // into the spare array, which takes its place; the lent one becomes the spare once
        // the call has returned.
        spareTouches.removeAll(keepingCapacity: true)
        for other in recognizer.trackedTouches.indices where other != index {
          spareTouches.append(recognizer.trackedTouches[other])
        }
        swap(&spareTouches, &recognizer.trackedTouches)
        book.lendsTrackedTouches = false
      } else {
        recognizer.trackedTouches.remove(at: index)
      }
      if recognizer.trackedTouches.isEmpty {
        recognizer.lastTouches.removeAll(keepingCapacity: true)
      }
    }
    if let position = book.touchSlots.firstIndex(where: { state.touches.records[$0].touch.id == id }
    ) {
      let slot = book.touchSlots.remove(at: position)
      let isUndecided = book.isUndecided
      state.touches.remove(
        recognizer, from: slot, holdsBegan: isUndecided && book.holdsBegan,
        holdsEnded: isUndecided && book.holdsEnded)
    }
    if !state.isInStep && !state.isArbitrating { flushDeliveries() }
  }

  func timersChanged() {
    if !state.isInStep && !state.isArbitrating { requestWakeup(state.wakeupRequest()) }
  }

  public func clockReachedDeadline(nowMicroseconds now: Int64) {
    step {
      state.wokeUp(at: now)
      while collectDueTimers() {
        // Earliest first; among equal deadlines, in the order the recognizers joined. A
        // timer re-armed or cancelled by an earlier one is skipped (collected again if due).
        for recognizer in dueTimers {
          let book = recognizer.arbitration
          guard let deadline = book.timerDeadline, deadline <= nowMicroseconds else { continue }
          book.timerDeadline = nil
          if recognizer.isEnabled && !recognizer.state.isFinished { recognizer.timerFired() }
        }
        dueTimers.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Fills `dueTimers` with the participants whose timer is due, earliest first; false
  /// when none is.
  private func collectDueTimers() -> Bool {
    let now = nowMicroseconds
    for recognizer in state.participants where (recognizer.arbitration.timerDeadline ?? .max) <= now
    {
      dueTimers.append(recognizer)
    }
    if dueTimers.count > 1 {
      dueTimers.sort {
        let a = $0.arbitration
        let b = $1.arbitration
        return (a.timerDeadline!, a.participantSerial) < (b.timerDeadline!, b.participantSerial)
      }
    }
    return !dueTimers.isEmpty
  }

  private func requestWakeup(_ request: WakeupRequest) {
    guard case .request(let deadline) = request else { return }
    clock.requestWakeup(self, atMicroseconds: deadline)
  }

  // MARK: End of a step

  /// Forgets lifted touches, fails undecidable recognizers, resets finished ones, releases
  /// held deliveries, recycles records and re-arms the clock.
  /// `lifted`: what `EngineState.startSettle()` returned, when the settle has started.
  private func settle(lifted startedSettle: Bool? = nil) {
    let lifted = startedSettle ?? state.startSettle()
    var changed = true
    while changed {
      changed = false
      var someWait = false
      for recognizer in state.participants {
        let arbitration = recognizer.arbitration.state
        if arbitration == .possible {
          guard recognizer.isIdle else { continue }
          arena.push(.move(recognizer, .failed))
          arbitrate()
          changed = true
        } else if arbitration.isWaiting {
          someWait = true
        }
      }
      // With no change in the pass, `someWait` tells whether any recognizer is waiting.
      if !changed && someWait, let stuck = state.participants.first(where: isDeadlocked) {
        // Recognizers that require each other to fail (a cycle) would wait forever.
        arena.push(.move(stuck, .failed))
        arbitrate()
        changed = true
      }
      if !state.finished.isEmpty {
        while let recognizer = state.finished.popLast() { reset(recognizer) }
        state.dropResetParticipants()
      }
    }
    // Ends the step at once, or after handing out the deliveries the settle released.
    guard let wakeup = state.finishSettle(lifted: lifted) else {
      handOutDeliveries()
      return requestWakeup(state.endStep())
    }
    requestWakeup(wakeup)
  }

  /// An idle recognizer waiting only on requirements that are themselves idle and waiting.
  private func isDeadlocked(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.arbitration.state.isWaiting, recognizer.isIdle else { return false }
    return recognizer.failureRequirements.allSatisfy { reference in
      let requirement = reference.value
      guard GestureArena.isUndecided(requirement) else { return true }
      return requirement.arbitration.state.isWaiting && requirement.isIdle
    }
  }

  /// Resets a finished recognizer and takes it out of the participants (the lists that
  /// name it are compacted by `settle()`).
  private func reset(_ recognizer: GestureRecognizer) {
    guard recognizer.state.isFinished else { return }
    let book = recognizer.arbitration
    let finishedState = recognizer.state
    recognizer.reset()
    recognizer.hasAskedToBegin = false
    setArbitrationState(recognizer, .possible)
    recognizer.state = .possible
    var sitsOut = false
    if finishedState == .failed, !book.sitsOutSequence, let view = recognizer.view,
      state.touches.hasLiveTouch(inside: view)
    {
      sitsOut = true
      state.sittingOut.append(recognizer)
    }
    book.timerDeadline = nil
    if !recognizer.trackedTouches.isEmpty {
      recognizer.rememberLastTouches()
      recognizer.trackedTouches.removeAll(keepingCapacity: true)
    }
    book.leave(sittingOut: sitsOut)
    state.touches.markReset(book.touchSlots)
    book.touchSlots.removeAll(keepingCapacity: true)
    if let stateObserver {
      stateObserver(
        GestureStateTransition(
          recognizer: recognizer, from: finishedState, to: .possible,
          timeMicroseconds: nowMicroseconds))
    }
  }

  // MARK: Deliveries

  /// Hands the deliveries the regulator queued to the views' observers, in order, one call
  /// per run of touches with the same view and phase. Deliveries an observer causes while
  /// this runs are handed out in the same flush.
  private func flushDeliveries() {
    if state.touches.regulator.startFlush() { handOutDeliveries() }
  }

  /// The hand-out of `flushDeliveries()`, once `TouchDeliveryRegulator.startFlush()` has
  /// started it.
  private func handOutDeliveries() {
    while state.touches.regulator.takeOutbox(into: &flushing) {
      var index = 0
      while index < flushing.count {
        let head = flushing[index]
        var end = index
        while end < flushing.count && flushing[end].view === head.view
          && flushing[end].phase == head.phase
        {
          flushTouches.append(flushing[end].touch)
          end += 1
        }
        index = end
        if let observer = head.view.touchObserver {
          let touches = TouchSet(flushTouches)
          switch head.phase {
          case .began: observer.touchesBegan(touches, in: head.view)
          case .moved, .stationary: observer.touchesMoved(touches, in: head.view)
          case .ended: observer.touchesEnded(touches, in: head.view)
          case .cancelled: observer.touchesCancelled(touches, in: head.view)
          }
        }
        flushTouches.removeAll(keepingCapacity: true)
      }
      flushing.removeAll(keepingCapacity: true)
    }
  }
}
