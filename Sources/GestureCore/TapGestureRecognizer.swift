// SPDX-License-Identifier: MIT
/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`).
/// Discrete: `possible -> recognized` (= `ended`) or `possible -> failed`.
///
/// A tap: `numberOfTouchesRequired` fingers land within
/// `GestureSettings.multiFingerLandingWindowMicroseconds` of the first, none moves more than
/// `tapSlopPixels` from where it landed, and all lift within
/// `tapMaximumDurationMicroseconds` of the first landing. For several taps, each next tap
/// must land within `multiTapIntervalMicroseconds` of the previous lift (a timer: when it
/// runs out the recognizer fails) and its centroid within `multiTapSlopPixels` of the
/// first tap's. It is recognized when the last finger of tap `numberOfTapsRequired` lifts.
/// More fingers than required, a finger lifting before the others landed, or a cancelled
/// touch make it fail.
///
/// Example (defaults): `#1 began (100, 100)` at 0 ms, `#1 ended (104, 100)` at 80 ms ->
/// recognized at 80 ms, `taps` 1, `location(in: nil)` (104, 100).
open class TapGestureRecognizer: GestureRecognizer {
  /// Taps needed (UIKit default 1; values below 1 count as 1).
  public var numberOfTapsRequired: Int {
    get { storedNumberOfTapsRequired }
    set { storedNumberOfTapsRequired = newValue }
  }
  /// Fingers each tap needs (UIKit default 1; values below 1 count as 1).
  public var numberOfTouchesRequired: Int {
    get { storedNumberOfTouchesRequired }
    set { storedNumberOfTouchesRequired = newValue }
  }

  /// Taps completed in the gesture under way; equal to `numberOfTapsRequired` while the
  /// actions run on recognition. Back to 0 after reset.
  public private(set) var taps: Int {
    get { storedTaps }
    set { storedTaps = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedNumberOfTapsRequired: Int = 1
  private var storedNumberOfTouchesRequired: Int = 1
  private var storedTaps: Int = 0

  /// A discrete gesture: recognized once.
  open override var isContinuous: Bool { false }

  private var sequence = TapSequence()
  /// Where the last tap's fingers lifted (their centroid), once recognized.
  private var recognizedLocation: Point?

  /// While recognized, the centroid of the last tap's fingers where they lifted, in `view`'s
  /// coordinates (`nil`: screen); otherwise the centroid of the current touches.
  open override func location(in view: View?) -> Point {
    guard let screen = recognizedLocation else { return super.location(in: view) }
    return view?.convert(fromScreen: screen) ?? screen
  }

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !hasAskedToBegin, state == .possible else { return }
    // (The sequence is changed as a copy and stored back: no access to the property spans
    // a call, so its exclusivity is checked when compiling, not at run time.)
    var changed = sequence
    if changed.completedTaps == 0 && changed.landedFingers == 0 {
      changed = TapSequence(requiredTouches: numberOfTouchesRequired)
    }
    let limits = settings
    let outcome = changed.fingersLanded(
      touches, tracked: self.touches, nowMicroseconds: nowMicroseconds, settings: limits)
    sequence = changed
    if outcome == .failed { return fail() }
    setTimer(deadlineMicroseconds: changed.deadlineMicroseconds(limits))
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !hasAskedToBegin, state == .possible else { return }
    if self.touches.anyLiveTouch(movedFartherThan: settings.tapSlopPixels) { fail() }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !hasAskedToBegin, state == .possible else { return }
    var changed = sequence
    let limits = settings
    let outcome = changed.fingersLifted(
      touches, liveCount: self.touches.liveCount, nowMicroseconds: nowMicroseconds,
      settings: limits)
    sequence = changed
    switch outcome {
    case .failed: fail()
    case .undecided: break
    case .tapCompleted:
      taps = changed.completedTaps
      if taps >= max(1, numberOfTapsRequired) {
        cancelTimer()
        recognizedLocation = changed.lastTapCentroid
        setState(.recognized)
      } else {
        setTimer(deadlineMicroseconds: changed.deadlineMicroseconds(limits))
      }
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    failUnlessAskedToBegin()
  }

  /// The tap lasted too long, or the next tap did not come in time.
  open override func timerFired() {
    super.timerFired()
    failUnlessAskedToBegin()
  }

  open override func values(in view: View?) -> GestureValues { GestureValues(taps: taps) }

  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.numberOfTapsRequired { numberOfTapsRequired = value }
    if let value = parameters.numberOfTouchesRequired { numberOfTouchesRequired = value }
  }

  open override func reset() {
    super.reset()
    taps = 0
    sequence = TapSequence(requiredTouches: numberOfTouchesRequired)
    recognizedLocation = nil
  }
}
