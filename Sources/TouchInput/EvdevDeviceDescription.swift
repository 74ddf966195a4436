// SPDX-License-Identifier: MIT
/// What a recording says about one evdev device (its `evdev:` and `udev:` sections): enough to
/// decode its events and to recreate it as a mocked device.
public struct EvdevDeviceDescription: Sendable, Hashable {
  /// `[bustype, vendor, product, version]` as in the recording's `id:` list.
  public struct InputID: Sendable, Hashable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
      (self.bustype, self.vendor, self.product, self.version) = (bustype, vendor, product, version)
    }
  }

  /// The device node the recording was made from, e.g. `/dev/input/event5`.
  public var node: String
  public var name: String
  public var id: InputID
  /// Supported event codes per event type (`codes:`), e.g. `[3: [0, 1, 47, 53, 54, 57]]`.
  public var codes: [UInt16: [UInt16]]
  /// Axis ranges per `EV_ABS` code (`absinfo:`).
  public var absinfo: [UInt16: AbsInfo]
  /// `INPUT_PROP_*` bits that are set (`properties:`), e.g. `[1]` for `INPUT_PROP_DIRECT`.
  public var properties: [UInt16]
  /// udev properties as `KEY=value` strings (`udev: properties:`), in recorded order.
  public var udevProperties: [String]
  /// libinput device quirks as `Key=value` strings (`quirks:`), in recorded order; usually
  /// empty.
  public var quirks: [String]

  public init(
    node: String, name: String, id: InputID, codes: [UInt16: [UInt16]],
    absinfo: [UInt16: AbsInfo], properties: [UInt16], udevProperties: [String],
    quirks: [String] = []
  ) {
    self.node = node
    self.name = name
    self.id = id
    self.codes = codes
    self.absinfo = absinfo
    self.properties = properties
    self.udevProperties = udevProperties
    self.quirks = quirks
  }

  /// Whether the device supports `code` of event `type`.
  public func supports(type: UInt16, code: UInt16) -> Bool {
    codes[type]?.contains(code) ?? false
  }
}

extension EvdevDeviceDescription.InputID {
  /// The four values of a recording's `id:` list, in its order; nil unless there are four.
  public init?(_ list: [UInt16]) {
    guard list.count == 4 else { return nil }
    self.init(bustype: list[0], vendor: list[1], product: list[2], version: list[3])
  }
}
