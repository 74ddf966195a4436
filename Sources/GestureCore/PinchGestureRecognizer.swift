// SPDX-License-Identifier: MIT
/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`).
/// Continuous: `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
///
/// The spread of the fingers is their mean distance from their centroid. Once two fingers
/// are down, `scale` is the spread now divided by the spread when the second finger landed.
/// It is built frame by frame from the fingers present in both frames, so fingers landing or
/// lifting rebase it and it never jumps. The gesture begins when the spread has changed by
/// more than `GestureSettings.pinchHysteresis(forSpread:)` (the larger of 2.86 mm and a twentieth
/// of the spread; the scale includes that change), sends `changed` on every movement after,
/// and ends when fewer than two fingers remain; a cancelled touch cancels it. Before it
/// begins, dropping to one finger starts over, and all fingers lifting makes it fail.
///
/// Example (defaults): fingers at (800, 500) and (1000, 500) (spread 100), the second moving
/// to (1040, 500) (spread 120) -> began with scale 1.2.
///
/// The finger counts are `minimumNumberOfTouches` and `maximumNumberOfTouches`, 2 and 2
/// unless set ("a pinch-close gesture has two touches", the event handling guide), with the
/// rule of the pan's (`TouchCountRule`): the spread is measured once the minimum is down;
/// before the gesture begins, a finger beyond the maximum makes it fail (a hand put down flat
/// is not a pinch), and dropping below the minimum starts over; once it has begun, fingers
/// beyond the maximum are ignored (`ignore(_:)`: a third finger joining a pinch under way
/// changes nothing, and the pinch ends as a pinch), and fewer than the minimum end it. The
/// reference documents give a pinch no finger counts; this is the pan's rule, and a finger
/// joining late is left out as iOS leaves it out of a pan under way. A shell's four-finger
/// pinch sets both to 4; `Int.max` as the maximum measures every finger.
open class PinchGestureRecognizer: GestureRecognizer {
  /// The fingers that must be down for the pinch to measure and begin (default 2; values
  /// below 2 mean 2).
  public var minimumNumberOfTouches: Int {
    get { storedMinimumNumberOfTouches }
    set { storedMinimumNumberOfTouches = newValue }
  }
  /// The most fingers the pinch measures (default 2; `Int.max`: every finger).
  public var maximumNumberOfTouches: Int {
    get { storedMaximumNumberOfTouches }
    set { storedMaximumNumberOfTouches = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedMinimumNumberOfTouches = RecognizerKind.pinch.defaultMinimumNumberOfTouches
  private var storedMaximumNumberOfTouches = RecognizerKind.pinch.defaultMaximumNumberOfTouches

  private var requiredTouches: Int { max(2, minimumNumberOfTouches) }

  /// The spread's ratio to its value when the gesture started. Setting it rebases the
  /// gesture so the current spread reads as the new value; later changes multiply it.
  public var scale: Double {
    get { rawScale * scaleFactor }
    set {
      guard newValue.isFinite, rawScale > 0 else { return }
      scaleFactor = newValue / rawScale
    }
  }

  /// How fast `scale` changes, in scale factor per second, as of the last frame handled.
  public var velocity: Double {
    tracker.velocity(
      atMicroseconds: lastEventMicroseconds,
      horizonMicroseconds: settings.velocityHorizonMicroseconds,
      stopGapMicroseconds: settings.velocityStopGapMicroseconds
    ).x * scaleFactor
  }

  /// The product of the per-frame spread ratios since the start.
  private var rawScale = 1.0
  /// What setting `scale` multiplied `rawScale` by.
  private var scaleFactor = 1.0
  /// The spread when the required fingers were down; nil while fewer are down.
  private var startSpread: Double?
  private var tracker = VelocityTracker()
  private var lastEventMicroseconds: Int64 = 0

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let tracked = self.touches
    let live = tracked.liveCount
    let step = TouchCountRule.afterBegan(
      live: live, new: touches.count, begun: hasAskedToBegin, minimum: requiredTouches,
      maximum: maximumNumberOfTouches)
    if case .ignoreNew(let count) = step {
      for touch in touches.storage.prefix(count) { ignore(touch) }
    }
    if hasAskedToBegin { return }
    if case .fail = step { return fail() }
    if live == touches.count {
      // The gesture's first fingers.
      tracker.configure(capacity: settings.velocitySampleCount)
    }
    if case .measure = step, startSpread == nil {
      restart(spread: tracked.spreadOfLiveTouches, at: now)
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let tracked = self.touches
    guard let start = startSpread else { return }
    if let ratio = tracked.commonSpreadRatio { rawScale *= ratio }
    tracker.add(Point(x: rawScale, y: 0), atMicroseconds: now)
    if hasAskedToBegin { return setState(.changed) }
    if abs(start * rawScale - start) > settings.pinchHysteresis(forSpread: start) {
      setState(.began)
    }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    lastEventMicroseconds = nowMicroseconds
    switch TouchCountRule.afterEnded(
      live: self.touches.liveCount, begun: hasAskedToBegin, minimum: requiredTouches)
    {
    case .end: setState(.ended)
    case .fail: fail()
    case .restart:
      startSpread = nil
      rawScale = 1
      scaleFactor = 1
    case .measure, .ignoreNew: break
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    if !state.isFinished { lastEventMicroseconds = nowMicroseconds }
    cancelOrFail()
  }

  open override func values(in view: View?) -> GestureValues {
    GestureValues(scale: scale, scaleVelocity: velocity)
  }

  /// Sets the finger counts; `maximumNumberOfTouches` always (nil: 2).
  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumNumberOfTouches { minimumNumberOfTouches = value }
    maximumNumberOfTouches =
      parameters.maximumNumberOfTouches ?? RecognizerKind.pinch.defaultMaximumNumberOfTouches
  }

  open override func reset() {
    super.reset()
    rawScale = 1
    scaleFactor = 1
    startSpread = nil
    tracker.removeAll()
    lastEventMicroseconds = 0
  }

  private func restart(spread: Double, at now: Int64) {
    startSpread = spread
    rawScale = 1
    scaleFactor = 1
    tracker.removeAll()
    tracker.add(Point(x: 1, y: 0), atMicroseconds: now)
  }
}
