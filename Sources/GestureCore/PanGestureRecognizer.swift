// SPDX-License-Identifier: MIT
/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`). Continuous:
/// `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
///
/// It begins when at least `minimumNumberOfTouches` (and at most `maximumNumberOfTouches`)
/// fingers are down and their centroid has travelled more than
/// `GestureSettings.panHysteresisPixels` since the minimum number was reached; each later
/// movement sends `changed`; it ends when fewer than `minimumNumberOfTouches` fingers remain
/// (with the default minimum of 1: when the last finger lifts); a cancelled touch cancels it.
/// Before it begins, more than `maximumNumberOfTouches` fingers make it fail, and all
/// fingers lifting makes it fail; after it began, fingers beyond the maximum are ignored
/// (`ignore(_:)`).
///
/// The translation is the travel of the fingers' centroid since the minimum number of
/// fingers was down, including the hysteresis distance. It adds up, frame by frame, the
/// mean displacement of the fingers present in both frames, so a finger landing or lifting
/// never makes it jump. The velocity comes from a `VelocityTracker` fed with that
/// translation.
///
/// Example (defaults): `#1 began (100, 100)` at 0 ms, `#1 moved (110, 100)` at 10 ms
/// (possible: 10 px is within the hysteresis), `#1 moved (130, 100)` at 20 ms -> began with
/// translation (30, 0), `#1 ended` at 30 ms -> ended.
open class PanGestureRecognizer: GestureRecognizer {
  /// Fewest fingers that pan (UIKit default 1; values below 1 count as 1).
  public var minimumNumberOfTouches: Int {
    get { storedMinimumNumberOfTouches }
    set { storedMinimumNumberOfTouches = newValue }
  }
  /// Most fingers that pan (UIKit default `Int.max`).
  public var maximumNumberOfTouches: Int {
    get { storedMaximumNumberOfTouches }
    set { storedMaximumNumberOfTouches = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedMinimumNumberOfTouches = RecognizerKind.pan.defaultMinimumNumberOfTouches
  private var storedMaximumNumberOfTouches = RecognizerKind.pan.defaultMaximumNumberOfTouches

  /// The centroid's travel since the gesture's start, jumps excluded, in screen pixels.
  private var travel = Point.zero
  /// What `setTranslation(_:in:)` added to `travel`.
  private var translationOffset = Point.zero
  private var tracker = VelocityTracker()
  /// Time of the last frame the recognizer handled: velocity is estimated as of then.
  private var lastEventMicroseconds: Int64 = 0

  /// The translation of the gesture in `view`'s coordinates (`nil`: screen). Views are
  /// only ever translated relative to the screen (no rotation or scale), so a vector is the
  /// same in every view and `view` does not change the result; it is kept for UIKit's
  /// signature.
  public func translation(in view: View?) -> Point { travel + translationOffset }

  /// Makes the translation read `translation` now; later movement adds to it. Velocity is
  /// unaffected. `view` as for `translation(in:)`.
  public func setTranslation(_ translation: Point, in view: View?) {
    translationOffset = translation - travel
  }

  /// The velocity of the translation in pixels per second, in `view`'s coordinates
  /// (the same in every view, see `translation(in:)`), as of the last frame handled.
  public func velocity(in view: View?) -> Point {
    tracker.velocity(
      atMicroseconds: lastEventMicroseconds,
      horizonMicroseconds: settings.velocityHorizonMicroseconds,
      stopGapMicroseconds: settings.velocityStopGapMicroseconds)
  }

  /// Whether a pan that has travelled `translation` (beyond the hysteresis) may begin now,
  /// must fail, or should wait. Subclasses (`ScreenEdgePanGestureRecognizer`) add rules.
  func beginDecision(forTranslation translation: Point) -> PanBeginDecision { .begin }

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let live = self.touches.liveCount
    let step = TouchCountRule.afterBegan(
      live: live, new: touches.count, begun: hasAskedToBegin, minimum: minimumNumberOfTouches,
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
    if case .restart = step { restartTravel(at: now) }
    if tracker.count == 0 { tracker.add(travel, atMicroseconds: now) }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let live = self.touches.liveCount
    if case .restart = TouchCountRule.afterMoved(
      live: live, begun: hasAskedToBegin, minimum: minimumNumberOfTouches)
    {
      return restartTravel(at: now)
    }
    travel += self.touches.commonCentroidDelta
    tracker.add(travel, atMicroseconds: now)
    if hasAskedToBegin { return setState(.changed) }
    guard travel.length > settings.panHysteresisPixels else { return }
    switch beginDecision(forTranslation: travel) {
    case .begin:
      setState(.began)
    case .fail: fail()
    case .wait: break
    }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    switch TouchCountRule.afterEnded(
      live: self.touches.liveCount, begun: hasAskedToBegin, minimum: minimumNumberOfTouches)
    {
    case .end: setState(.ended)
    case .fail: fail()
    case .restart: restartTravel(at: now)
    case .measure, .ignoreNew: break
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    if !state.isFinished { lastEventMicroseconds = nowMicroseconds }
    cancelOrFail()
  }

  open override func values(in view: View?) -> GestureValues {
    GestureValues(translation: translation(in: view), velocity: velocity(in: view))
  }

  /// Sets the finger counts; `maximumNumberOfTouches` always (nil: no limit).
  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumNumberOfTouches { minimumNumberOfTouches = value }
    maximumNumberOfTouches =
      parameters.maximumNumberOfTouches ?? RecognizerKind.pan.defaultMaximumNumberOfTouches
  }

  open override func reset() {
    super.reset()
    travel = .zero
    translationOffset = .zero
    tracker.removeAll()
    lastEventMicroseconds = 0
  }

  /// Too few fingers before the pan began: it starts counting again from here.
  private func restartTravel(at now: Int64) {
    travel = .zero
    translationOffset = .zero
    tracker.removeAll()
    tracker.add(travel, atMicroseconds: now)
  }
}

/// What a pan that passed its hysteresis does next.
enum PanBeginDecision {
  case begin
  case fail
  case wait
}
