// SPDX-License-Identifier: MIT
/// Recognizes fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`).
/// Continuous: `possible -> began -> changed* -> ended | cancelled`, or
/// `possible -> failed`.
///
/// The spread of the fingers is their mean distance from their centroid. Once two or more
/// fingers are down, `scale` is the spread now divided by the spread when the second finger
/// landed. It is built frame by frame from the fingers present in both frames, so fingers
/// landing or lifting rebase it and it never jumps. The gesture begins when the spread has
/// changed by more than `GestureSettings.pinchHysteresisPixels` (the scale includes that
/// change), sends `changed` on every movement after, and ends when fewer than two fingers
/// remain; a cancelled touch cancels it. Before it begins, dropping to one finger starts
/// over, and all fingers lifting makes it fail.
///
/// Example (defaults): fingers at (800, 500) and (1000, 500) (spread 100), the second moving
/// to (1040, 500) (spread 120) -> began with scale 1.2.
///
/// `minimumNumberOfTouches` (2, as UIKit's pinch, unless set) is how many fingers must be
/// down before the spread is measured: a shell's four-finger pinch sets 4, so two fingers
/// never begin it. With it, "two" above reads as that number: the start spread is taken when
/// that many are down, dropping below it before the gesture begins starts over, and the
/// gesture ends when fewer remain.
open class PinchGestureRecognizer: GestureRecognizer {
  /// The fingers that must be down for the pinch to measure and begin; values below 2 mean 2.
  public var minimumNumberOfTouches = 2

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
    if tracked.liveCount == touches.count {
      // The gesture's first fingers.
      tracker.configure(capacity: settings.velocitySampleCount)
    }
    if hasAskedToBegin || startSpread != nil { return }
    if tracked.liveCount >= requiredTouches {
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
    if abs(start * rawScale - start) > settings.pinchHysteresisPixels {
      setState(.began)
    }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    lastEventMicroseconds = nowMicroseconds
    let live = self.touches.liveCount
    if hasAskedToBegin {
      if live < requiredTouches { setState(.ended) }
      return
    }
    if live == 0 { return fail() }
    if live < requiredTouches {
      startSpread = nil
      rawScale = 1
      scaleFactor = 1
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

  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumNumberOfTouches { minimumNumberOfTouches = value }
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
