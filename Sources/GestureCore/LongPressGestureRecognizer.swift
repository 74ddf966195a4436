// SPDX-License-Identifier: MIT
/// Recognizes fingers held still for a while, optionally after some taps (UIKit's
/// `UILongPressGestureRecognizer`). Continuous:
/// `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
///
/// First come `numberOfTapsRequired` taps (0 by default) of `numberOfTouchesRequired`
/// fingers, by the rules of `TapGestureRecognizer` (tap slop, tap duration, interval and
/// slop between taps). Then the press: the required fingers land (within
/// `multiFingerLandingWindowMicroseconds` of each other, within `multiTapIntervalMicroseconds`
/// of the last tap's lift and `multiTapSlopPixels` of the first tap, when there were taps)
/// and stay down. When they have been down for `minimumPressDuration` (a timer from the
/// moment the last of them landed) without any moving more than `allowableMovement` from
/// where it landed, the gesture begins. After that, movement is free: every movement sends
/// `changed`; the first required finger lifting ends it; a cancelled touch cancels it.
/// Before it begins, lifting a finger of the press, moving too far, or an extra finger
/// makes it fail; after it began, extra fingers are ignored (`ignore(_:)`).
///
/// Example (defaults): `#1 began (100, 100)` at 0 ms, the clock reaching 500 ms -> began
/// (location (100, 100)); `#1 moved (140, 100)` at 600 ms -> changed; `#1 ended` at 700 ms
/// -> ended.
open class LongPressGestureRecognizer: GestureRecognizer {
  /// How long, in seconds, the fingers must be held (UIKit default 0.5 s).
  public var minimumPressDuration: Double {
    get { storedMinimumPressDuration }
    set { storedMinimumPressDuration = newValue }
  }
  /// Fingers the press needs (UIKit default 1; values below 1 count as 1).
  public var numberOfTouchesRequired: Int {
    get { storedNumberOfTouchesRequired }
    set { storedNumberOfTouchesRequired = newValue }
  }
  /// Taps before the press (UIKit default 0).
  public var numberOfTapsRequired: Int {
    get { storedNumberOfTapsRequired }
    set { storedNumberOfTapsRequired = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedMinimumPressDuration: Double = 0.5
  private var storedNumberOfTouchesRequired: Int = 1
  private var storedNumberOfTapsRequired: Int = 0
  /// How far, in pixels, each finger may move from where it landed before the gesture
  /// begins. UIKit's default is 10 pt; here the default is
  /// `GestureSettings.longPressAllowableMovementPixels` of the engine the recognizer runs in:
  /// those 10 pt as millimetres (1.56 mm) in the screen's pixels when the touchscreen's size is
  /// known, else 10. Setting a value replaces the default; reading gives the value in use.
  public var allowableMovement: Double {
    get { explicitAllowableMovement ?? settings.longPressAllowableMovementPixels }
    set { explicitAllowableMovement = newValue }
  }

  /// The `allowableMovement` set, nil for the settings' default.
  private var explicitAllowableMovement: Double?

  private var sequence = TapSequence()
  /// The press timer is armed: all the press's fingers are down.
  private var pressTimerArmed = false

  /// Whether the taps before the press are done.
  private var inPressStage: Bool { sequence.completedTaps >= max(0, numberOfTapsRequired) }

  private var pressDurationMicroseconds: Int64 {
    guard minimumPressDuration.isFinite, minimumPressDuration > 0 else { return 0 }
    return Int64((min(minimumPressDuration, 1e9) * 1_000_000).rounded())
  }

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !state.isFinished else { return }
    if hasAskedToBegin {
      for touch in touches.storage { ignore(touch) }
      return
    }
    // (The sequence is changed as a copy and stored back: no access to the property spans
    // a call, so its exclusivity is checked when compiling, not at run time.)
    var changed = sequence
    if changed.completedTaps == 0 && changed.landedFingers == 0 {
      changed = TapSequence(requiredTouches: numberOfTouchesRequired)
      sequence = changed
    }
    if pressTimerArmed { return fail() }
    let now = nowMicroseconds
    let limits = settings
    let outcome = changed.fingersLanded(
      touches, tracked: self.touches, nowMicroseconds: now, settings: limits)
    sequence = changed
    if outcome == .failed { return fail() }
    if inPressStage {
      if changed.allFingersLanded {
        pressTimerArmed = true
        setTimer(deadlineMicroseconds: now + pressDurationMicroseconds)
      } else {
        setTimer(
          deadlineMicroseconds: changed.tapStartMicroseconds
            + limits.multiFingerLandingWindowMicroseconds)
      }
    } else {
      setTimer(deadlineMicroseconds: changed.deadlineMicroseconds(limits))
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    if hasAskedToBegin { return setState(.changed) }
    let slop = inPressStage ? allowableMovement : settings.tapSlopPixels
    if self.touches.anyLiveTouch(movedFartherThan: slop) { fail() }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    if hasAskedToBegin { return setState(.ended) }
    if inPressStage { return fail() }
    var changed = sequence
    let limits = settings
    let outcome = changed.fingersLifted(
      touches, liveCount: self.touches.liveCount, nowMicroseconds: nowMicroseconds,
      settings: limits)
    sequence = changed
    switch outcome {
    case .failed: fail()
    case .undecided: break
    case .tapCompleted: setTimer(deadlineMicroseconds: changed.deadlineMicroseconds(limits))
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    cancelOrFail()
  }

  /// The press lasted long enough, or a tap or the wait for the next one ran out.
  open override func timerFired() {
    super.timerFired()
    guard !state.isFinished, !hasAskedToBegin else { return }
    if pressTimerArmed && self.touches.liveCount == sequence.requiredTouches {
      setState(.began)
    } else {
      fail()
    }
  }

  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumPressDuration { minimumPressDuration = value }
    if let value = parameters.numberOfTouchesRequired { numberOfTouchesRequired = value }
    if let value = parameters.numberOfTapsRequired { numberOfTapsRequired = value }
    if let value = parameters.allowableMovement { allowableMovement = value }
  }

  open override func reset() {
    super.reset()
    sequence = TapSequence(requiredTouches: numberOfTouchesRequired)
    pressTimerArmed = false
  }
}
