// SPDX-License-Identifier: MIT
/// Recognizes a quick straight stroke in one of the allowed directions (UIKit's
/// `UISwipeGestureRecognizer`). Discrete: `possible -> recognized` (= `ended`) or
/// `possible -> failed`.
///
/// `numberOfTouchesRequired` fingers land (within
/// `GestureSettings.multiFingerLandingWindowMicroseconds` of the first). The travel is the
/// mean displacement of the fingers from where they landed. While they move, it is
/// recognized as soon as, for one allowed direction, the travel along it is at least
/// `swipeMinimumDistancePixels`, the off-axis travel is at most
/// `swipeMaximumDeviationRatio` times that, and the travel along it divided by the time since
/// the first finger landed is at least `swipeMinimumSpeedPixelsPerSecond`. It fails when
/// `swipeMaximumDurationMicroseconds` pass after the first finger landed (a timer), when a
/// finger lifts or is cancelled first, when more fingers than required land, or when the
/// stroke is clearly a swipe in a direction that is not allowed (it meets the distance and
/// deviation limits along a direction outside `direction`).
///
/// Example (defaults): `#1 began (100, 500)` at 0 ms, `#1 moved (160, 505)` at 50 ms
/// (60 px right, 1200 px/s, deviation 5/60) -> recognized, `swipedDirection` `.right`,
/// `location(in: nil)` (100, 500), where the swipe started.
open class SwipeGestureRecognizer: GestureRecognizer {
  /// The directions accepted (UIKit default `.right`). Several may be given.
  public var direction: SwipeDirection {
    get { storedDirection }
    set { storedDirection = newValue }
  }
  /// Fingers the swipe needs (UIKit default 1; values below 1 count as 1).
  public var numberOfTouchesRequired: Int {
    get { storedNumberOfTouchesRequired }
    set { storedNumberOfTouchesRequired = newValue }
  }

  /// The single direction actually swiped, set when recognized (before the actions run);
  /// nil otherwise and after reset. Not in UIKit.
  public private(set) var swipedDirection: SwipeDirection? {
    get { storedSwipedDirection }
    set { storedSwipedDirection = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedDirection: SwipeDirection = .right
  private var storedNumberOfTouchesRequired: Int = 1
  private var storedSwipedDirection: SwipeDirection?

  /// A discrete gesture: recognized once.
  open override var isContinuous: Bool { false }

  private var startMicroseconds: Int64 = 0
  private var landedFingers = 0
  /// Where the swipe started (the centroid of the landing points), once all fingers landed.
  private var startLocation: Point?

  private var requiredTouches: Int { max(1, numberOfTouchesRequired) }

  /// Where the swipe started (the centroid of where its fingers landed) in `view`'s
  /// coordinates (`nil`: screen), as UIKit reports for swipes; before all fingers landed,
  /// the centroid of the current touches.
  open override func location(in view: View?) -> Point {
    guard let screen = startLocation else { return super.location(in: view) }
    return view?.convert(fromScreen: screen) ?? screen
  }

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !hasAskedToBegin, state == .possible else { return }
    let now = nowMicroseconds
    if landedFingers == 0 {
      startMicroseconds = now
      setTimer(deadlineMicroseconds: now + settings.swipeMaximumDurationMicroseconds)
    } else if now - startMicroseconds > settings.multiFingerLandingWindowMicroseconds {
      return fail()
    }
    landedFingers += touches.count
    if landedFingers > requiredTouches { return fail() }
    if landedFingers == requiredTouches {
      startLocation = self.touches.initialCentroidOfLiveTouches
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !hasAskedToBegin, state == .possible else { return }
    let tracked = self.touches
    guard landedFingers == requiredTouches, tracked.liveCount == requiredTouches,
      let start = startLocation
    else { return }
    let travel = tracked.centroidOfLiveTouches - start
    let seconds = Double(nowMicroseconds - startMicroseconds) / 1_000_000
    let limits = settings
    for single in SwipeDirection.singles {
      let axis = single.unitVector
      let along = travel.x * axis.x + travel.y * axis.y
      let across = abs(travel.x * axis.y - travel.y * axis.x)
      guard along >= limits.swipeMinimumDistancePixels,
        across <= limits.swipeMaximumDeviationRatio * along
      else { continue }
      guard direction.contains(single) else { return fail() }
      guard seconds > 0, along / seconds >= limits.swipeMinimumSpeedPixelsPerSecond else {
        continue
      }
      cancelTimer()
      swipedDirection = single
      return setState(.recognized)
    }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    failUnlessAskedToBegin()
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    failUnlessAskedToBegin()
  }

  /// The swipe deadline passed.
  open override func timerFired() {
    super.timerFired()
    failUnlessAskedToBegin()
  }

  open override func values(in view: View?) -> GestureValues {
    GestureValues(direction: swipedDirection)
  }

  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.numberOfTouchesRequired { numberOfTouchesRequired = value }
    if let value = parameters.direction { direction = value }
  }

  open override func reset() {
    super.reset()
    swipedDirection = nil
    startMicroseconds = 0
    landedFingers = 0
    startLocation = nil
  }
}
