// SPDX-License-Identifier: MIT
extension EvdevDeviceDescription {
  /// GestureBridge's own multitouch touchscreen: "GestureBridge Synthetic Touchscreen" at
  /// `/dev/input/event5`, USB ids 1234:4742, protocol-B multitouch with 10 slots,
  /// X 0...1919 and Y 0...1079 at 8 units/mm (240x135 mm, one unit per pixel of a 1920x1080
  /// screen), `ABS_MT_TOOL_TYPE` 0...2 (finger, pen, palm), `BTN_TOUCH`, `INPUT_PROP_DIRECT`,
  /// and udev properties `ID_INPUT=1`, `ID_INPUT_TOUCHSCREEN=1`, `ID_INPUT_WIDTH_MM=240`,
  /// `ID_INPUT_HEIGHT_MM=135`.
  public static let syntheticTouchscreen = EvdevDeviceDescription(
    node: "/dev/input/event5", name: "GestureBridge Synthetic Touchscreen",
    id: InputID(bustype: 0x03, vendor: 0x1234, product: 0x4742, version: 0x0001),
    codes: [
      EvdevCodes.EV_SYN: Array(0...15),
      EvdevCodes.EV_KEY: [EvdevCodes.BTN_TOUCH],
      EvdevCodes.EV_ABS: [
        EvdevCodes.ABS_X, EvdevCodes.ABS_Y, EvdevCodes.ABS_MT_SLOT, EvdevCodes.ABS_MT_POSITION_X,
        EvdevCodes.ABS_MT_POSITION_Y, EvdevCodes.ABS_MT_TOOL_TYPE, EvdevCodes.ABS_MT_TRACKING_ID,
      ],
    ],
    absinfo: [
      EvdevCodes.ABS_X: AbsInfo(minimum: 0, maximum: 1919, resolution: 8),
      EvdevCodes.ABS_Y: AbsInfo(minimum: 0, maximum: 1079, resolution: 8),
      EvdevCodes.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
      EvdevCodes.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1919, resolution: 8),
      EvdevCodes.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1079, resolution: 8),
      EvdevCodes.ABS_MT_TOOL_TYPE: AbsInfo(minimum: 0, maximum: 2),
      EvdevCodes.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
    ],
    properties: [EvdevCodes.INPUT_PROP_DIRECT],
    udevProperties: [
      "ID_INPUT=1", "ID_INPUT_HEIGHT_MM=135", "ID_INPUT_TOUCHSCREEN=1", "ID_INPUT_WIDTH_MM=240",
    ])

  /// GestureBridge's multitouch protocol-A touchscreen: "GestureBridge Synthetic Protocol-A
  /// Touchscreen" at `/dev/input/event6`, USB ids 1234:4741, `syntheticTouchscreen` without
  /// `ABS_MT_SLOT`, `ABS_MT_TRACKING_ID` and `ABS_MT_TOOL_TYPE`: a packet lists the contacts and
  /// libmtdev tracks them (in libinput and in the decoder).
  public static let syntheticProtocolATouchscreen: EvdevDeviceDescription = {
    var description = syntheticTouchscreen
    description.node = "/dev/input/event6"
    description.name = "GestureBridge Synthetic Protocol-A Touchscreen"
    description.id.product = 0x4741
    let protocolBOnly = [
      EvdevCodes.ABS_MT_SLOT, EvdevCodes.ABS_MT_TRACKING_ID, EvdevCodes.ABS_MT_TOOL_TYPE,
    ]
    description.codes[EvdevCodes.EV_ABS]?.removeAll { protocolBOnly.contains($0) }
    for code in protocolBOnly { description.absinfo[code] = nil }
    return description
  }()
}
