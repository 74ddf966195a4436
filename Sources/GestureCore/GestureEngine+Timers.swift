// SPDX-License-Identifier: MIT
/// A recognizer withdrawn (disabled, removed) or ignoring a touch, and recognizer timers on the
/// engine's clock.
extension GestureEngine {
  // MARK: Withdrawal, ignore, timers

  /// A recognizer was disabled or removed from its view: an active gesture is cancelled, a
  /// possible one fails; it is reset and forgets its touches.
  func recognizerWithdrawn(_ recognizer: GestureRecognizer) {
    let book = recognizer.arbitration
    guard book.runs(in: self), book.isParticipating else { return }
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
        spareTouches.removeAllKeepingCapacity()
        for other in recognizer.trackedTouches.indices where other != index {
          spareTouches.append(recognizer.trackedTouches[other])
        }
        var spare: [Touch] = []
        swap(&spare, &spareTouches)
        recognizer.changeTrackedTouches { swap(&spare, &$0) }
        swap(&spare, &spareTouches)
        book.lendsTrackedTouches = false
      } else {
        recognizer.changeTrackedTouches { _ = $0.remove(at: index) }
      }
      if recognizer.trackedTouches.isEmpty {
        recognizer.forgetLastTouches()
      }
    }
    if let position = book.touchSlots.firstIndex(where: { state.touches.records[$0].touch.id == id }
    ) {
      let slot = book.removeTouchSlot(at: position)
      let isUndecided = book.isUndecided
      state.touches.remove(
        recognizer, from: slot, holdsBegan: isUndecided && book.holdsBegan,
        holdsEnded: isUndecided && book.holdsEnded)
    }
    if !context.isInStep && !context.isArbitrating { flushDeliveries() }
  }

  func timersChanged() {
    if !context.isInStep && !context.isArbitrating { requestWakeup(state.wakeupRequest()) }
  }

  public func clockReachedDeadline(nowMicroseconds now: Int64) {
    step {
      state.wokeUp(at: now)
      // The engine's list, taken out while the timers fire (no access to it spans a call).
      var due: [GestureRecognizer] = []
      swap(&due, &dueTimers)
      while collectDueTimers(into: &due) {
        // Earliest first; among equal deadlines, in the order the recognizers joined. A
        // timer re-armed or cancelled by an earlier one is skipped (collected again if due).
        for recognizer in due {
          let book = recognizer.arbitration
          guard let deadline = book.timerDeadline, deadline <= nowMicroseconds else { continue }
          book.timerDeadline = nil
          if recognizer.isEnabled && !recognizer.state.isFinished { recognizer.timerFired() }
        }
        due.removeAllKeepingCapacity()
      }
      swap(&due, &dueTimers)
    }
  }

  /// Fills `dueTimers` (the engine's list, taken out) with the participants whose timer is
  /// due, earliest first; false when none is.
  private func collectDueTimers(into dueTimers: inout [GestureRecognizer]) -> Bool {
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

  func requestWakeup(_ request: WakeupRequest) {
    guard case .request(let deadline) = request else { return }
    clock.requestWakeup(waker, atMicroseconds: deadline)
  }
}
