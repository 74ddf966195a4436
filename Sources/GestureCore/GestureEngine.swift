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
  public private(set) var nowMicroseconds: Int64
  /// Input the engine skipped.
  public var diagnostics: EngineDiagnostics { table.diagnostics }
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

  /// The touch records and their deliveries, mutated in place (see `TouchTable`).
  private(set) var table = TouchTable()
  /// Recognizers that received a touch since their last reset, in the order they joined.
  private(set) var participants: [GestureRecognizer] = []
  private var nextParticipantSerial: UInt64 = 0
  private var finished: [GestureRecognizer] = []
  /// Recognizers that failed in a sequence of their view still going on (`sitsOutSequence`).
  private var sittingOut: [GestureRecognizer] = []
  private var dispatchScratch: [Touch] = []
  /// Deliveries being handed to the views' observers, and one run of their touches.
  private var flushing: [TouchDeliveryRegulator.Delivery] = []
  private var flushTouches: [Touch] = []
  /// Takes the place of a recognizer's touches when it ignores one while they are lent to it.
  private var spareTouches: [Touch] = []
  /// Timers due when the clock woke the engine, earliest first.
  private var dueTimers: [GestureRecognizer] = []
  private var frameSerial: UInt64 = 0
  /// What arbitration still has to apply (see `arbitrate()`).
  private var arena = GestureArena()
  /// Whether `arbitrate()` is applying the arena's actions: a state change asked for
  /// meanwhile (by an action) joins them instead of starting a loop of its own.
  private var isArbitrating = false
  /// Whether a frame, a timer wake-up or a withdrawal is under way: the step settles when
  /// the outermost one ends.
  private var isInStep = false
  private var requestedWakeup: Int64?
  /// The order a recognizer hears of its touches within one frame.
  private static let dispatchOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

  public init(rootView: View, clock: any GestureClock, settings: GestureSettings = .standard) {
    self.rootView = rootView
    self.clock = clock
    self.settings = settings
    self.nowMicroseconds = clock.nowMicroseconds
    participants.reserveCapacity(32)
    finished.reserveCapacity(16)
    sittingOut.reserveCapacity(16)
    dispatchScratch.reserveCapacity(16)
    spareTouches.reserveCapacity(16)
    dueTimers.reserveCapacity(16)
    flushing.reserveCapacity(64)
    flushTouches.reserveCapacity(16)
  }

  deinit {
    for recognizer in sittingOut { recognizer.arbitration.sitsOutSequence = false }
    // A recognizer's book names the slots of its touch records, which list it: with a
    // finger still down, it would otherwise look as if it were still taking part.
    for recognizer in participants {
      recognizer.arbitration.touchSlots.removeAll()
      recognizer.arbitration.isParticipating = false
    }
    table.removeAllRecognizers()
  }

  /// The fingers currently down.
  public var liveTouchIDs: [TouchID] { table.liveTouchIDs }

  // MARK: Steps

  /// Runs `body` as a step; the outermost step settles when it ends.
  private func step(_ body: () -> Void) {
    let isOutermost = !isInStep && !isArbitrating
    isInStep = true
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
    step {
      nowMicroseconds.raise(to: timestampMicroseconds)
      frameSerial &+= 1
      let now = nowMicroseconds
      let frame = frameSerial
      table.startFrame()
      // (Each recognizer's phases of the frame start afresh when it is first enlisted in it.)
      for recognizer in participants { recognizer.trackedTouches.markStationary() }
      // Runs of moves and lifts are taken by the table in one go; a `began` needs the
      // engine (hit test, delegates).
      var index = samples.startIndex
      while index < samples.endIndex {
        index = table.take(samples, from: index, atMicroseconds: now, frame: frame)
        if index < samples.endIndex {
          beginTouch(samples[index])
          index += 1
        }
      }
      dispatchToRecognizers()
      table.deliverFrame()
      flushDeliveries()
    }
  }

  private func beginTouch(_ sample: TouchSample) {
    if table.isLive(sample.id) {
      table.diagnostics.duplicateTouchBegins += 1
      return
    }
    let view = rootView.hitTest(sample.location)
    let touch = Touch(
      id: sample.id, location: sample.location, timestampMicroseconds: nowMicroseconds, view: view)
    let slot = table.open(touch, view: view)
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
        table.enlist(recognizer, phase: .began, frame: frameSerial)
      }
      current = hit.superview
    }
  }

  /// Lists `recognizer` on the touch record in `slot` (and makes it a participant if it was
  /// not).
  private func join(_ recognizer: GestureRecognizer, _ slot: Int) {
    let book = recognizer.arbitration
    if !book.isParticipating {
      book.isParticipating = true
      book.engine = self
      nextParticipantSerial &+= 1
      book.participantSerial = nextParticipantSerial
      book.joinedMicroseconds = nowMicroseconds
      book.holdsBegan = recognizer.delaysTouchesBegan
      book.holdsEnded = recognizer.delaysTouchesEnded
      participants.append(recognizer)
    }
    book.touchSlots.append(slot)
    let isUndecided = book.isUndecided
    table.list(
      recognizer, on: slot, holdsBegan: isUndecided && book.holdsBegan,
      holdsEnded: isUndecided && book.holdsEnded, isActive: recognizer.state.isActive)
  }

  private func dispatchToRecognizers() {
    guard table.startDispatch() else { return }
    defer { table.regulator.isDispatchingFrame = false }
    var index = 0
    while index < table.frameRecognizers.count {
      let recognizer = table.frameRecognizers[index]
      let book = recognizer.arbitration
      index += 1
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
    if next == .changed && (current == .began || current == .changed) && !isArbitrating {
      // The arena's answer to a gesture under way that changes, applied directly: the move
      // (no rival or dependant is concerned once it has begun) and its completion. The
      // loop would do exactly this, with its queue empty (it is, when not arbitrating).
      move(recognizer, to: .changed, consultingArena: false)
      complete(recognizer, from: current.visible, to: .changed)
      if !isInStep { settle() }
      return
    }
    arena.push(.request(recognizer, next))
    arbitrate()
  }

  /// Applies the arena's actions, one at a time, until none is left: the one loop every
  /// state change goes through. Actions queued while it runs (an action of a recognizer
  /// disabling another) join the loop. Settles afterwards when no step is under way.
  private func arbitrate() {
    guard !isArbitrating else { return }
    isArbitrating = true
    while let action = arena.nextAction() { apply(action) }
    isArbitrating = false
    if !isInStep { settle() }
  }

  private func apply(_ action: ArenaAction) {
    switch action {
    case .request(let recognizer, let next):
      guard recognizer.arbitration.engine === self else { return }
      arena.requested(recognizer, next, touches: table)
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
      arena.reexamine(recognizer, touches: table)
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
    if consultingArena { arena.moved(recognizer, from: previous, to: next, touches: table) }
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
      table.release(book.touchSlots, began: book.holdsBegan, ended: book.holdsEnded)
    }
    let wasActive = previous == .began || previous == .changed
    if !wasActive && next == .began {
      table.activate(recognizer, on: book.touchSlots)
    } else if wasActive && next != .changed {
      table.deactivate(recognizer, on: book.touchSlots)
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
    if started && recognizer.cancelsTouchesInView { table.cancelForRecognition(book.touchSlots) }
    if next.isFinished || started { table.recheck(book.touchSlots) }
    // Releases caused by a failure are not flushed here: they join the frame's own
    // deliveries, so a view hears all of a frame's ended touches in one call, as the
    // guides' two-finger example shows. Before actions run, the view must be up to date.
    if next != .failed { flushDeliveries() }
    if next.isFinished { finished.append(recognizer) }
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
    if let position = book.touchSlots.firstIndex(where: { table.records[$0].touch.id == id }) {
      let slot = book.touchSlots.remove(at: position)
      let isUndecided = book.isUndecided
      table.remove(
        recognizer, from: slot, holdsBegan: isUndecided && book.holdsBegan,
        holdsEnded: isUndecided && book.holdsEnded)
    }
    if !isInStep && !isArbitrating { flushDeliveries() }
  }

  func timersChanged() {
    if !isInStep && !isArbitrating { requestWakeup() }
  }

  public func clockReachedDeadline(nowMicroseconds now: Int64) {
    requestedWakeup = nil
    step {
      nowMicroseconds.raise(to: now)
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
    for recognizer in participants
    where (recognizer.arbitration.timerDeadline ?? .max) <= nowMicroseconds {
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

  private func requestWakeup() {
    var earliest: Int64?
    for recognizer in participants {
      if let deadline = recognizer.arbitration.timerDeadline, deadline < (earliest ?? .max) {
        earliest = deadline
      }
    }
    guard earliest != requestedWakeup else { return }
    requestedWakeup = earliest
    clock.requestWakeup(self, atMicroseconds: earliest)
  }

  // MARK: End of a step

  /// Forgets lifted touches, fails undecidable recognizers, resets finished ones, releases
  /// held deliveries, recycles records and re-arms the clock.
  private func settle() {
    isInStep = true
    // (Nothing in a settle lifts a finger: read once.)
    let lifted = table.touchLiftedSinceSettle
    // Only a lifted or cancelled finger leaves a tracked touch that is not live.
    if lifted {
      for recognizer in participants where recognizer.trackedTouches.hasLifted {
        recognizer.rememberLastTouches()
        recognizer.trackedTouches.removeAll { !$0.phase.isLive }
      }
    }
    var changed = true
    while changed {
      changed = false
      var someWait = false
      for recognizer in participants {
        let state = recognizer.arbitration.state
        if state == .possible {
          guard isIdle(recognizer) else { continue }
          arena.push(.move(recognizer, .failed))
          arbitrate()
          changed = true
        } else if state.isWaiting {
          someWait = true
        }
      }
      // With no change in the pass, `someWait` tells whether any recognizer is waiting.
      if !changed && someWait, let stuck = participants.first(where: isDeadlocked) {
        // Recognizers that require each other to fail (a cycle) would wait forever.
        arena.push(.move(stuck, .failed))
        arbitrate()
        changed = true
      }
      if !finished.isEmpty {
        while let recognizer = finished.popLast() { reset(recognizer) }
        participants.removeAll { !$0.arbitration.isParticipating }
        table.compact()
      }
    }
    table.recycleFinished()
    if lifted {
      table.touchLiftedSinceSettle = false
      if !sittingOut.isEmpty { endSittingOut() }
    }
    flushDeliveries()
    isInStep = false
    requestWakeup()
  }

  /// No touch and no timer can move the recognizer any more.
  private func isIdle(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.trackedTouches.isEmpty && recognizer.arbitration.timerDeadline == nil
  }

  /// An idle recognizer waiting only on requirements that are themselves idle and waiting.
  private func isDeadlocked(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.arbitration.state.isWaiting, isIdle(recognizer) else { return false }
    return recognizer.failureRequirements.allSatisfy { reference in
      let requirement = reference.value
      guard GestureArena.isUndecided(requirement) else { return true }
      return requirement.arbitration.state.isWaiting && isIdle(requirement)
    }
  }

  /// Puts back in play the recognizers sitting out whose view has no finger down any more
  /// (or that left their view).
  private func endSittingOut() {
    var index = 0
    while index < sittingOut.count {
      let recognizer = sittingOut[index]
      if let view = recognizer.view, table.hasLiveTouch(inside: view) {
        index += 1
      } else {
        recognizer.arbitration.sitsOutSequence = false
        sittingOut.remove(at: index)
      }
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
    if finishedState == .failed, !book.sitsOutSequence, let view = recognizer.view,
      table.hasLiveTouch(inside: view)
    {
      book.sitsOutSequence = true
      sittingOut.append(recognizer)
    }
    book.timerDeadline = nil
    if !recognizer.trackedTouches.isEmpty {
      recognizer.rememberLastTouches()
      recognizer.trackedTouches.removeAll(keepingCapacity: true)
    }
    book.isParticipating = false
    table.markReset(book.touchSlots)
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
    guard table.regulator.startFlush() else { return }
    while table.regulator.takeOutbox(into: &flushing) {
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
