/// Every tuning constant the reference documents leave unsaid, in one place, with units in
/// the names and where each value comes from. The documented parameters (UIKit's
/// `minimumPressDuration`, `allowableMovement`, ...) live on the recognizers themselves.
///
/// Distances are in screen pixels, times in microseconds, speeds in pixels per second.
public struct GestureSettings: Sendable, Hashable {
  /// How far a finger may wander and still tap. Flutter's `kTouchSlop` (18 logical px).
  public var tapSlopPixels: Double = 18
  /// Longest time between one tap's lift and the next tap's touch-down in a multi-tap, and
  /// how long a multi-tap waits for its next tap. Android's `DOUBLE_TAP_TIMEOUT` and Flutter's
  /// `kDoubleTapTimeout` (300 ms).
  public var multiTapIntervalMicroseconds: Int64 = 300_000
  /// Farthest the taps of a multi-tap may land from the first one. Flutter's
  /// `kDoubleTapSlop` and Android's double-tap slop (100 px).
  public var multiTapSlopPixels: Double = 100
  /// Longest a finger may stay down and still count as a tap. UIKit does not document one;
  /// chosen at 1 s so a slow tap still counts while a resting finger does not.
  public var tapMaximumDurationMicroseconds: Int64 = 1_000_000
  /// Longest time between the first and the last finger landing in a multi-finger tap,
  /// long press or swipe. Chosen (150 ms): people land two fingers within ~50 ms.
  public var multiFingerLandingWindowMicroseconds: Int64 = 150_000

  /// How far the centroid must move before a pan begins. Flutter's `kTouchSlop` (18 px)
  /// as for its drags, equal to the tap slop so a tap and a pan never both apply.
  public var panHysteresisPixels: Double = 18
  /// How much the fingers' mean distance from their centroid must change before a pinch
  /// begins. Flutter's `kScaleSlop` (18 px).
  public var pinchHysteresisPixels: Double = 18
  /// How far the fingers must turn before a rotation begins. Chosen: 0.1 rad (5.7 degrees),
  /// small enough to feel immediate, above the jitter of two resting fingers.
  public var rotationHysteresisRadians: Double = 0.1

  /// Shortest travel along the swipe direction. Flutter's `kMinFlingDistance` (50 px).
  public var swipeMinimumDistancePixels: Double = 50
  /// Slowest average speed along the swipe direction, from touch-down to recognition.
  /// Chosen (300 px/s): Flutter's `kMinFlingVelocity` (50 px/s) lets slow drags through.
  public var swipeMinimumSpeedPixelsPerSecond: Double = 300
  /// Longest a swipe may take from touch-down; after it the swipe fails (the "swipe
  /// deadline"). Chosen: 500 ms, like the long-press delay, so a held finger is not a swipe.
  public var swipeMaximumDurationMicroseconds: Int64 = 500_000
  /// Largest ratio of off-axis to on-axis travel (0.5 is about 26.6 degrees off the axis).
  /// Chosen, the classic 2:1 rule of mobile swipe detectors.
  public var swipeMaximumDeviationRatio: Double = 0.5

  /// How close to a screen edge a screen-edge pan must start. Chosen (24 px): UIKit's edge
  /// zone is about 20 pt; a touchscreen bezel makes the very edge hard to hit.
  public var screenEdgeZonePixels: Double = 24

  /// How far back in time velocity estimates look. Flutter's `VelocityTracker` horizon
  /// (100 ms).
  public var velocityHorizonMicroseconds: Int64 = 100_000
  /// Velocity is estimated from at most this many recent samples. Flutter's history size
  /// (20).
  public var velocitySampleCount: Int = 20
  /// A gap between samples longer than this means the finger rested: older samples are not
  /// used, and asked this long after the last sample the velocity is zero. Flutter's
  /// `kAssumePointerMoveStoppedMilliseconds` (40 ms).
  public var velocityStopGapMicroseconds: Int64 = 40_000

  public init() {}

  /// The values above.
  public static let standard = GestureSettings()
}
