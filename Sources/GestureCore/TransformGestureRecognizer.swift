// SPDX-License-Identifier: MIT
/// Recognizes one or more fingers moving, spreading and turning as one transform: the
/// gesture of a photo viewer or a map, where a drag may become a pinch and a turn without
/// lifting. UIKit has no such class (apps there run a pan, a pinch and a rotation
/// simultaneously); this is Flutter's `ScaleGestureRecognizer` in UIKit's model. Continuous:
/// `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
///
/// It reports, together, each with its velocity:
/// - the focal point, the centroid of the fingers down: `location(in:)`;
/// - `translation`: the focal point's travel since the gesture started, as a pan's
///   (`PanGestureRecognizer`): the mean displacement of the fingers down in two frames in a
///   row, added up, so a finger landing or lifting never makes it jump;
/// - `scale`: the fingers' spread (mean distance from their centroid) over their spread at
///   the start, as a pinch's, frame by frame from the fingers down in both frames (1 while
///   one finger is down);
/// - `rotation`: the turn of the vector from the first finger down to the second, as a
///   rotation's, in radians clockwise positive (0 while one finger is down).
///
/// It begins when at least `minimumNumberOfTouches` and at most `maximumNumberOfTouches`
/// fingers are down and any of the three passes its threshold, each a distance on the glass
/// (`GestureSettings`, in millimetres): the focal point has travelled more than
/// `panHysteresisPixels`; the spread has changed by more than a pinch's threshold
/// (`GestureSettings.pinchHysteresis(forSpread:)`, growing with the spread) since two fingers
/// were down together; or the fingers have turned so far that their arc at the
/// spread, |rotation| x spread, is longer than `panHysteresisPixels`. (Flutter begins on the
/// first two only; the arc is this library's reading of a rotation threshold in
/// millimetres.) The values include the distance travelled to pass the threshold. Each later
/// movement sends `changed`. It ends when fewer than `minimumNumberOfTouches` fingers remain
/// (by default, when the last one lifts); a cancelled touch cancels it. Before it begins,
/// fewer fingers than the minimum start it over, more than the maximum make it fail, and all
/// fingers lifting makes it fail; after it began, fingers beyond the maximum are ignored
/// (`ignore(_:)`). Flutter ends the gesture and starts a new one whenever the number of
/// fingers changes, so its scale restarts at 1; here, as with the pan and the pinch, the
/// gesture goes on and every value carries on from where it was.
///
/// Example (defaults): `#1 began (800, 500)`, `#2 began (1000, 500)` (spread 100), `#2 moved
/// (1040, 500)` -> began with scale 1.2, translation (20, 0), rotation 0 and location (920,
/// 500).
open class TransformGestureRecognizer: GestureRecognizer {
  /// Fewest fingers that transform (default 1; values below 1 count as 1).
  public var minimumNumberOfTouches: Int {
    get { storedMinimumNumberOfTouches }
    set { storedMinimumNumberOfTouches = newValue }
  }
  /// Most fingers that transform (default `Int.max`).
  public var maximumNumberOfTouches: Int {
    get { storedMaximumNumberOfTouches }
    set { storedMaximumNumberOfTouches = newValue }
  }

  /// The focal point's travel since the gesture started, in pixels (views are only
  /// translated against the screen, so the same in every view).
  public private(set) var translation: Point {
    get { storedTranslation }
    set { storedTranslation = newValue }
  }
  /// The spread now over the spread at the start.
  public private(set) var scale: Double {
    get { storedScale }
    set { storedScale = newValue }
  }
  /// The turn since the start, radians, clockwise positive on screen; unwrapped, so it can
  /// exceed pi.
  public private(set) var rotation: Double {
    get { storedRotation }
    set { storedRotation = newValue }
  }
  // The storage of the public properties above: private, so their exclusivity is checked
  // when compiling, not at run time on every read as for a public stored property.
  private var storedMinimumNumberOfTouches = RecognizerKind.transform.defaultMinimumNumberOfTouches
  private var storedMaximumNumberOfTouches = RecognizerKind.transform.defaultMaximumNumberOfTouches
  private var storedTranslation: Point = Point.zero
  private var storedScale: Double = 1.0
  private var storedRotation: Double = 0.0

  /// How fast `translation` changes, pixels per second, as of the last frame handled.
  public var velocity: Point {
    translationTracker.velocity(
      atMicroseconds: lastEventMicroseconds,
      horizonMicroseconds: settings.velocityHorizonMicroseconds,
      stopGapMicroseconds: settings.velocityStopGapMicroseconds)
  }

  /// How fast `scale` changes, per second, as of the last frame handled.
  public var scaleVelocity: Double { scaleAndRotationVelocity.x }

  /// How fast `rotation` changes, radians per second, as of the last frame handled.
  public var rotationVelocity: Double { scaleAndRotationVelocity.y }

  /// Fed with the translation.
  private var translationTracker = VelocityTracker()
  /// Fed with (scale, rotation): one tracker estimates both rates.
  private var scaleAndRotationTracker = VelocityTracker()
  /// Time of the last frame the recognizer handled: velocities are estimated as of then.
  private var lastEventMicroseconds: Int64 = 0
  /// The spread and the scale when two or more fingers were last down together, for the
  /// spread threshold; nil while fewer are down.
  private var spreadBase: (spread: Double, scale: Double)?

  private var scaleAndRotationVelocity: Point {
    scaleAndRotationTracker.velocity(
      atMicroseconds: lastEventMicroseconds,
      horizonMicroseconds: settings.velocityHorizonMicroseconds,
      stopGapMicroseconds: settings.velocityStopGapMicroseconds)
  }

  open override func values(in view: View?) -> GestureValues {
    let rates = scaleAndRotationVelocity
    return GestureValues(
      translation: translation, velocity: velocity, scale: scale, scaleVelocity: rates.x,
      rotation: rotation, rotationVelocity: rates.y)
  }

  /// Sets the finger counts; `maximumNumberOfTouches` always (nil: no limit).
  open override func apply(_ parameters: RecognizerParameters) {
    super.apply(parameters)
    if let value = parameters.minimumNumberOfTouches { minimumNumberOfTouches = value }
    maximumNumberOfTouches =
      parameters.maximumNumberOfTouches ?? RecognizerKind.transform.defaultMaximumNumberOfTouches
  }

  open override func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let tracked = self.touches
    var live = tracked.liveCount
    let step = TouchCountRule.afterBegan(
      live: live, new: touches.count, begun: hasAskedToBegin, minimum: minimumNumberOfTouches,
      maximum: maximumNumberOfTouches)
    if case .ignoreNew(let count) = step {
      for touch in touches.storage.prefix(count) { ignore(touch) }
      live -= count
    }
    if !hasAskedToBegin {
      if case .fail = step { return fail() }
      if live == touches.count {
        // The gesture's first fingers.
        translationTracker.configure(capacity: settings.velocitySampleCount)
        scaleAndRotationTracker.configure(capacity: settings.velocitySampleCount)
      }
      if case .restart = step { restart(at: now) }
      if translationTracker.count == 0 { addSamples(at: now) }
    }
    if live >= 2 && spreadBase == nil {
      spreadBase = (tracked.spreadOfLiveTouches, scale)
    }
  }

  open override func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let tracked = self.touches
    if case .restart = TouchCountRule.afterMoved(
      live: tracked.liveCount, begun: hasAskedToBegin, minimum: minimumNumberOfTouches)
    {
      return restart(at: now)
    }
    translation += tracked.commonCentroidDelta
    if let ratio = tracked.commonSpreadRatio { scale *= ratio }
    if let turn = tracked.firstPairTurn { rotation += turn }
    addSamples(at: now)
    if hasAskedToBegin { return setState(.changed) }
    if passedThreshold(spread: tracked.spreadOfLiveTouches) { setState(.began) }
  }

  open override func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    guard !state.isFinished else { return }
    let now = nowMicroseconds
    lastEventMicroseconds = now
    let live = self.touches.liveCount
    if live < 2 { spreadBase = nil }
    switch TouchCountRule.afterEnded(
      live: live, begun: hasAskedToBegin, minimum: minimumNumberOfTouches)
    {
    case .end: setState(.ended)
    case .fail: fail()
    case .restart: restart(at: now)
    case .measure, .ignoreNew: break
    }
  }

  open override func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    if !state.isFinished { lastEventMicroseconds = nowMicroseconds }
    cancelOrFail()
  }

  open override func reset() {
    super.reset()
    translation = .zero
    scale = 1
    rotation = 0
    spreadBase = nil
    translationTracker.removeAll()
    scaleAndRotationTracker.removeAll()
    lastEventMicroseconds = 0
  }

  /// Whether any value has passed its threshold (see the type's comment), with the live
  /// fingers' spread now `spread`.
  private func passedThreshold(spread: Double) -> Bool {
    if translation.length > settings.panHysteresisPixels { return true }
    if let base = spreadBase, base.scale > 0,
      abs(base.spread * scale / base.scale - base.spread)
        > settings.pinchHysteresis(forSpread: base.spread)
    {
      return true
    }
    return abs(rotation) * spread > settings.panHysteresisPixels
  }

  /// Too few fingers before the gesture began: it starts measuring again from here.
  private func restart(at now: Int64) {
    translation = .zero
    scale = 1
    rotation = 0
    spreadBase = nil
    translationTracker.removeAll()
    scaleAndRotationTracker.removeAll()
    addSamples(at: now)
  }

  private func addSamples(at now: Int64) {
    translationTracker.add(translation, atMicroseconds: now)
    scaleAndRotationTracker.add(Point(x: scale, y: rotation), atMicroseconds: now)
  }
}
