// SPDX-License-Identifier: MIT
/// How many screen pixels one millimetre of the touch surface covers: what turns the
/// millimetre thresholds of `GestureSettings` into the screen pixels the engine works in
/// (`GestureSettings.resolved(for:)`).
///
/// A touchscreen whose surface is `surfaceWidthMillimetres` x `surfaceHeightMillimetres`
/// (libinput's `libinput_device_get_size`) mapped onto a screen of `screenWidthPixels` x
/// `screenHeightPixels` (`libinput_event_touch_get_x_transformed`) has `screenWidthPixels /
/// surfaceWidthMillimetres` pixels per millimetre across and `screenHeightPixels /
/// surfaceHeightMillimetres` down. Thresholds are distances in any direction, so the scale is
/// one number: the geometric mean of the two (a circle of r mm covers as many pixels as a
/// circle of r x `pixelsPerMillimetre` px; on a screen with square pixels mapped without
/// distortion both axes agree and the mean is that value).
///
/// Example: a 6" phone, 1080x2340 px over a 63.9 x 138.4 mm touch surface -> 16.9 px/mm; a
/// 27" 4K monitor, 3840x2160 px over 597.7 x 336.2 mm -> 6.42 px/mm.
public struct PhysicalScale: Sendable, Hashable {
  /// Screen pixels per millimetre of the touch surface; finite and positive.
  public let pixelsPerMillimetre: Double

  /// nil unless `pixelsPerMillimetre` is finite and positive (an unknown scale: the settings'
  /// pixel fallbacks apply).
  public init?(pixelsPerMillimetre: Double) {
    guard pixelsPerMillimetre.isFinite, pixelsPerMillimetre > 0 else { return nil }
    self.pixelsPerMillimetre = pixelsPerMillimetre
  }

  /// The scale of a touch surface of the given size (millimetres) mapped onto a screen of the
  /// given size (pixels): the geometric mean of the two axes' pixels per millimetre. nil when
  /// any size is not finite and positive (a device without a real resolution has no size).
  public init?(
    screenWidthPixels: Double, screenHeightPixels: Double, surfaceWidthMillimetres: Double,
    surfaceHeightMillimetres: Double
  ) {
    let sizes = [
      screenWidthPixels, screenHeightPixels, surfaceWidthMillimetres, surfaceHeightMillimetres,
    ]
    guard sizes.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
    let across = screenWidthPixels / surfaceWidthMillimetres
    let down = screenHeightPixels / surfaceHeightMillimetres
    self.init(pixelsPerMillimetre: (across * down).squareRoot())
  }

  /// `millimetres` in screen pixels.
  @inline(__always)
  public func pixels(_ millimetres: Double) -> Double { millimetres * pixelsPerMillimetre }
}
