// SPDX-License-Identifier: MIT
/// The physical size of a touchscreen's touch surface in millimetres, as libinput reports it
/// (`libinput_device_get_size`): `(maximum - minimum) / resolution` of `ABS_X` and `ABS_Y`.
/// A device that reports no resolution (libinput's fake resolution) has no size.
public struct TouchSurfaceSize: Sendable, Hashable {
  public var widthMillimetres: Double
  public var heightMillimetres: Double

  /// nil unless both sizes are finite and positive.
  public init?(widthMillimetres: Double, heightMillimetres: Double) {
    guard widthMillimetres.isFinite, heightMillimetres.isFinite, widthMillimetres > 0,
      heightMillimetres > 0
    else { return nil }
    self.widthMillimetres = widthMillimetres
    self.heightMillimetres = heightMillimetres
  }
}
