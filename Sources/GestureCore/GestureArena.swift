// SPDX-License-Identifier: MIT
/// Arbitration between recognizers: the one rule, and what follows from each state move, as
/// values (`ArenaAction`) the engine applies one at a time in a single loop.
///
/// **The rule.** A recognizer R may leave `.possible` (begin, or recognize) only when
/// (1) every recognizer it requires to fail and that is in play has failed (while one is
/// still possible R waits; if one has begun or recognized, R fails),
/// (2) no active recognizer sharing one of R's touches prevents R, and
/// (3) R's delegate agrees (`gestureRecognizerShouldBegin`).
/// When R does leave `.possible`, every still-possible recognizer sharing one of R's *live*
/// touches (fingers still down) that R prevents fails, and so does every recognizer that
/// requires R to fail. "A prevents B" means neither delegate allows the two to recognize
/// simultaneously, `A.canPrevent(B)` and `B.canBePrevented(by: A)`.
///
/// **System recognizers take precedence** (`GesturePrecedence`). A recognizer of a lower
/// level never holds back one of a higher level: it does not prevent it (rule (2) and the
/// defeats above count only rivals of the same or a higher level), and a higher recognizer
/// does not wait for, nor fail because of, a lower one it requires to fail (rule (1) skips
/// such requirements). When a higher recognizer H leaves `.possible`, the lower recognizers
/// that H prevents and that share one of H's live touches, and the lower ones H requires to
/// fail, are overruled: a still-possible one fails, an active one (began, changed) is
/// cancelled. H's `cancelsTouchesInView` then cancels the touches in their views as for any
/// recognition. While H is still possible, lower recognizers begin and their views get
/// touches as usual, unless H delays them (`delaysTouchesBegan`, `delaysTouchesEnded`).
/// Require-to-fail from a lower to a higher recognizer, and simultaneity allowed by a
/// delegate, work as within one level: a lower recognizer waits for a higher one it
/// requires to fail, and two that may recognize simultaneously do not prevent each other,
/// so neither is overruled.
/// The reasons: a shell's gestures (an edge swipe to the overview, three-finger swipes
/// between workspaces) must work the same over every app and must not leak into it (the
/// app would select text under the swipe, or keep a finger that never lifts); an app cannot
/// know of them, so nothing it does may delay or defeat them; yet an app must stay as
/// responsive as without them while the system gesture is undecided, which a system
/// recognizer that delays touches trades away on purpose (an edge swipe holding the down
/// of a finger in its edge zone).
/// Apps deferring system gestures do not change the rule: what an app deferred keeps the
/// touch away from the system recognizers before the arena sees it (their delegate's
/// `shouldReceive` refuses it), so a touch either reaches a system recognizer, which then
/// takes precedence as above, or never does. Which touches an app's exclusion region and
/// deferred edges keep away is the compositor side's rule, written once in the doc comment of
/// `SystemGestureGate` (Sources/GestureBridgeServer/SystemGestureGate.swift).
///
/// **A failure lasts for the sequence.** A recognizer that fails, by itself or defeated here,
/// has decided that "this multitouch sequence it's been analyzing is not its gesture" (the
/// guides' words for `UIGestureRecognizerStateFailed`). Sequences are per view: the guides'
/// recognizers "analyze the multitouch sequence targeted at their attached hit-test view",
/// which "ends when the last finger is lifted". So the engine resets a failed recognizer at
/// once but gives it no new touch while a finger that began in its view (or a subview) is
/// down; it is in play again when the last of them lifts (see `GestureEngine`).
///
/// Live touches decide who R defeats, and touches lifting now only against rivals whose
/// gesture began later than R's. The guides: "if a single-tap gesture recognizer doesn't
/// require the double-tap recognizer to fail, you should expect to receive your single-tap
/// actions before your double-tap actions, even in the case of a double tap" (the guide's
/// "Gesture Recognizers" chapter, the note under "Requiring a Gesture Recognizer to Fail";
/// the later edition says the same under "Declaring a Specific Order for Two Gesture
/// Recognizers"). On the first tap, the single tap recognizes on touch-up,
/// holds no finger and began with the double tap, so the double tap keeps waiting for its
/// second tap: the single-tap action comes first. On the second tap, the double tap (its
/// gesture began at the first tap, so the engine lets it hear the frame first) recognizes
/// and defeats the single tap that joined on the second finger: no single-tap action
/// follows the double tap, whichever of the two was added to the view first.
///
/// **Consequences as values.** Each method takes one event (a request, a move, the
/// end of a move) and pushes what follows from it onto `pending`; the engine pops one action
/// at a time and applies it (which may push more). Last in, first out: the consequences of a
/// move are carried out before the actions queued before it, in the order pushed here (rivals
/// in the order they joined). Only the candidates sharing the winner's touches and its
/// dependents are looked at: the work follows the recognizers that share the touches.
/// Delegates and `canPrevent(_:)` / `canBePrevented(by:)` are asked while the arena decides,
/// so they must not change recognizers or feed the engine (see `GestureRecognizerDelegate`).
/// The methods that look at touches take the engine's touch records by slot
/// (`TouchTable.records`), which a recognizer's book names (`RecognizerRecord.touchSlots`).
///
/// A class the engine holds with `let`, whose every access to its arrays is instantaneous
/// (no call runs while one is accessed; the list being sorted is taken out meanwhile): the
/// compiler checks their exclusivity when compiling. (As a value in the engine's stored
/// property, each of the engine's calls here was checked at run time, with the delegates
/// and `canPrevent(_:)` asked inside the access: several per state change.)
final class GestureArena {
  /// What is still to be applied; the last one first.
  private(set) var pending: [ArenaAction] = []
  private var rivalSerial: UInt64 = 0
  private var rivals: [GestureRecognizer] = []

  init() {
    // (Reserved before they are stored: no access to the properties spans a call.)
    var actions: [ArenaAction] = []
    actions.reserveCapacity(64)
    pending = actions
    var list: [GestureRecognizer] = []
    list.reserveCapacity(32)
    rivals = list
  }

  /// The next action to apply, nil when done.
  func nextAction() -> ArenaAction? {
    var list: [ArenaAction] = []
    swap(&list, &pending)
    let action = list.popLast()
    swap(&list, &pending)
    return action
  }

  /// Whether actions are waiting to be applied.
  var hasPending: Bool { !pending.isEmpty }

  /// Adds an action to apply next (a request, a withdrawal, a failure).
  func push(_ action: ArenaAction) {
    // (Taken out while it grows: no access to it spans the append's calls into the
    // standard library, so every access is checked when compiling.)
    var list: [ArenaAction] = []
    swap(&list, &pending)
    list.append(action)
    swap(&list, &pending)
  }

  // MARK: Events

  /// The subclass of `r` asked for `next` (`setState(_:)`): pushes the move it leads to,
  /// if any. Leaving `.possible` goes through the rule; a recognizer waiting for a failure
  /// requirement remembers what it asked for and keeps waiting (failing needs no wait).
  func requested(
    _ r: GestureRecognizer, _ next: GestureRecognizerState, records: [TouchRecord]
  ) {
    let current = r.arbitration.state
    if case .waiting(let wait) = current {
      switch next {
      case .began, .changed, .ended:
        let added = wait.adding(next)
        if added != wait { push(.move(r, .waiting(added))) }
      case .failed, .cancelled: push(.move(r, .failed))
      case .possible: break
      }
      return
    }
    let visible = current.visible
    if visible == next && (next == .possible || next.isFinished) { return }
    precondition(
      visible.canMove(to: next),
      "illegal state move \(visible) -> \(next) in \(type(of: r)) \(r.name ?? "")")
    guard visible == .possible, next != .failed else {
      push(.move(r, ArbitrationState(next)))
      return
    }
    switch Self.verdict(for: r, records: records) {
    case .fail: push(.move(r, .failed))
    case .wait: push(.move(r, .waiting(FailureWait(firstRequest: next))))
    case .proceed:
      push(.move(r, Self.delegateAgrees(r) ? ArbitrationState(next) : .failed))
    }
  }

  /// `r` waits for a failure requirement, one of which just failed: pushes its release
  /// (the move it asked for, both moves for a gesture that began and ended while it
  /// waited), its failure, or nothing while another requirement is undecided.
  func reexamine(_ r: GestureRecognizer, records: [TouchRecord]) {
    guard case .waiting(let wait) = r.arbitration.state else { return }
    switch Self.verdict(for: r, records: records) {
    case .wait: return
    case .fail: push(.move(r, .failed))
    case .proceed:
      guard Self.delegateAgrees(r) else { return push(.move(r, .failed)) }
      if wait == .beginThenEnd { push(.endIfBegan(r)) }
      push(.move(r, wait.released))
    }
  }

  /// `r` moved from `previous` to `next` (its state is `next` now): pushes the completion
  /// of the move, and before it the defeat of every rival it makes fail when it leaves
  /// `.possible` (rule, last part).
  func moved(
    _ r: GestureRecognizer, from previous: ArbitrationState, to next: ArbitrationState,
    records: [TouchRecord]
  ) {
    push(.complete(r, from: previous.visible, to: next.visible))
    guard (previous == .possible || previous.isWaiting) && (next == .began || next == .ended)
    else { return }
    // (The list is taken out while it is used: the rule's questions run meanwhile, and no
    // access to it spans them.)
    var list: [GestureRecognizer] = []
    swap(&list, &rivals)
    collectRivals(of: r, records: records, into: &list)
    for rival in list.reversed() {
      if Self.defeats(r, rival) {
        push(.defeat(rival))
      } else if Self.overrules(r, rival) {
        push(.overrule(rival))
      }
    }
    list.removeAllKeepingCapacity()
    swap(&list, &rivals)
  }

  /// `r` failed: pushes the re-examination of the recognizers waiting for it. Returns
  /// whether actions are waiting to be applied (`hasPending`).
  @discardableResult
  func failed(_ r: GestureRecognizer) -> Bool {
    // (Each dependent read in place: a copy of its reference would retain and release it
    // unowned.)
    let dependents = r.dependents
    var list: [GestureRecognizer] = []
    swap(&list, &rivals)
    for index in dependents.indices {
      let dependent = dependents[index].value
      guard dependent.arbitration.state.isWaiting, dependent.arbitration.isParticipating
      else { continue }
      list.append(dependent)
    }
    if !list.isEmpty {
      Self.sortByJoining(&list)
      var actions: [ArenaAction] = []
      swap(&actions, &pending)
      for dependent in list.reversed() { actions.append(.reexamine(dependent)) }
      swap(&actions, &pending)
      list.removeAllKeepingCapacity()
    }
    swap(&list, &rivals)
    return !pending.isEmpty
  }

  /// The recognizers taking part that share one of `winner`'s touches, and those waiting
  /// for it to fail, each once, in the order they joined (`defeats` decides which fail).
  private func collectRivals(
    of winner: GestureRecognizer, records: [TouchRecord], into rivals: inout [GestureRecognizer]
  ) {
    rivalSerial &+= 1
    let serial = rivalSerial
    winner.arbitration.rivalSerial = serial
    for slot in winner.arbitration.touchSlots {
      for other in records[slot].recognizers
      where other.arbitration.rivalSerial != serial {
        other.arbitration.rivalSerial = serial
        rivals.append(other)
      }
    }
    for reference in winner.failureRequirements {
      let other = reference.value
      guard other.precedence < winner.precedence, other.arbitration.isParticipating,
        other.arbitration.rivalSerial != serial
      else { continue }
      other.arbitration.rivalSerial = serial
      rivals.append(other)
    }
    for reference in winner.dependents {
      let other = reference.value
      guard other.arbitration.isParticipating, other.arbitration.rivalSerial != serial
      else { continue }
      other.arbitration.rivalSerial = serial
      rivals.append(other)
    }
    Self.sortByJoining(&rivals)
  }

  /// Sorts `recognizers` in the order they joined.
  private static func sortByJoining(_ recognizers: inout [GestureRecognizer]) {
    if recognizers.count > 1 {
      recognizers.sort { $0.arbitration.participantSerial < $1.arbitration.participantSerial }
    }
  }

  // MARK: The rule

  enum Verdict: Equatable {
    /// R may leave `.possible` now (the delegate is asked next).
    case proceed
    /// A failure requirement is still possible: R stays `.possible`, waiting.
    case wait
    /// R fails.
    case fail
  }

  /// Whether `a` and `b` may recognize at the same time: true from either delegate.
  static func allowsSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    if let delegate = a.delegate,
      delegate.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b)
    {
      return true
    }
    if let delegate = b.delegate,
      delegate.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a)
    {
      return true
    }
    return false
  }

  /// Whether `a`, recognizing, makes `b` fail.
  /// A recognizer never prevents one of a higher level (`GesturePrecedence`).
  static func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    a !== b && a.precedence >= b.precedence && a.canPrevent(b) && b.canBePrevented(by: a)
      && !allowsSimultaneous(a, b)
  }

  /// Step (3) of the rule.
  static func delegateAgrees(_ r: GestureRecognizer) -> Bool {
    r.delegate?.gestureRecognizerShouldBegin(r) ?? true
  }

  /// Whether a failure requirement is still undecided: possible and taking part (it has
  /// touches or is waiting); an idle recognizer that saw none of the touches is not in play.
  static func isUndecided(_ requirement: GestureRecognizer) -> Bool {
    requirement.arbitration.isUndecided && requirement.isEnabled
      && (requirement.arbitration.isParticipating || requirement.arbitration.state.isWaiting)
  }

  /// Whether `requirement` has begun or recognized in the current sequence.
  static func hasSucceeded(_ requirement: GestureRecognizer) -> Bool {
    requirement.state.isActive || requirement.state == .ended
  }

  /// Steps (1) and (2) of the rule for `r`: its requirements, then the active recognizers
  /// on its touches (which each touch record keeps).
  static func verdict(for r: GestureRecognizer, records: [TouchRecord]) -> Verdict {
    var waiting = false
    for reference in r.failureRequirements {
      // A lower recognizer never delays a higher one: it is overruled when R moves.
      let requirement = reference.value
      guard requirement.precedence >= r.precedence else { continue }
      if hasSucceeded(requirement) { return .fail }
      if isUndecided(requirement) { waiting = true }
    }
    if waiting { return .wait }
    for slot in r.arbitration.touchSlots {
      for other in records[slot].activeRecognizers where other !== r && prevents(other, r) {
        return .fail
      }
    }
    return .proceed
  }

  /// Whether `a` and `b` track a common touch (with `liveOnly`, one of `a`'s fingers that
  /// is still down).
  static func sharesTouch(_ a: GestureRecognizer, _ b: GestureRecognizer, liveOnly: Bool) -> Bool {
    let mine = a.trackedTouches
    let theirs = b.trackedTouches
    for index in mine.indices where !liveOnly || mine[index].phase.isLive {
      let id = mine[index].id
      for other in theirs.indices where theirs[other].id == id { return true }
    }
    return false
  }

  /// Whether `winner` leaving `.possible` makes `other` fail.
  static func defeats(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    guard other !== winner, other.arbitration.isUndecided,
      other.precedence <= winner.precedence
    else { return false }
    if other.requiresFailure(of: winner) { return true }
    if other.precedence < winner.precedence && winner.requiresFailure(of: other) { return true }
    let liveOnly = other.arbitration.joinedMicroseconds <= winner.arbitration.joinedMicroseconds
    return sharesTouch(winner, other, liveOnly: liveOnly) && prevents(winner, other)
  }

  /// Whether `winner` leaving `.possible` cancels `other`, an active recognizer of a lower
  /// level that it prevents on one of its live touches or requires to fail.
  static func overrules(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
    guard other !== winner, other.precedence < winner.precedence, other.state.isActive else {
      return false
    }
    if winner.requiresFailure(of: other) { return true }
    return sharesTouch(winner, other, liveOnly: true) && prevents(winner, other)
  }
}

/// One step of arbitration for the engine to apply (`GestureArena.pending`).
enum ArenaAction {
  /// The subclass asked for a state (`setState(_:)`).
  case request(GestureRecognizer, GestureRecognizerState)
  /// Move to the state (checked against `ArbitrationState.canMove(to:)`), then carry out
  /// what follows (`GestureArena.moved`).
  case move(GestureRecognizer, ArbitrationState)
  /// A rival that just began or recognized defeats it: it fails if still undecided.
  case defeat(GestureRecognizer)
  /// A failure requirement of this waiting recognizer failed: look again.
  case reexamine(GestureRecognizer)
  /// A recognizer of a higher level that just began or recognized overrules it: it is
  /// cancelled if active, fails if still undecided.
  case overrule(GestureRecognizer)
  /// Released after a wait in which it began and ended: it ends, if it is still active.
  case endIfBegan(GestureRecognizer)
  /// It was disabled or removed from its view: an active gesture is cancelled, an
  /// undecided one fails.
  case withdraw(GestureRecognizer)
  /// The last part of a move, after its defeats: deliveries, then the actions (or, for a
  /// failure, the re-examination of those waiting for it).
  case complete(GestureRecognizer, from: GestureRecognizerState, to: GestureRecognizerState)
}

extension ArenaAction: Equatable {
  static func == (a: ArenaAction, b: ArenaAction) -> Bool {
    switch (a, b) {
    case (.request(let r, let s), .request(let q, let t)): r === q && s == t
    case (.move(let r, let s), .move(let q, let t)): r === q && s == t
    case (.defeat(let r), .defeat(let q)), (.reexamine(let r), .reexamine(let q)),
      (.endIfBegan(let r), .endIfBegan(let q)), (.withdraw(let r), .withdraw(let q)),
      (.overrule(let r), .overrule(let q)):
      r === q
    case (.complete(let r, let f, let t), .complete(let q, let g, let u)):
      r === q && f == g && t == u
    default: false
    }
  }
}
