// SPDX-License-Identifier: MIT
/// Recognizes two fingers turning (UIKit's `UIRotationGestureRecognizer`). Continuous:
/// `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
///
/// The angle is that of the vector from the first finger to the second (in the order they
/// landed), `atan2(dy, dx)` in screen space with y growing downwards, so turning clockwise
/// on screen is positive. `rotation` adds up the frame-to-frame change of that angle (each
/// change taken as the shortest turn), so it is unwrapped and can exceed pi. The gesture
/// begins when |rotation| exceeds `GestureSettings.rotationHysteresisRadians` (the rotation
/// includes it), sends `changed` on every movement after, and ends when fewer than two
/// fingers remain; a cancelled touch cancels it. Before it begins, dropping to one finger
/// starts over (a new second finger gives a new pair), and all fingers lifting makes it fail.
///
/// The finger counts are `minimumNumberOfTouches` and `maximumNumberOfTouches`, 2 and 2
/// unless set (UIKit's rotation is "two fingers rotating"), with the pan's rule
/// (`TouchCountRule`): before the gesture begins, a finger beyond the maximum makes it fail
/// (a hand put down flat is not a rotation), and fewer than the minimum start it over; once
/// it has begun, fingers beyond the maximum are ignored (`ignore(_:)`: a third finger joining
/// a rotation under way changes nothing), and fewer than the minimum end it. The reference
/// documents give a rotation no finger counts; this is the pan's rule, and a finger joining
/// late is left out as iOS leaves it out of a pan under way. With more than two fingers
/// allowed, the angle is still that of the first two down.
///
/// Example: fingers at (900, 500) and (1000, 500); the second moves to (1000, 520)
/// (atan2(20, 100) ~ 0.197 rad) -> began with rotation ~ +0.197 (clockwise).
open class RotationGestureRecognizer: GestureRecognizer {
  /// The fingers that must be down for the rotation to measure and begin (default 2; values
  /// below 2 mean 2).
  public var minimumNumberOfTouches: Int {
    get { storedMinimumNumberOfTouches }
    set { storedMinimumNumberOfTouches = newValue }
  }
  /// The most fingers the rotation allows (default 2; `Int.max`: no limit).
  public var maximumNumberOfTouches: Int {
    get { storedMaximumNumberOfTouches }
    set { storedMaximumNumberOfTouches = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedMinimumNumberOfTouches = RecognizerKind.rotation.defaultMinimumNumberOfTouches
  private var storedMaximumNumberOfTouches = RecognizerKind.rotation.defaultMaximumNumberOfTouches

  private var requiredTouches: Int { max(2, minimumNumberOfTouches) }

  /// The turn since the gesture started, in radians, clockwise positive on screen. Setting
  /// it rebases the gesture so the current angle reads as the new value.
  public var rotation: Double {
    get { rawRotation + rotationOffset }
    set {
      guard newValue.isFinite else { return }
      rotationOffset = newValue - rawRotation
    }
  }

  /// How fast `rotation` changes, in radians per second, as of the last frame handled.
  public var velocity: Double {
    tracker.velocity(
      atMicroseconds: lastEventMicroseconds,
      horizonMicroseconds: settings.velocityHorizonMicroseconds,
      stopGapMicroseconds: settings.velocityStopGapMicroseconds
    ).x
  }

  private var rawRotation = 0.0
  private var rotationOffset = 0.0
  private var tracker = VelocityTracker()
  private var lastEventMicroseconds: Int64 = 0

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let live = self.touches.liveCount
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
      tracker.add(Point(x: rawRotation, y: 0), atMicroseconds: now)
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let tracked = self.touches
    // Before it began, too few fingers wait (only then: a rotation under way counts none).
    if !hasAskedToBegin,
      case .restart = TouchCountRule.afterMoved(
        live: tracked.liveCount, begun: false, minimum: requiredTouches)
    {
      return
    }
    guard let turn = tracked.firstPairTurn else { return }
    rawRotation += turn
    tracker.add(Point(x: rawRotation, y: 0), atMicroseconds: now)
    if hasAskedToBegin { return setState(.changed) }
    if abs(rawRotation) > settings.rotationHysteresisRadians {
      setState(.began)
    }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    switch TouchCountRule.afterEnded(
      live: self.touches.liveCount, begun: hasAskedToBegin, minimum: requiredTouches)
    {
    case .end: setState(.ended)
    case .fail: fail()
    case .restart:
      rawRotation = 0
      rotationOffset = 0
      tracker.removeAll()
      tracker.add(.zero, atMicroseconds: now)
    case .measure, .ignoreNew: break
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    if !state.isFinished { lastEventMicroseconds = nowMicroseconds }
    cancelOrFail()
  }

  open override func values(in view: View?) -> GestureValues {
    GestureValues(rotation: rotation, rotationVelocity: velocity)
  }

  /// Sets the finger counts; `maximumNumberOfTouches` always (nil: 2).
  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumNumberOfTouches { minimumNumberOfTouches = value }
    maximumNumberOfTouches =
      parameters.maximumNumberOfTouches ?? RecognizerKind.rotation.defaultMaximumNumberOfTouches
  }

  open override func reset() {
    super.reset()
    rawRotation = 0
    rotationOffset = 0
    tracker.removeAll()
    lastEventMicroseconds = 0
  }
}
