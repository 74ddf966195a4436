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
/// Deliveries are queued and flushed in order, one call per run of touches with the same
/// view and phase.
final class TouchDeliveryRegulator {
  private struct Delivery {
    let view: View
    let phase: TouchPhase
    let touch: Touch
  }

  private var outbox: [Delivery] = []
  private var scratch: [Touch] = []
  private var isFlushing = false
  /// True while the recognizers handle a frame, before the frame's own deliveries: a touch
  /// that moved in the frame will still get its `moved` from the frame.
  var isDispatchingFrame = false

  init() {
    outbox.reserveCapacity(64)
    scratch.reserveCapacity(16)
  }

  // MARK: Forward delivery of a frame's changes

  func touchBegan(_ record: TouchRecord) {
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

  func touchMoved(_ record: TouchRecord) {
    guard case .delivering(_, let movesFromInitial) = record.delivery else { return }
    if movesFromInitial {
      // The first move after a `began` released in this frame: from where the view saw it.
      record.delivery.clearMovesFromInitial()
      var moved = record.touch
      moved.phase = .moved
      moved.previousScreenLocation = moved.initialScreenLocation
      return enqueue(.moved, moved)
    }
    send(.moved, record)
  }

  func touchEnded(_ record: TouchRecord) {
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
  func cancelForRecognition(_ record: TouchRecord) {
    guard !record.delivery.isClosed else { return }
    if record.delivery.isBeganDelivered { send(.cancelled, record) }
    record.delivery.close()
  }

  /// Releases what is held once no recognizer of the touch holds it any more.
  func recheck(_ record: TouchRecord) {
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
      enqueue(.began, began)
      if !movesInFrame && record.touch.screenLocation != record.touch.initialScreenLocation {
        var moved = record.touch
        moved.phase = .moved
        moved.previousScreenLocation = moved.initialScreenLocation
        enqueue(.moved, moved)
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

  private func send(_ phase: TouchPhase, _ record: TouchRecord) {
    guard let view = record.view, view.touchObserver != nil else { return }
    var touch = record.touch
    touch.phase = phase
    outbox.append(Delivery(view: view, phase: phase, touch: touch))
  }

  /// Queues a delivery for the touch's view; nothing for a view with no observer then (no
  /// one would hear it: a frame's deliveries go to the observers the views have as they
  /// are made).
  private func enqueue(_ phase: TouchPhase, _ touch: Touch) {
    guard let view = touch.view, view.touchObserver != nil else { return }
    outbox.append(Delivery(view: view, phase: phase, touch: touch))
  }

  /// Hands the queued deliveries to the views' observers, in order. Deliveries queued by an
  /// observer while this runs are handed out in the same flush.
  func flush() {
    guard !outbox.isEmpty, !isFlushing else { return }
    isFlushing = true
    defer { isFlushing = false }
    var index = 0
    while index < outbox.count {
      let head = outbox[index]
      var end = index
      while end < outbox.count && outbox[end].view === head.view && outbox[end].phase == head.phase
      {
        scratch.append(outbox[end].touch)
        end += 1
      }
      index = end
      if let observer = head.view.touchObserver {
        let touches = TouchSet(scratch)
        switch head.phase {
        case .began: observer.touchesBegan(touches, in: head.view)
        case .moved, .stationary: observer.touchesMoved(touches, in: head.view)
        case .ended: observer.touchesEnded(touches, in: head.view)
        case .cancelled: observer.touchesCancelled(touches, in: head.view)
        }
      }
      scratch.removeAll(keepingCapacity: true)
    }
    outbox.removeAll(keepingCapacity: true)
  }
}
