// SPDX-License-Identifier: MIT
/// The engine's book on one finger: its latest snapshot, the recognizers that received it
/// (and have not been reset since), and how far its delivery to the view has got.
/// Records are pooled and reused, so fingers coming and going do not allocate once warm.
final class TouchRecord {
  var touch: Touch
  /// `touch.view`, held here too so deliveries read it without copying the touch.
  weak var view: View?
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
  var delivery = TouchDelivery()

  init(touch: Touch, view: View?) {
    self.touch = touch
    self.view = view
    recognizers.reserveCapacity(16)
    activeRecognizers.reserveCapacity(4)
  }

  /// Whether the engine can forget the record: the finger is up and the view has heard
  /// the last of it.
  var isFinished: Bool { !touch.phase.isLive && delivery.isClosed }

  /// Takes `recognizer` off `activeRecognizers`, if it is there.
  func removeActive(_ recognizer: GestureRecognizer) {
    if let index = activeRecognizers.firstIndex(where: { $0 === recognizer }) {
      activeRecognizers.remove(at: index)
    }
  }

  /// Whether a still-undecided recognizer of the touch delays `began`.
  var isBeganHeld: Bool { beganHolders > 0 }

  /// Whether a still-undecided recognizer of the touch delays `ended`.
  var isEndHeld: Bool { endHolders > 0 }

  /// Whether an active recognizer of the touch keeps it from the view
  /// (`cancelsTouchesInView`).
  var isCutOff: Bool { activeRecognizers.contains { $0.cancelsTouchesInView } }
}

/// Where one touch stands in its delivery to its view.
struct TouchDelivery {
  /// The view has received `began`.
  var beganDelivered = false
  /// The view has received `ended` or `cancelled`, or will never hear of the touch.
  var isClosed = false
  /// `began` is held back by a recognizer with `delaysTouchesBegan`.
  var heldBegan = false
  /// `ended` is held back (by `delaysTouchesEnded`, or behind a held `began`).
  var heldEnd = false
  /// `began` was released while the frame was being recognized and the touch moved in it:
  /// the frame's `moved` is the first the view gets, measured from the initial location.
  var movesFromInitial = false
}
