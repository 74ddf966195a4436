// SPDX-License-Identifier: MIT
/// The engine's side of arbitration: every state change a recognizer asks for goes to the
/// arena, whose actions are applied here one at a time, each move checked against the legal-move
/// table, the books of the touches following.
extension GestureEngine {
  // MARK: Arbitration

  /// A subclass's `setState(_:)`: the arena decides what it leads to.
  func transition(_ recognizer: GestureRecognizer, to next: GestureRecognizerState) {
    let current = recognizer.arbitration.state
    if next == .changed && (current == .began || current == .changed) && !context.isArbitrating {
      // The arena's answer to a gesture under way that changes, applied directly: the move
      // (no rival or dependant is concerned once it has begun) and its completion. The
      // loop would do exactly this, with its queue empty (it is, when not arbitrating).
      move(recognizer, to: .changed, consultingArena: false)
      complete(recognizer, from: current.visible, to: .changed)
      if !context.isInStep { settle() }
      return
    }
    if next == .failed && current == .possible && !context.isArbitrating {
      // The arena's answer to a possible recognizer failing, applied directly: the move (a
      // failure defeats no rival) and its completion, which queues the re-examination of its
      // dependents; the loop then applies those. The loop would do exactly this, its queue
      // empty (it is, when not arbitrating). The books of its touches follow the move in
      // the completion's access to the engine's state (nothing reads them in between).
      let book = recognizer.arbitration
      let holdsBegan = book.holdsBegan
      let holdsEnded = book.holdsEnded
      move(recognizer, to: .failed, consultingArena: false, followingTouches: false)
      let settles = state.finishFailure(
        recognizer, releasingBegan: holdsBegan, releasingEnded: holdsEnded)
      // (With no dependent, the arena has nothing to re-examine: it is not consulted.)
      if !recognizer.dependents.isEmpty && arena.failed(recognizer) {
        arbitrate()
      } else if settles {
        settle()
      }
      return
    }
    arena.push(.request(recognizer, next))
    arbitrate()
  }

  /// Applies the arena's actions, one at a time, until none is left: the one loop every
  /// state change goes through. Actions queued while it runs (an action of a recognizer
  /// disabling another) join the loop. Settles afterwards when no step is under way.
  func arbitrate() {
    guard state.startArbitrating() else { return }
    while let action = arena.nextAction() { apply(action) }
    if state.finishArbitrating() { settle() }
  }

  private func apply(_ action: ArenaAction) {
    switch action {
    case .request(let recognizer, let next):
      guard recognizer.arbitration.runs(in: self) else { return }
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
      guard book.runs(in: self), book.isParticipating else { return }
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
    _ recognizer: GestureRecognizer, to next: ArbitrationState, consultingArena: Bool = true,
    followingTouches: Bool = true
  ) {
    let book = recognizer.arbitration
    if next == .failed && consultingArena && followingTouches && book.isUndecided {
      return fail(recognizer)
    }
    let previous = setArbitrationState(recognizer, next, followingTouches: followingTouches)
    guard !next.isWaiting else { return }
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

  /// An undecided recognizer (possible or waiting) fails in the loop: the move, reported,
  /// then its completion at once, as the arena would have it (a failure defeats no rival, and
  /// its completion is the next action applied: `GestureArena.moved` pushes it last). The
  /// books of its touches follow the move in the completion's access to the engine's state,
  /// as in `transition(_:to:)`'s direct failure (nothing reads them in between), then the
  /// recognizers waiting for it are re-examined.
  private func fail(_ recognizer: GestureRecognizer) {
    let book = recognizer.arbitration
    let holdsBegan = book.holdsBegan
    let holdsEnded = book.holdsEnded
    setArbitrationState(recognizer, .failed, followingTouches: false)
    if let stateObserver {
      stateObserver(
        GestureStateTransition(
          recognizer: recognizer, from: .possible, to: .failed,
          timeMicroseconds: nowMicroseconds))
    }
    _ = state.finishFailure(recognizer, releasingBegan: holdsBegan, releasingEnded: holdsEnded)
    // (With no dependent, the arena has nothing to re-examine: it is not consulted.)
    if !recognizer.dependents.isEmpty { arena.failed(recognizer) }
  }

  /// Every change of a recognizer's arbitration state goes through here: the move is
  /// checked against `ArbitrationState.canMove(to:)`, and the books of its touch records
  /// (who is active on each touch, how many hold its deliveries back) follow, unless
  /// `followingTouches` is false (the caller has them follow itself). Returns the state it
  /// left.
  @discardableResult
  func setArbitrationState(
    _ recognizer: GestureRecognizer, _ next: ArbitrationState, followingTouches: Bool = true
  ) -> ArbitrationState {
    let book = recognizer.arbitration
    let previous = book.state
    precondition(
      previous.canMove(to: next),
      "illegal state move \(previous) -> \(next) in \(type(of: recognizer)) \(recognizer.name ?? "")"
    )
    book.state = next
    let releases =
      (previous == .possible || previous.isWaiting) && !book.isUndecided
      && (book.holdsBegan || book.holdsEnded)
    let wasActive = previous == .began || previous == .changed
    let activity: TouchTable.Activity =
      !wasActive && next == .began
      ? .activates : (wasActive && next != .changed ? .deactivates : .same)
    if followingTouches && (releases || activity != .same) {
      state.touches.follow(
        recognizer, on: book.touchSlots, releasingBegan: releases && book.holdsBegan,
        releasingEnded: releases && book.holdsEnded, activity: activity)
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
    // The touch records and the list of finished recognizers follow in one access to the
    // engine's state. Releases caused by a failure are not flushed here: they join the
    // frame's own deliveries, so a view hears all of a frame's ended touches in one call, as
    // the guides' two-finger example shows. Before actions run, the view must be up to date.
    if state.completeMove(recognizer, from: previous, to: next) { handOutDeliveries() }
    if next == .failed {
      // (With no dependent, the arena has nothing to re-examine: it is not consulted.)
      if !recognizer.dependents.isEmpty { arena.failed(recognizer) }
    } else {
      recognizer.sendActions()
    }
  }
}
