// SPDX-License-Identifier: MIT
/// Decides what a view hears of its touches while recognizers analyse them, following the
/// guides' "Regulating the Delivery of Touches to Views":
///
/// - `began` reaches the view at once, unless a still-possible recognizer of the touch has
///   `delaysTouchesBegan` (held until they all fail, then delivered at the initial location,
///   followed by one `moved` to the current location: the frame's own `moved` when the
///   touch moves in the frame that releases it, else a synthetic one) or an active one has
///   `cancelsTouchesInView` (never delivered).
/// - `moved` reaches the view unless its `began` is held or the view has been cut off.
/// - `ended` is held while a still-possible recognizer of the touch has
///   `delaysTouchesEnded`; delivered when they fail, cancelled when one of them (or another
///   recognizer of the touch with `cancelsTouchesInView`) recognizes: a double tap's view
///   hears began, began, cancelled, cancelled, as the guide lists.
/// - When a recognizer with `cancelsTouchesInView` begins or recognizes, the view receives
///   `cancelled` for its touches already delivered, and nothing more of them (held phases
///   are dropped).
/// - Touches a recognizer ignores are not regulated by it.
///
/// A value in the engine's `TouchTable`: its rules take the touch record in place. What they
/// decide is queued in `outbox`; the engine hands it to the views' observers
/// (`GestureEngine.flushDeliveries()`), in order, one call per run of touches with the same
/// view and phase.
struct TouchDeliveryRegulator {
  /// One touch for one view's observer.
  struct Delivery {
    let view: View
    let phase: TouchPhase
    let touch: Touch
  }

  private(set) var outbox: [Delivery] = []
  /// Whether the engine is handing deliveries out (`startFlush()` to `takeOutbox` false).
  private var isFlushing = false
  /// True while the recognizers handle a frame, before the frame's own deliveries: a touch
  /// that moved in the frame will still get its `moved` from the frame.
  var isDispatchingFrame = false

  init() {
    outbox.reserveCapacity(64)
  }

  // MARK: Forward delivery of a frame's changes

  mutating func touchBegan(_ record: inout TouchRecord) {
    guard !record.delivery.isClosed else { return }
    if record.isCutOff {
      record.delivery.close()
    } else if record.holdsBegan {
      record.delivery.holdBegan()
    } else {
      send(.began, record)
      record.delivery.deliverBegan()
    }
  }

  mutating func touchMoved(_ record: inout TouchRecord) {
    guard case .delivering(_, let movesFromInitial) = record.delivery else { return }
    if movesFromInitial {
      // The first move after a `began` released in this frame: from where the view saw it.
      record.delivery.clearMovesFromInitial()
      var moved = record.touch
      moved.phase = .moved
      moved.previousScreenLocation = moved.initialScreenLocation
      return enqueue(.moved, moved, observed: record.isObserved)
    }
    send(.moved, record)
  }

  mutating func touchEnded(_ record: inout TouchRecord) {
    guard !record.delivery.isClosed else { return }
    if record.touch.phase == .cancelled {
      // A system cancellation is never held: the view hears it now if it heard the began.
      if record.delivery.isBeganDelivered { send(.cancelled, record) }
      record.delivery.close()
    } else if record.delivery.isBeganHeld || record.holdsEnd {
      record.delivery.holdEnd()
    } else {
      send(.ended, record)
      record.delivery.close()
    }
  }

  // MARK: Reactions to recognizer state changes

  /// A recognizer of the touch with `cancelsTouchesInView` began or recognized.
  mutating func cancelForRecognition(_ record: inout TouchRecord) {
    guard !record.delivery.isClosed else { return }
    if record.delivery.isBeganDelivered { send(.cancelled, record) }
    record.delivery.close()
  }

  /// Releases what is held once no recognizer of the touch holds it any more.
  mutating func recheck(_ record: inout TouchRecord) {
    guard !record.delivery.isClosed else { return }
    if record.delivery.isBeganHeld && !record.holdsBegan {
      // A recognizer of the touch that cancels touches in its view has just begun or
      // recognized (the one that held the touch, or another whose rivals failed first, which
      // lands here): the held touch is discarded, never delivered. The class reference on
      // delaysTouchesBegan: "If the gesture recognizer subsequently recognizes its gesture,
      // these touch objects are discarded."
      if record.recognizers.contains(where: Self.cancelsOnRecognition) {
        return record.delivery.close()
      }
      // The frame's own `moved` follows (`touchMoved`) and takes the view to the current
      // location; a `moved` here as well would repeat it, same point and time.
      let movesInFrame = isDispatchingFrame && record.touch.phase == .moved
      record.delivery.releaseBegan(movesFromInitial: movesInFrame)
      var began = record.touch
      began.phase = .began
      began.screenLocation = began.initialScreenLocation
      began.previousScreenLocation = began.initialScreenLocation
      enqueue(.began, began, observed: record.isObserved)
      if !movesInFrame && record.touch.screenLocation != record.touch.initialScreenLocation {
        var moved = record.touch
        moved.phase = .moved
        moved.previousScreenLocation = moved.initialScreenLocation
        enqueue(.moved, moved, observed: record.isObserved)
      }
    }
    if case .delivering(endHeld: true, _) = record.delivery, !record.holdsEnd {
      // A recognizer of the touch that cancels touches in its view has just recognized (its
      // rivals fail first, which lands here): the held `ended` is cancelled, not delivered.
      // The class reference on delaysTouchesEnded: "If the gesture recognizer subsequently
      // recognizes its gesture, these touch objects are cancelled"; a double tap gives the
      // view began, began, cancelled, cancelled (the guide), never the first tap's ended.
      if record.recognizers.contains(where: Self.cancelsOnRecognition) { return }
      send(.ended, record)
      record.delivery.close()
    }
  }

  // MARK: Rules

  /// A recognizer that began or recognized and cancels its touches in the view: the engine
  /// cancels them right after its rivals have failed (`cancelForRecognition`).
  static func cancelsOnRecognition(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.cancelsTouchesInView
      && (recognizer.state.isActive || recognizer.state == .ended) && recognizer.isEnabled
  }

  // MARK: Outbox

  /// Queues the record's touch, with `phase`, for its view; nothing when no observer heard
  /// its `began` (`TouchRecord.isObserved`) or the view is gone.
  private mutating func send(_ phase: TouchPhase, _ record: TouchRecord) {
    guard record.isObserved, let view = record.view else { return }
    var touch = record.touch
    touch.phase = phase
    outbox.append(Delivery(view: view, phase: phase, touch: touch))
  }

  /// Queues a delivery of `touch` (made from its record) for its view, as `send` does.
  private mutating func enqueue(_ phase: TouchPhase, _ touch: Touch, observed: Bool) {
    guard observed, let view = touch.view else { return }
    outbox.append(Delivery(view: view, phase: phase, touch: touch))
  }

  /// Whether the engine is to hand out deliveries now: some are queued and no hand-out is
  /// under way (that one takes them, in order). Marks the hand-out started.
  mutating func startFlush() -> Bool {
    guard !isFlushing, !outbox.isEmpty else { return false }
    isFlushing = true
    return true
  }

  /// Moves the queued deliveries into `buffer` (empty, its capacity kept) for the engine to
  /// hand out; false, and the hand-out over, when none is left.
  mutating func takeOutbox(into buffer: inout [Delivery]) -> Bool {
    guard !outbox.isEmpty else {
      isFlushing = false
      return false
    }
    swap(&outbox, &buffer)
    return true
  }
}
