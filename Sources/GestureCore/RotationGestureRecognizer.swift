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
/// fingers remain; a cancelled touch cancels it. Fingers beyond two are ignored
/// (`ignore(_:)`). Before it begins, dropping to one finger starts over (a new second
/// finger gives a new pair), and all fingers lifting makes it fail.
///
/// Example: fingers at (900, 500) and (1000, 500); the second moves to (1000, 520)
/// (atan2(20, 100) ~ 0.197 rad) -> began with rotation ~ +0.197 (clockwise).
open class RotationGestureRecognizer: GestureRecognizer {
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
    var live = self.touches.liveCount
    if live == touches.count {
      // The gesture's first fingers.
      tracker.configure(capacity: settings.velocitySampleCount)
      tracker.add(Point(x: rawRotation, y: 0), atMicroseconds: now)
    }
    for touch in touches.storage where live > 2 {
      ignore(touch)
      live -= 1
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    guard let turn = self.touches.firstPairTurn else { return }
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
    let live = self.touches.liveCount
    if hasAskedToBegin {
      if live < 2 { setState(.ended) }
      return
    }
    if live == 0 { return fail() }
    if live < 2 {
      rawRotation = 0
      rotationOffset = 0
      tracker.removeAll()
      tracker.add(.zero, atMicroseconds: now)
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

  open override func reset() {
    super.reset()
    rawRotation = 0
    rotationOffset = 0
    tracker.removeAll()
    lastEventMicroseconds = 0
  }
}
