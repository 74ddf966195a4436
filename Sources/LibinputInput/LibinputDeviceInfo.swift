// SPDX-License-Identifier: MIT
import TouchInput

/// What a `LibinputTouchSource` knows about one touch device it reports events for.
public struct LibinputDeviceInfo: Sendable, Hashable {
  /// The source's own number for the device (`TouchInputEvent.device`), counting from 0 in
  /// the order devices were added; never reused within one source.
  public var id: Int
  /// The kernel device name, e.g. `"ELAN Touchscreen"`.
  public var name: String
  /// The device node, e.g. `/dev/input/event5` (empty if udev does not know one).
  public var node: String
  /// The seat the device belongs to, e.g. `seat0`.
  public var seat: String
  /// Physical size of the touch surface (`libinput_device_get_size`), when the device reports
  /// a resolution.
  public var widthMillimetres: Double?
  public var heightMillimetres: Double?

  /// The two sizes above together; nil when the device reports no resolution.
  public var surfaceSize: TouchSurfaceSize? {
    guard let width = widthMillimetres, let height = heightMillimetres else { return nil }
    return TouchSurfaceSize(widthMillimetres: width, heightMillimetres: height)
  }

  public init(
    id: Int, name: String, node: String, seat: String, widthMillimetres: Double? = nil,
    heightMillimetres: Double? = nil
  ) {
    self.id = id
    self.name = name
    self.node = node
    self.seat = seat
    self.widthMillimetres = widthMillimetres
    self.heightMillimetres = heightMillimetres
  }
}
