// SPDX-License-Identifier: MIT
import TouchInput

/// Why a device description is not a touchscreen that libinput 1.22 would drive as one, e.g.
/// `device "AT Translated Set 2 keyboard" is not a touchscreen: keyboard`.
public struct TouchscreenRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// The device's name from its description.
  public var deviceName: String
  /// Short reason, e.g. `keyboard` or `touchpad (not a direct-touch device)`.
  public var reason: String

  public init(deviceName: String, reason: String) {
    self.deviceName = deviceName
    self.reason = reason
  }

  public var description: String { "device \"\(deviceName)\" is not a touchscreen: \(reason)" }
}

/// What the decoder needs to know about a touchscreen, derived from its description the way
/// libinput 1.22 configures a touch device (`evdev_configure_device`, `evdev_extract_abs_axes`,
/// `fallback_dispatch_init_slots`).
public struct TouchscreenCapabilities: Sendable, Hashable {
  /// True for multitouch devices (`ABS_MT_POSITION_X/Y`: protocol B with `ABS_MT_SLOT`, or
  /// protocol A without it), false for single-touch devices (`ABS_X/ABS_Y` + `BTN_TOUCH`).
  public var isMultitouch: Bool
  /// True for multitouch protocol A devices (`ABS_MT_POSITION_X/Y` without `ABS_MT_SLOT`):
  /// like libinput, the decoder runs their events through libmtdev, which turns them into
  /// protocol-B slots.
  public var usesMtdev: Bool
  /// Number of slots: `ABS_MT_SLOT` maximum + 1 on protocol B devices, 10 on protocol A
  /// devices (libinput's choice for them), 1 on single-touch devices.
  public var slotCount: Int
  /// The axes libinput maps touches with: `ABS_MT_POSITION_X/Y` on multitouch devices,
  /// `ABS_X/Y` otherwise. `resolution` is as the device reports it (may be 0).
  public var xAxis: AbsInfo
  public var yAxis: AbsInfo
  /// Units per millimetre used for millimetre coordinates. When the device reports no
  /// resolution libinput uses a fake resolution of 1, so "millimetres" are then device units.
  public var xUnitsPerMillimetre: Int32
  public var yUnitsPerMillimetre: Int32
  /// False when the resolution is libinput's fake one (the device reported 0).
  public var hasRealResolution: Bool
  /// Whether the device reports `ABS_MT_TOOL_TYPE`, which enables libinput's palm handling.
  public var reportsToolType: Bool
  /// libinput's touch hysteresis margin (fuzz / 2 per axis); used when either fuzz is nonzero.
  public var hysteresisMarginX: Int32
  public var hysteresisMarginY: Int32
  public var wantsHysteresis: Bool

  /// The largest slot count the decoder accepts (a hostile description must not make it
  /// allocate without bound).
  public static let maximumSlotCount = 256

  /// Evaluates `description` like libinput: accepted when it is a direct-touch device
  /// (`INPUT_PROP_DIRECT` or udev `ID_INPUT_TOUCHSCREEN=1`) with `ABS_X/ABS_Y` or
  /// `ABS_MT_POSITION_X/Y` and `BTN_TOUCH`, and none of libinput's reasons to reject it apply.
  /// Multitouch protocol A devices (positions without `ABS_MT_SLOT`) are accepted with
  /// `usesMtdev` set, as libinput accepts them.
  public static func evaluate(_ description: EvdevDeviceDescription) -> Result<
    TouchscreenCapabilities, TouchscreenRefusal
  > {
    let name = description.name
    func refuse(_ reason: String) -> Result<TouchscreenCapabilities, TouchscreenRefusal> {
      .failure(TouchscreenRefusal(deviceName: name, reason: reason))
    }
    let udev = UdevFlags(description.udevProperties)
    func hasAbs(_ code: UInt16) -> Bool {
      description.supports(type: EvdevCodes.EV_ABS, code: code)
    }
    let evRel: UInt16 = 0x02
    let hasXY = hasAbs(EvdevCodes.ABS_X) && hasAbs(EvdevCodes.ABS_Y)
    let hasMTXY =
      hasAbs(EvdevCodes.ABS_MT_POSITION_X) && hasAbs(EvdevCodes.ABS_MT_POSITION_Y)
    let hasRelXY =
      description.supports(type: evRel, code: 0) || description.supports(type: evRel, code: 1)
    let isDirect = description.properties.contains(EvdevCodes.INPUT_PROP_DIRECT)
    let hasBtnTouch = description.supports(type: EvdevCodes.EV_KEY, code: EvdevCodes.BTN_TOUCH)
    // KEY_Q ... KEY_P: the keys libinput and udev look for to call a device a keyboard.
    let hasLetterKeys = (16...25).allSatisfy {
      description.supports(type: EvdevCodes.EV_KEY, code: UInt16($0))
    }

    if udev.value("ID_INPUT") == false {
      return refuse("udev says ID_INPUT=0 (not an input device libinput would open)")
    }
    if udev.value("ID_INPUT_TOUCHPAD") == true {
      return refuse("touchpad (ID_INPUT_TOUCHPAD=1, not a direct-touch device)")
    }
    if udev.value("ID_INPUT_TABLET") == true && udev.value("ID_INPUT_TOUCHSCREEN") != true {
      return refuse("graphics tablet (ID_INPUT_TABLET=1), handled by libinput as a tablet")
    }
    if !hasXY && !hasMTXY {
      if hasLetterKeys || udev.value("ID_INPUT_KEYBOARD") == true {
        return refuse("keyboard")
      }
      if hasRelXY || udev.value("ID_INPUT_MOUSE") == true {
        return refuse("mouse or pointer (relative motion, no absolute position axes)")
      }
      return refuse("no absolute position axes (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)")
    }
    if !isDirect && udev.value("ID_INPUT_TOUCHSCREEN") != true {
      if hasBtnTouch
        || description.supports(type: EvdevCodes.EV_KEY, code: EvdevCodes.BTN_TOOL_FINGER)
      {
        return refuse("touchpad (not a direct-touch device)")
      }
      return refuse(
        "not a direct-touch device (neither INPUT_PROP_DIRECT nor ID_INPUT_TOUCHSCREEN=1)")
    }
    if !hasBtnTouch {
      return refuse("direct device without BTN_TOUCH (no touch contact reporting)")
    }
    // evdev_reject_device: axes must come in pairs.
    if hasAbs(EvdevCodes.ABS_X) != hasAbs(EvdevCodes.ABS_Y) {
      return refuse("kernel bug: has only one of ABS_X/ABS_Y (libinput rejects the device)")
    }
    if hasAbs(EvdevCodes.ABS_MT_POSITION_X) != hasAbs(EvdevCodes.ABS_MT_POSITION_Y) {
      return refuse(
        "kernel bug: has only one of ABS_MT_POSITION_X/Y (libinput rejects the device)")
    }
    let hasSlot = hasAbs(EvdevCodes.ABS_MT_SLOT)
    // evdev_need_mtdev: multitouch positions without slots are protocol A.
    let usesMtdev = hasMTXY && !hasSlot
    // libevdev treats ABS_MT_SLOT together with the code below it as a "fake MT" device and
    // libinput then drops the touchscreen tag.
    if hasSlot && hasAbs(EvdevCodes.ABS_MT_SLOT - 1) {
      return refuse("fake multitouch device (ABS_MT_SLOT is not a real slot axis)")
    }
    if hasSlot && !hasMTXY {
      return refuse("has ABS_MT_SLOT but no ABS_MT_POSITION_X/Y")
    }
    let isMultitouch = hasMTXY
    let xCode = isMultitouch ? EvdevCodes.ABS_MT_POSITION_X : EvdevCodes.ABS_X
    let yCode = isMultitouch ? EvdevCodes.ABS_MT_POSITION_Y : EvdevCodes.ABS_Y
    guard let xAxis = description.absinfo[xCode], let yAxis = description.absinfo[yCode] else {
      return refuse("absinfo for axis \(hex(xCode))/\(hex(yCode)) is missing")
    }
    // evdev_check_min_max (ABS_MISC, ABS_MT_SLOT and ABS_MT_TOOL_TYPE are exempt; min == max
    // == 0 between ABS_MISC and ABS_MT_SLOT only disables that axis).
    for (code, info) in description.absinfo.sorted(by: { $0.key < $1.key })
    where hasAbs(code) && info.minimum == info.maximum {
      if code == 0x28 || code == EvdevCodes.ABS_MT_SLOT || code == EvdevCodes.ABS_MT_TOOL_TYPE {
        continue
      }
      if info.minimum == 0 && code >= 0x28 && code < EvdevCodes.ABS_MT_SLOT { continue }
      return refuse("kernel bug: device has min == max on axis \(hex(code))")
    }
    for (code, info) in [(xCode, xAxis), (yCode, yAxis)] where info.maximum < info.minimum {
      return refuse(
        "axis \(hex(code)) has an empty range [\(info.minimum), \(info.maximum)]")
    }
    for (x, y) in [(EvdevCodes.ABS_X, EvdevCodes.ABS_Y), (xCode, yCode)] {
      guard let xi = description.absinfo[x], let yi = description.absinfo[y] else { continue }
      if (xi.resolution == 0) != (yi.resolution == 0) {
        return refuse("kernel bug: kernel has only x or y resolution, not both")
      }
    }
    var slotCount = 1
    if usesMtdev {
      // fallback_dispatch_init_slots: "pick 10 slots as default for type A devices".
      slotCount = 10
    } else if isMultitouch {
      guard let slotInfo = description.absinfo[EvdevCodes.ABS_MT_SLOT] else {
        return refuse("absinfo for ABS_MT_SLOT is missing")
      }
      let count = Int(slotInfo.maximum) + 1
      guard count >= 1 && count <= maximumSlotCount else {
        return refuse(
          "ABS_MT_SLOT maximum \(slotInfo.maximum) gives \(count) slots "
            + "(the decoder supports 1...\(maximumSlotCount))")
      }
      slotCount = count
    }
    // evdev_fix_abs_resolution: no resolution -> fake resolution of 1 unit per millimetre.
    let fake = xAxis.resolution == 0 && yAxis.resolution == 0
    let xRes = fake ? 1 : max(xAxis.resolution, 1)
    let yRes = fake ? 1 : max(yAxis.resolution, 1)
    // Touch hysteresis (fallback_dispatch_init_slots): multitouch axes keep a nonzero kernel
    // fuzz, or take LIBINPUT_FUZZ_<code> from udev when the kernel fuzz is 0.
    var fuzzX: Int32 = 0
    var fuzzY: Int32 = 0
    if isMultitouch {
      fuzzX = xAxis.fuzz != 0 ? xAxis.fuzz : (udev.fuzz(for: xCode) ?? 0)
      fuzzY = yAxis.fuzz != 0 ? yAxis.fuzz : (udev.fuzz(for: yCode) ?? 0)
    }
    return .success(
      TouchscreenCapabilities(
        isMultitouch: isMultitouch, usesMtdev: usesMtdev, slotCount: slotCount, xAxis: xAxis,
        yAxis: yAxis,
        xUnitsPerMillimetre: xRes, yUnitsPerMillimetre: yRes, hasRealResolution: !fake,
        reportsToolType: isMultitouch && hasAbs(EvdevCodes.ABS_MT_TOOL_TYPE),
        hysteresisMarginX: fuzzX / 2, hysteresisMarginY: fuzzY / 2,
        wantsHysteresis: fuzzX != 0 || fuzzY != 0))
  }

  private static func hex(_ code: UInt16) -> String { "0x" + String(code, radix: 16) }
}

/// The boolean and fuzz udev properties libinput reads, parsed from `KEY=value` strings.
struct UdevFlags {
  private var values: [String: String] = [:]

  init(_ properties: [String]) {
    for property in properties {
      guard let equals = property.firstIndex(of: "=") else { continue }
      values[String(property[..<equals])] = String(property[property.index(after: equals)...])
    }
  }

  /// `true`/`false` for "1"/"0" (libinput's `parse_boolean_property`), nil when absent or
  /// unparsable.
  func value(_ key: String) -> Bool? {
    switch values[key] {
    case "1": return true
    case "0": return false
    default: return nil
    }
  }

  /// `LIBINPUT_FUZZ_<code as two hex digits>` when present and a non-negative integer.
  func fuzz(for code: UInt16) -> Int32? {
    var digits = String(code, radix: 16)
    if digits.count < 2 { digits = "0" + digits }
    guard let text = values["LIBINPUT_FUZZ_" + digits], let fuzz = Int32(text), fuzz >= 0
    else { return nil }
    return fuzz
  }
}
