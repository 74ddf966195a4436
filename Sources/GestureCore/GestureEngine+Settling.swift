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
    let view =
      finishedState == .failed && !book.sitsOutSequence ? recognizer.storedViewReference : nil
    book.timerDeadline = nil
    if !recognizer.trackedTouches.isEmpty { recognizer.retireTrackedTouches() }
    state.finishReset(recognizer, failedIn: view)
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
