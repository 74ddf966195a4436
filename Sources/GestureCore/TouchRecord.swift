/// The engine's book on one finger: its latest snapshot, the recognizers that received it
/// (and have not been reset since), and how far its delivery to the view has got.
/// Records are pooled and reused, so fingers coming and going do not allocate once warm.
final class TouchRecord {
  @exclusivity(unchecked) var touch: Touch
  /// Recognizers that received this touch, hit view first, then its ancestors; within a
  /// view, in the order they were added. A recognizer leaves on reset or `ignore(_:)`.
  @exclusivity(unchecked) var recognizers: [GestureRecognizer] = []
  @exclusivity(unchecked) var delivery = TouchDelivery()

  init(touch: Touch) {
    self.touch = touch
    recognizers.reserveCapacity(16)
  }

  /// Whether the engine can forget the record: the finger is up and the view has heard
  /// the last of it.
  var isFinished: Bool { !touch.phase.isLive && delivery.isClosed }
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
