// SPDX-License-Identifier: MIT
/// The end of every step: lifted touches forgotten, undecidable recognizers failed, finished
/// ones reset, held deliveries released and handed to the views' observers, the clock re-armed.
extension GestureEngine {
  // MARK: End of a step

  /// Forgets lifted touches, fails undecidable recognizers, resets finished ones, releases
  /// held deliveries, recycles records and re-arms the clock.
  /// `lifted`: what `EngineState.startSettle()` returned, when the settle has started.
  func settle(lifted startedSettle: Bool? = nil) {
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
      while !state.finished.isEmpty { resetFinished() }
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

  /// Resets the finished recognizers, the last finished first, takes them out of the
  /// participants, then tells the state observer. Two accesses to the engine's state for all
  /// of them: one takes the list out, one applies what the resets leave
  /// (`EngineState.finishResets`) and compacts the lists that named them.
  private func resetFinished() {
    // (The engine's list, taken out while the recognizers' `reset()` and the observer run:
    // no access to it spans a call.)
    var list: [GestureRecognizer] = []
    swap(&list, &resetting)
    state.takeFinished(into: &list)
    var index = list.count
    while index > 0 {
      index -= 1
      reset(list[index])
    }
    state.finishResets(list)
    // The observer hears each reset once the engine's state is up to date (the recognizer is
    // free to join again, or sits out its view's sequence), in the order they were reset.
    index = list.count
    while index > 0 {
      index -= 1
      let recognizer = list[index]
      let book = recognizer.arbitration
      guard let finishedState = book.resetEnd.finishedState else { continue }
      book.resetEnd = .none
      if let stateObserver {
        stateObserver(
          GestureStateTransition(
            recognizer: recognizer, from: finishedState, to: .possible,
            timeMicroseconds: nowMicroseconds))
      }
    }
    list.removeAllKeepingCapacity()
    swap(&list, &resetting)
  }

  /// Resets a finished recognizer; what is left for the engine (whether it sits out its
  /// view's sequence, its touch records, the observer) is left in its book
  /// (`RecognizerRecord.resetEnd`).
  private func reset(_ recognizer: GestureRecognizer) {
    guard recognizer.state.isFinished else { return }
    let book = recognizer.arbitration
    let finishedState = recognizer.state
    recognizer.reset()
    recognizer.hasAskedToBegin = false
    // (From a finished state to `.possible` the books of its touches do not change: no
    // access to the engine's state.)
    setArbitrationState(recognizer, .possible, followingTouches: false)
    book.resetEnd =
      finishedState == .failed && !book.sitsOutSequence
      ? .failedInSequence : .reset(from: finishedState)
    book.timerDeadline = nil
    if !recognizer.trackedTouches.isEmpty { recognizer.retireTrackedTouches() }
  }

  // MARK: Deliveries

  /// Hands the deliveries the regulator queued to the views' observers, in order, one call
  /// per run of touches with the same view and phase. Deliveries an observer causes while
  /// this runs are handed out in the same flush.
  func flushDeliveries() {
    if state.touches.regulator.startFlush() { handOutDeliveries() }
  }

  /// The hand-out of `flushDeliveries()`, once `TouchDeliveryRegulator.startFlush()` has
  /// started it.
  func handOutDeliveries() {
    // The engine's lists, taken out while the observers run (no access to them spans a
    // call; the regulator starts no second flush meanwhile).
    var flushing: [TouchDeliveryRegulator.Delivery] = []
    swap(&flushing, &self.flushing)
    var flushTouches: [Touch] = []
    swap(&flushTouches, &self.flushTouches)
    defer {
      swap(&flushing, &self.flushing)
      swap(&flushTouches, &self.flushTouches)
    }
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
        flushTouches.removeAllKeepingCapacity()
      }
      flushing.removeAllKeepingCapacity()
    }
  }
}
