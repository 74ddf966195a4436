// SPDX-License-Identifier: MIT
/// Every tuning constant the reference documents leave unsaid, in one place, with units in
/// the names and where each value comes from. The documented parameters (UIKit's
/// `minimumPressDuration`, `allowableMovement`, ...) live on the recognizers themselves; the
/// default of the one documented distance, `allowableMovement`, is here too.
///
/// Times are in microseconds. Every distance has two fields:
/// - `...Millimetres`: what the threshold means on the touch surface, picked from published
///   platform guidance (sources next to each value);
/// - `...Pixels`: the value the engine uses, in screen pixels. Its default is the pixel
///   fallback (the value GestureBridge used before it knew millimetres), used as is when the
///   touchscreen's size is unknown (a device reporting no resolution, or a compositor that does
///   not say).
///
/// `resolved(for:)` turns the millimetres into pixels through a `PhysicalScale` (screen pixels
/// per millimetre of the touch surface, from the device's resolution and the screen mapping);
/// every place that builds an engine from a touchscreen (replays, `watch`, `run`, the
/// compositor bridge) hands the engine `settings.resolved(for: scale)`. Changing a
/// `...Millimetres` field therefore matters only through `resolved(for:)`; changing a
/// `...Pixels` field matters only while the scale is unknown (or when no one resolves).
///
/// The units the guidance is written in, as millimetres:
/// - Android's density-independent pixel, dp: 1/160 inch = 0.159 mm ("one physical pixel on a
///   160 dpi screen", developer.android.com, Supporting different pixel densities). Flutter's
///   logical pixels are dp on Android (`devicePixelRatio` is Android's density), and its
///   `kMinInteractiveDimension` of 48 lp (7.6 mm) agrees with Apple's 44 pt (6.9 mm) and
///   Microsoft's 7.5 mm touch targets, so Flutter's touch constants are read as dp. (Flutter's
///   docs also say "roughly 38 logical pixels per centimeter", 96 per inch, a desktop figure
///   that would make its 48 lp target 12.7 mm.)
/// - Apple's point, pt: 1/163 inch = 0.156 mm, the original iPhone's 163 ppi, on which a
///   44 x 44 pt target is "about 7 mm" (Apple HIG: give tappable controls a hit target of about
///   44 x 44 points).
/// - Microsoft: touch targets of 7.5 mm (40 x 40 px on a 135 PPI display; learn.microsoft.com,
///   Guidelines for touch targets), the same finger size as above.
public struct GestureSettings: Sendable, Hashable {
  /// Millimetres per Android dp (1/160 inch); Flutter's touch constants are in these units.
  public static let millimetresPerDP = 25.4 / 160
  /// Millimetres per Apple point on the 163 ppi screen UIKit's points were defined on.
  public static let millimetresPerPoint = 25.4 / 163

  // MARK: Distances on the touch surface

  /// How far a finger may wander and still tap: Flutter's `kTouchSlop`, 18 lp = 2.86 mm
  /// ("started at 8.0 and increased it to 18.0 after getting complaints that it was too
  /// difficult to hit targets"). Android's `TOUCH_SLOP` is 8 dp = 1.27 mm, less than a resting
  /// finger wanders on real panels.
  public var tapSlopMillimetres = 18 * millimetresPerDP
  /// Farthest the taps of a multi-tap may land from the first one: Flutter's
  /// `kDoubleTapSlop` and Android's `DOUBLE_TAP_SLOP`, 100 dp = 15.9 mm.
  public var multiTapSlopMillimetres = 100 * millimetresPerDP
  /// How far the centroid must move before a pan begins: Flutter's `kTouchSlop` (18 lp =
  /// 2.86 mm) as for its drags, equal to the tap slop so a tap and a pan never both apply.
  public var panHysteresisMillimetres = 18 * millimetresPerDP
  /// How much the fingers' mean distance from their centroid (their spread) must change
  /// before a pinch begins, at the least: Flutter's `kScaleSlop` (= `kTouchSlop`, 18 lp =
  /// 2.86 mm). Wide fingers need more: see `pinchHysteresisSpreadFraction`.
  public var pinchHysteresisMillimetres = 18 * millimetresPerDP
  /// Shortest travel along the swipe direction: Flutter's `kMinFlingDistance`, 50 lp =
  /// 7.94 mm.
  public var swipeMinimumDistanceMillimetres = 50 * millimetresPerDP
  /// Slowest average speed along the swipe direction, from touch-down to recognition. Chosen:
  /// 300 dp/s = 47.6 mm/s; Flutter's `kMinFlingVelocity` and Android's
  /// `MINIMUM_FLING_VELOCITY` (50 dp/s) measure the lift velocity and let slow drags through.
  public var swipeMinimumSpeedMillimetresPerSecond = 300 * millimetresPerDP
  /// How close to a screen edge a screen-edge pan must start. Chosen: 24 dp = 3.81 mm,
  /// the top of the protocol's recommended 20-24 logical pixels: UIKit's edge zone is about
  /// 20 pt (3.1 mm) and Android's `ViewDragHelper` edge 20 dp (3.2 mm); a touchscreen bezel
  /// makes the very edge hard to hit.
  public var screenEdgeZoneMillimetres = 24 * millimetresPerDP
  /// Default `allowableMovement` of long presses: UIKit's 10 pt = 1.56 mm.
  public var longPressAllowableMovementMillimetres = 10 * millimetresPerPoint

  // MARK: Distances in screen pixels (what the engine uses; defaults are the fallbacks)

  /// `tapSlopMillimetres` in pixels; fallback 18 (Flutter's 18 lp read as pixels).
  public var tapSlopPixels: Double = 18
  /// `multiTapSlopMillimetres` in pixels; fallback 100.
  public var multiTapSlopPixels: Double = 100
  /// `panHysteresisMillimetres` in pixels; fallback 18.
  public var panHysteresisPixels: Double = 18
  /// `pinchHysteresisMillimetres` in pixels; fallback 18.
  public var pinchHysteresisPixels: Double = 18
  /// `swipeMinimumDistanceMillimetres` in pixels; fallback 50.
  public var swipeMinimumDistancePixels: Double = 50
  /// `swipeMinimumSpeedMillimetresPerSecond` in pixels per second; fallback 300.
  public var swipeMinimumSpeedPixelsPerSecond: Double = 300
  /// `screenEdgeZoneMillimetres` in pixels; fallback 24.
  public var screenEdgeZonePixels: Double = 24
  /// `longPressAllowableMovementMillimetres` in pixels: the `allowableMovement` of a long
  /// press that was not given one; fallback 10 (UIKit's 10 pt read as pixels).
  public var longPressAllowableMovementPixels: Double = 10

  // MARK: Times, angles, counts

  /// Longest time between one tap's lift and the next tap's touch-down in a multi-tap, and
  /// how long a multi-tap waits for its next tap. Android's `DOUBLE_TAP_TIMEOUT` and Flutter's
  /// `kDoubleTapTimeout` (300 ms).
  public var multiTapIntervalMicroseconds: Int64 = 300_000
  /// Longest a finger may stay down and still count as a tap. UIKit does not document one;
  /// chosen at 1 s so a slow tap still counts while a resting finger does not.
  public var tapMaximumDurationMicroseconds: Int64 = 1_000_000
  /// Longest time between the first and the last finger landing in a multi-finger tap,
  /// long press or swipe. Chosen (150 ms): people land two fingers within ~50 ms.
  public var multiFingerLandingWindowMicroseconds: Int64 = 150_000
  /// The part of the spread by which it must change before a pinch begins, when that is more
  /// than `pinchHysteresisPixels` (`pinchHysteresis(forSpread:)`). Chosen: 0.05, a scale
  /// outside 0.95...1.05, about the least change of size a person sees as a zoom. Flutter's
  /// `kScaleSlop` and Android's span slop are fixed distances, right for fingers 2 cm apart
  /// (spread 10 mm: 2.86 mm is 29% of it) and too little for fingers 20 cm apart (spread
  /// 100 mm: 2.86 mm is 2.9%, less than the 2-13% by which the fingers of a resting hand
  /// drift on real panels); past a spread of 57 mm (fingers about 11 cm apart) this fraction
  /// decides. A ratio: the same on every screen.
  public var pinchHysteresisSpreadFraction: Double = 0.05
  /// How far the fingers must turn before a rotation begins. Chosen: 0.1 rad (5.7 degrees),
  /// small enough to feel immediate, above the jitter of two resting fingers. An angle: the
  /// same on every screen.
  public var rotationHysteresisRadians: Double = 0.1
  /// Longest a swipe may take from touch-down; after it the swipe fails (the "swipe
  /// deadline"). Chosen: 500 ms, like the long-press delay, so a held finger is not a swipe.
  public var swipeMaximumDurationMicroseconds: Int64 = 500_000
  /// Largest ratio of off-axis to on-axis travel (0.5 is about 26.6 degrees off the axis).
  /// Chosen, the classic 2:1 rule of mobile swipe detectors.
  public var swipeMaximumDeviationRatio: Double = 0.5

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

  /// How much a spread of `spread` pixels must change before a pinch (or a transform's scale)
  /// begins: the larger of `pinchHysteresisPixels` and `pinchHysteresisSpreadFraction` of the
  /// spread. Example (8 px/mm): fingers 40 mm apart (spread 160 px) need 22.9 px, fingers
  /// 200 mm apart (spread 800 px) 40 px.
  @inline(__always)
  public func pinchHysteresis(forSpread spread: Double) -> Double {
    max(pinchHysteresisPixels, pinchHysteresisSpreadFraction * spread)
  }

  /// The values above: millimetres from the guidance, pixel fields at their fallbacks.
  public static let standard = GestureSettings()

  /// These settings with every `...Pixels` field set to its `...Millimetres` field times
  /// `scale.pixelsPerMillimetre`; with a nil scale (the touchscreen's size is unknown), these
  /// settings unchanged, so the pixel fallbacks apply. Times, angles and counts never change.
  ///
  /// Example: `GestureSettings.standard.resolved(for: PhysicalScale(pixelsPerMillimetre: 10))`
  /// has a tap slop of 28.6 px, a swipe distance of 79.4 px and an edge zone of 38.1 px.
  public func resolved(for scale: PhysicalScale?) -> GestureSettings {
    guard let scale else { return self }
    var pixels = self
    pixels.tapSlopPixels = scale.pixels(tapSlopMillimetres)
    pixels.multiTapSlopPixels = scale.pixels(multiTapSlopMillimetres)
    pixels.panHysteresisPixels = scale.pixels(panHysteresisMillimetres)
    pixels.pinchHysteresisPixels = scale.pixels(pinchHysteresisMillimetres)
    pixels.swipeMinimumDistancePixels = scale.pixels(swipeMinimumDistanceMillimetres)
    pixels.swipeMinimumSpeedPixelsPerSecond = scale.pixels(swipeMinimumSpeedMillimetresPerSecond)
    pixels.screenEdgeZonePixels = scale.pixels(screenEdgeZoneMillimetres)
    pixels.longPressAllowableMovementPixels = scale.pixels(longPressAllowableMovementMillimetres)
    return pixels
  }
}
