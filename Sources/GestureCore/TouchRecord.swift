// SPDX-License-Identifier: MIT
/// The engine's book on one finger: its latest snapshot, the recognizers that received it
/// (and have not been reset since), and how far its delivery to the view has got. A value
/// in one slot of the engine's `TouchTable`, mutated in place; the slot is reused once the
/// engine has forgotten the finger, its arrays keeping their capacity, so fingers coming and
/// going do not allocate once warm.
struct TouchRecord {
  var touch: Touch
  /// `touch.view`, read through the touch's `ViewReference` (no copy of the touch, and no
  /// weak reference to the view to write for each finger).
  var view: View? { touch.view }
  /// Whether the view had a `touchObserver` when the finger touched down: an observer hears
  /// the touches that began while it was set, each from its `began` (see
  /// `View.touchObserver`), and a touch nobody hears costs no delivery.
  var isObserved: Bool
  /// Recognizers that received this touch, hit view first, then its ancestors; within a
  /// view, in the order they were added. A recognizer leaves on reset or `ignore(_:)`.
  var recognizers: [GestureRecognizer] = []
  /// Those of `recognizers` that are active (began or changed): who is active on this
  /// touch, kept as it changes rather than searched for.
  var activeRecognizers: [GestureRecognizer] = []
  /// How many of `recognizers` are undecided and delay `began` (`delaysTouchesBegan`).
  var beganHolders = 0
  /// How many of `recognizers` are undecided and delay `ended` (`delaysTouchesEnded`).
  var endHolders = 0
  /// Some of `recognizers` were reset: the list is compacted at the end of the step.
  var hasResetRecognizers = false
  var delivery = TouchDelivery.notStarted

  init(touch: Touch, view: View?) {
    self.touch = touch
    isObserved = view?.touchObserver != nil
    recognizers.reserveCapacity(16)
    activeRecognizers.reserveCapacity(4)
  }

  /// Makes the record one of a new finger, keeping its arrays' capacity.
  mutating func reuse(for touch: Touch, view: View?) {
    self.touch = touch
    isObserved = view?.touchObserver != nil
    forgetRecognizers()
    delivery = .notStarted
  }

  /// Lets go of the recognizers (the record's finger is forgotten), keeping the arrays'
  /// capacity.
  mutating func forgetRecognizers() {
    recognizers.removeAllKeepingCapacity()
    activeRecognizers.removeAllKeepingCapacity()
    beganHolders = 0
    endHolders = 0
    hasResetRecognizers = false
  }

  /// Whether the engine can forget the record: the finger is up and the view has heard
  /// the last of it.
  var isFinished: Bool { !touch.phase.isLive && delivery.isClosed }

  /// Takes `recognizer` off `activeRecognizers`, if it is there.
  mutating func removeActive(_ recognizer: GestureRecognizer) {
    if let index = activeRecognizers.firstIndex(where: { $0 === recognizer }) {
      activeRecognizers.remove(at: index)
    }
  }

  /// Whether a still-undecided recognizer of the touch delays `began`.
  var holdsBegan: Bool { beganHolders > 0 }

  /// Whether a still-undecided recognizer of the touch delays `ended`.
  var holdsEnd: Bool { endHolders > 0 }

  /// Whether an active recognizer of the touch keeps it from the view
  /// (`cancelsTouchesInView`).
  var isCutOff: Bool { activeRecognizers.contains { $0.cancelsTouchesInView } }
}

/// Where one touch stands in its delivery to its view: one state, moved only along the
/// guides' delivery rules (`TouchDeliveryRegulator`); a move from a state that does not allow
/// it is a programming error (precondition).
enum TouchDelivery: Equatable {
  /// Nothing delivered or held yet: the engine has not handled the touch's `began`.
  case notStarted
  /// `began` is held back by a still-possible recognizer with `delaysTouchesBegan`;
  /// `endHeld`: the touch has ended too, and its `ended` waits behind the `began`.
  case beganHeld(endHeld: Bool)
  /// The view has received `began`. `endHeld`: `ended` is held back (`delaysTouchesEnded`).
  /// `movesFromInitial`: `began` was released while the frame was being recognized and the
  /// touch moved in it, so the frame's `moved` is the view's first, measured from the
  /// initial location.
  case delivering(endHeld: Bool, movesFromInitial: Bool)
  /// The view has received `ended` or `cancelled`, or will never hear of the touch.
  case closed

  var isClosed: Bool { self == .closed }

  /// Whether the view has received `began` (and not yet the end).
  var isBeganDelivered: Bool {
    if case .delivering = self { true } else { false }
  }

  var isBeganHeld: Bool {
    if case .beganHeld = self { true } else { false }
  }

  var isEndHeld: Bool {
    switch self {
    case .beganHeld(let endHeld), .delivering(let endHeld, _): endHeld
    case .notStarted, .closed: false
    }
  }

  /// The touch's `began` went to the view.
  mutating func deliverBegan() {
    precondition(self == .notStarted, "began delivered twice (\(self))")
    self = .delivering(endHeld: false, movesFromInitial: false)
  }

  /// The touch's `began` is held back.
  mutating func holdBegan() {
    precondition(self == .notStarted, "began held after it was handled (\(self))")
    self = .beganHeld(endHeld: false)
  }

  /// The held `began` went to the view; the held end, if any, stays held.
  mutating func releaseBegan(movesFromInitial: Bool) {
    guard case .beganHeld(let endHeld) = self else {
      preconditionFailure("no began is held (\(self))")
    }
    self = .delivering(endHeld: endHeld, movesFromInitial: movesFromInitial)
  }

  /// The touch ended while its `began` or its `ended` is held.
  mutating func holdEnd() {
    switch self {
    case .beganHeld: self = .beganHeld(endHeld: true)
    case .delivering(_, let movesFromInitial):
      self = .delivering(endHeld: true, movesFromInitial: movesFromInitial)
    case .notStarted, .closed:
      preconditionFailure("an end held for a touch not delivering (\(self))")
    }
  }

  /// The first `moved` after a `began` released in the frame has been sent.
  mutating func clearMovesFromInitial() {
    guard case .delivering(let endHeld, true) = self else {
      preconditionFailure("no move from the initial location pending (\(self))")
    }
    self = .delivering(endHeld: endHeld, movesFromInitial: false)
  }

  /// The view has heard the last of the touch (or never will).
  mutating func close() { self = .closed }
}
