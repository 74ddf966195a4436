/// Arbitration between recognizers: the one rule, and nothing else.
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
/// **A failure lasts for the sequence.** A recognizer that fails, by itself or defeated here,
/// has decided that "this multitouch sequence it's been analyzing is not its gesture" (the
/// guides' words for `UIGestureRecognizerStateFailed`). Sequences are per view: the guides'
/// recognizers "analyze the multitouch sequence targeted at their attached hit-test view",
/// which "ends when the last finger is lifted". So the engine resets a failed recognizer at
/// once but gives it no new touch while a finger that began in its view (or a subview) is
/// down; it is in play again when the last of them lifts (see `GestureEngine`).
///
/// Live touches, not all touches, decide who R defeats: a tap recognized on touch-up holds
/// no finger, so it does not defeat a double-tap still waiting for its second tap; that is
/// why, without `require(toFail:)`, single-tap actions come first even on a double tap, as
/// the guides say.
enum GestureArena {
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
  static func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    a !== b && a.canPrevent(b) && b.canBePrevented(by: a) && !allowsSimultaneous(a, b)
  }

  /// Whether a failure requirement is still undecided: possible and taking part (it has
  /// touches or is waiting); an idle recognizer that saw none of the touches is not in play.
  static func isUndecided(_ requirement: GestureRecognizer) -> Bool {
    requirement.state == .possible && requirement.isEnabled
      && (requirement.isParticipating || requirement.pendingState != nil)
  }

  /// Whether `requirement` has begun or recognized in the current sequence.
  static func hasSucceeded(_ requirement: GestureRecognizer) -> Bool {
    requirement.state.isActive || requirement.state == .ended
  }

  /// Steps (1) and (2) of the rule for `r` among the recognizers taking part.
  static func verdict(for r: GestureRecognizer, among participants: [GestureRecognizer]) -> Verdict
  {
    var waiting = false
    for reference in r.failureRequirements {
      guard let requirement = reference.value else { continue }
      if hasSucceeded(requirement) { return .fail }
      if isUndecided(requirement) { waiting = true }
    }
    if waiting { return .wait }
    for other in participants where other !== r && other.state.isActive {
      if sharesTouch(other, r, liveOnly: false) && prevents(other, r) { return .fail }
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
    guard other !== winner, other.state == .possible else { return false }
    if other.requiresFailure(of: winner) { return true }
    return sharesTouch(winner, other, liveOnly: true) && prevents(winner, other)
  }
}
