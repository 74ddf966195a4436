// SPDX-License-Identifier: MIT
/// The bookkeeping of a series of multi-finger taps, shared by `TapGestureRecognizer` and by
/// the taps before a `LongPressGestureRecognizer`'s press. Small fixed state, no allocation.
///
/// The rules (distances in pixels, times in microseconds, values from `GestureSettings`):
/// - a tap starts when its first finger lands; the other required fingers must land within
///   `multiFingerLandingWindowMicroseconds` of it; more fingers than required fail;
/// - once all required fingers are down, their centroid must lie within `multiTapSlopPixels`
///   of the first tap's (for every tap after the first, and for a long press's press);
/// - a finger lifting before all required fingers landed fails;
/// - the tap is complete when its last finger lifts, at most `tapMaximumDurationMicroseconds`
///   after its first finger landed;
/// - the next tap must land at most `multiTapIntervalMicroseconds` after the last lift.
/// Movement limits depend on the caller (tap slop, or a long press's allowable movement).
struct TapSequence {
  enum Outcome: Equatable {
    /// Nothing decided yet.
    case undecided
    /// The touches break a rule: the recognizer fails.
    case failed
    /// A tap just completed (`completedTaps` counts it).
    case tapCompleted
  }

  /// Fingers each tap needs.
  var requiredTouches = 1
  /// Taps completed so far.
  private(set) var completedTaps = 0
  /// Fingers that landed for the tap under way; 0 between taps.
  private(set) var landedFingers = 0
  /// When the first finger of the tap under way landed.
  private(set) var tapStartMicroseconds: Int64 = 0
  /// When the last finger of the last completed tap lifted.
  private(set) var lastLiftMicroseconds: Int64 = 0
  /// Centroid of the first tap's fingers once all of them were down.
  private(set) var firstTapCentroid: Point?
  /// Centroid of the last completed tap's fingers where they lifted.
  private(set) var lastTapCentroid = Point.zero
  private var liftedSum = Point.zero
  private var liftedFingers = 0

  /// Whether all required fingers of the tap under way are down.
  var allFingersLanded: Bool { landedFingers == requiredTouches }

  /// When the recognizer should give up if nothing else happens: while fingers are down,
  /// the end of the longest tap; between taps, the end of the interval for the next one.
  func deadlineMicroseconds(_ settings: GestureSettings) -> Int64 {
    if landedFingers > 0 { return tapStartMicroseconds + settings.tapMaximumDurationMicroseconds }
    return lastLiftMicroseconds + settings.multiTapIntervalMicroseconds
  }

  /// `landed` fingers touched down; `tracked` are all the recognizer's touches now.
  mutating func fingersLanded(
    _ landed: TouchSet, tracked: TouchSet, nowMicroseconds now: Int64, settings: GestureSettings
  ) -> Outcome {
    for _ in landed.storage {
      if landedFingers == 0 {
        let sinceLift = now - lastLiftMicroseconds
        if completedTaps > 0 && sinceLift > settings.multiTapIntervalMicroseconds { return .failed }
        tapStartMicroseconds = now
      } else if now - tapStartMicroseconds > settings.multiFingerLandingWindowMicroseconds {
        return .failed
      }
      landedFingers += 1
      if landedFingers > requiredTouches { return .failed }
    }
    if allFingersLanded {
      let centroid = tracked.centroidOfLiveTouches
      if let first = firstTapCentroid {
        if centroid.distance(to: first) > settings.multiTapSlopPixels { return .failed }
      } else {
        firstTapCentroid = centroid
      }
    }
    return .undecided
  }

  /// `lifted` fingers left the screen; `liveCount` of the recognizer's fingers remain down.
  mutating func fingersLifted(
    _ lifted: TouchSet, liveCount: Int, nowMicroseconds now: Int64, settings: GestureSettings
  ) -> Outcome {
    guard allFingersLanded else { return .failed }
    for touch in lifted.storage {
      liftedSum += touch.screenLocation
      liftedFingers += 1
    }
    guard liveCount == 0 else { return .undecided }
    guard now - tapStartMicroseconds <= settings.tapMaximumDurationMicroseconds else {
      return .failed
    }
    completedTaps += 1
    lastLiftMicroseconds = now
    lastTapCentroid = liftedFingers > 0 ? liftedSum / Double(liftedFingers) : .zero
    landedFingers = 0
    liftedFingers = 0
    liftedSum = .zero
    return .tapCompleted
  }

  /// Starts over, keeping `requiredTouches`.
  mutating func reset() {
    self = TapSequence(requiredTouches: requiredTouches)
  }

  init(requiredTouches: Int = 1) {
    self.requiredTouches = max(1, requiredTouches)
  }
}
