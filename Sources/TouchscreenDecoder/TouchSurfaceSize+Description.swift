// SPDX-License-Identifier: MIT
import TouchInput

extension TouchSurfaceSize {
  /// The size libinput 1.22 reports for a device with `description`
  /// (`evdev_device_get_size`): `ABS_X` and `ABS_Y` must both exist with a nonzero resolution,
  /// and the device must not have libinput's fake resolution (which it gets when `ABS_X` and
  /// `ABS_Y`, or `ABS_MT_POSITION_X` and `_Y`, report resolution 0); the size is then
  /// `(maximum - minimum) / resolution` per axis. nil otherwise.
  public init?(description: EvdevDeviceDescription) {
    func axis(_ code: UInt16) -> AbsInfo? {
      description.supports(type: EvdevCodes.EV_ABS, code: code) ? description.absinfo[code] : nil
    }
    guard let x = axis(EvdevCodes.ABS_X), let y = axis(EvdevCodes.ABS_Y),
      x.resolution != 0, y.resolution != 0
    else { return nil }
    // evdev_extract_abs_axes: a fake resolution on the multitouch axes makes the whole device's
    // resolution fake.
    if let mtX = axis(EvdevCodes.ABS_MT_POSITION_X), let mtY = axis(EvdevCodes.ABS_MT_POSITION_Y),
      mtX.resolution == 0 && mtY.resolution == 0
    {
      return nil
    }
    self.init(
      widthMillimetres: Double(Int64(x.maximum) - Int64(x.minimum)) / Double(x.resolution),
      heightMillimetres: Double(Int64(y.maximum) - Int64(y.minimum)) / Double(y.resolution))
  }
}
