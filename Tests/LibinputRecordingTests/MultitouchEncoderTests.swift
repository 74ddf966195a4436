// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

final class MultitouchEncoderTests: XCTestCase {
  private let syn = EvdevCodes.EV_SYN
  private let key = EvdevCodes.EV_KEY
  private let abs = EvdevCodes.EV_ABS

  /// Events as `(time, type, code, value)` for compact expectations.
  private func compact(_ events: [EvdevEvent]) -> [[Int64]] {
    events.map { [Int64($0.timeMicroseconds), Int64($0.type), Int64($0.code), Int64($0.value)] }
  }

  func testTapIsTrackingIdPositionButtonAndPointerEmulation() throws {
    let events = try MultitouchEncoder.events(
      for: .tap(at: (960, 540), start: 500_000, duration: 80_000), rateHz: 120)
    XCTAssertEqual(
      compact(events),
      [
        [0, 0, 0, 0],
        [500_000, 3, 57, 1], [500_000, 3, 53, 960], [500_000, 3, 54, 540], [500_000, 1, 330, 1],
        [500_000, 3, 0, 960], [500_000, 3, 1, 540], [500_000, 0, 0, 0],
        [580_000, 3, 57, -1], [580_000, 1, 330, 0], [580_000, 0, 0, 0],
      ])
  }

  func testSecondFingerGetsTheNextSlotAndSlotIsOnlyWrittenWhenItChanges() throws {
    let events = try MultitouchEncoder.events(
      for: .pinch(center: (960, 540), fromSpan: 400, toSpan: 440, start: 0, duration: 20_000),
      rateHz: 100, leadInFrame: false)
    XCTAssertEqual(
      compact(events),
      [
        // Both fingers down, like the real recording's first frame.
        [0, 3, 57, 1], [0, 3, 53, 760], [0, 3, 54, 540],
        [0, 3, 47, 1], [0, 3, 57, 2], [0, 3, 53, 1160], [0, 3, 54, 540],
        [0, 1, 330, 1], [0, 3, 0, 760], [0, 3, 1, 540], [0, 0, 0, 0],
        // Only X changes; slot 0 is selected again.
        [10_000, 3, 47, 0], [10_000, 3, 53, 750], [10_000, 3, 47, 1], [10_000, 3, 53, 1170],
        [10_000, 3, 0, 750], [10_000, 0, 0, 0],
        // Both lift, in slot order.
        [20_000, 3, 47, 0], [20_000, 3, 57, -1], [20_000, 3, 47, 1], [20_000, 3, 57, -1],
        [20_000, 1, 330, 0], [20_000, 0, 0, 0],
      ])
  }

  func testUnchangedAxesAreNotRepeated() throws {
    let events = try MultitouchEncoder.events(
      for: .drag(from: (100, 100), to: (100, 400), start: 0, duration: 100_000), rateHz: 50,
      leadInFrame: false)
    let moves = events.filter { $0.timeMicroseconds > 0 && $0.timeMicroseconds < 100_000 }
    XCTAssertFalse(moves.isEmpty)
    XCTAssertFalse(moves.contains { $0.type == abs && ($0.code == 53 || $0.code == 0) })
    XCTAssertFalse(moves.contains { $0.type == abs && $0.code == 47 })
    XCTAssertEqual(moves.filter { $0.code == 54 }.map(\.value), [160, 220, 280, 340])
  }

  func testPalmSetsToolTypeThenReleasesInTheNextFrameAndResetsBeforeTheNextTouch() throws {
    let script =
      TouchScript.hold(at: (100, 100), start: 500_000, duration: 100_000, ending: .cancel)
      + TouchScript.drag(from: (500, 500), to: (500, 700), start: 550_000, duration: 200_000)
      + TouchScript.tap(at: (300, 300), start: 700_000)
    // At 120 Hz the frame after the palm (608 333 µs) is when the release falls due.
    let events = try MultitouchEncoder.events(for: script, rateHz: 120, leadInFrame: false)
    let palmFrame = events.filter { $0.timeMicroseconds == 600_000 }
    XCTAssertEqual(
      compact(palmFrame),
      [
        [600_000, 3, 47, 0], [600_000, 3, 55, 2],
        [600_000, 3, 47, 1], [600_000, 3, 54, 550], [600_000, 0, 0, 0],
      ])
    let releaseFrame = events.filter { $0.timeMicroseconds == 608_333 }
    XCTAssertEqual(
      compact(releaseFrame),
      [
        [608_333, 3, 47, 0], [608_333, 3, 57, -1],
        [608_333, 3, 47, 1], [608_333, 3, 54, 558], [608_333, 3, 0, 500], [608_333, 3, 1, 558],
        [608_333, 0, 0, 0],
      ])
    let nextTouch = events.filter { $0.timeMicroseconds == 700_000 }
    XCTAssertEqual(
      compact(nextTouch),
      [
        [700_000, 3, 47, 0], [700_000, 3, 55, 0], [700_000, 3, 57, 3], [700_000, 3, 53, 300],
        [700_000, 3, 54, 300],
        [700_000, 3, 47, 1], [700_000, 3, 54, 650],
        [700_000, 3, 0, 300], [700_000, 3, 1, 300], [700_000, 0, 0, 0],
      ])
  }

  func testPalmAtTheEndIsReleasedInAFrameOfItsOwn() throws {
    let events = try MultitouchEncoder.events(
      for: .hold(at: (10, 10), start: 0, duration: 50_000, ending: .cancel), rateHz: 120,
      leadInFrame: false)
    XCTAssertEqual(
      compact(events.suffix(5)),
      [
        [50_000, 3, 55, 2], [50_000, 0, 0, 0],
        [58_333, 3, 57, -1], [58_333, 1, 330, 0], [58_333, 0, 0, 0],
      ])
  }

  func testEveryFrameEndsWithSynReportAndStaysInTimeOrder() throws {
    let script =
      TouchScript.rotate(
        center: (960, 540), radius: 150, fromDegrees: 0, toDegrees: 90, start: 500_000,
        duration: 600_000)
      + .tap(at: (100, 100), start: 600_000)
    let events = try MultitouchEncoder.events(for: script, rateHz: 120)
    XCTAssertEqual(events.last?.type, syn)
    let times = events.map(\.timeMicroseconds)
    XCTAssertEqual(times, times.sorted())
    var frameTime: UInt64?
    for event in events {
      if let frameTime { XCTAssertEqual(event.timeMicroseconds, frameTime) }
      frameTime = event.type == syn ? nil : event.timeMicroseconds
    }
  }

  func testMoreFingersThanSlotsIsAnError() throws {
    var script = TouchScript()
    for finger in 0..<11 { script = script + .tap(at: (Double(finger * 10), 10), start: 0) }
    XCTAssertThrowsError(try MultitouchEncoder.events(for: script, rateHz: 120)) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot encode touch script frame at 0 µs: more than 10 fingers down at once (the "
          + "device has 10 slots)")
    }
  }

  func testScreenPixelsScaleToTheDeviceRangeAndClamp() throws {
    var device = EvdevDeviceDescription.syntheticTouchscreen
    device.absinfo[EvdevCodes.ABS_MT_POSITION_X] = AbsInfo(minimum: 100, maximum: 4195)
    device.absinfo[EvdevCodes.ABS_MT_POSITION_Y] = AbsInfo(minimum: 0, maximum: 2159)
    let events = try MultitouchEncoder.events(
      for: .tap(at: (960, 540), start: 0) + .tap(at: (5000, -20), start: 0), rateHz: 120,
      device: device, leadInFrame: false)
    let xs = events.filter { $0.code == EvdevCodes.ABS_MT_POSITION_X }.map(\.value)
    let ys = events.filter { $0.code == EvdevCodes.ABS_MT_POSITION_Y }.map(\.value)
    let expectedXs: [Int32] = [100 + 2048, 4195]  // Swift 6.2 infers no Int32 sum in place
    XCTAssertEqual(xs, expectedXs)
    XCTAssertEqual(ys, [1080, 0])
  }

  func testDeviceWithoutMultitouchIsRefused() {
    var device = EvdevDeviceDescription.syntheticTouchscreen
    device.absinfo[EvdevCodes.ABS_MT_SLOT] = nil
    XCTAssertThrowsError(try MultitouchEncoder(device: device))
  }

  func testProtocolAListsEveryFingerInEachFrameAndAnEmptyListAtTheLift() throws {
    let events = try MultitouchEncoder.events(
      for: .pinch(center: (960, 540), fromSpan: 400, toSpan: 440, start: 0, duration: 20_000),
      rateHz: 100, device: .syntheticProtocolATouchscreen, leadInFrame: false)
    XCTAssertEqual(
      compact(events),
      [
        // Both contacts, each ended by SYN_MT_REPORT; no slots, no tracking ids.
        [0, 3, 53, 760], [0, 3, 54, 540], [0, 0, 2, 0], [0, 3, 53, 1160], [0, 3, 54, 540],
        [0, 0, 2, 0], [0, 1, 330, 1], [0, 3, 0, 760], [0, 3, 1, 540], [0, 0, 0, 0],
        // Every frame lists every contact, changed or not.
        [10_000, 3, 53, 750], [10_000, 3, 54, 540], [10_000, 0, 2, 0], [10_000, 3, 53, 1170],
        [10_000, 3, 54, 540], [10_000, 0, 2, 0], [10_000, 3, 0, 750], [10_000, 0, 0, 0],
        // No contacts left: a lone SYN_MT_REPORT.
        [20_000, 0, 2, 0], [20_000, 1, 330, 0], [20_000, 0, 0, 0],
      ])
  }

  func testProtocolAKeepsTheLandingOrderWhenAnEarlierFingerLifts() throws {
    let first = TouchScript.tap(at: (100, 100), start: 0, duration: 20_000)
    let second = TouchScript.tap(at: (900, 100), start: 10_000, duration: 30_000)
    let third = TouchScript.tap(at: (500, 500), start: 30_000, duration: 20_000)
    let events = try MultitouchEncoder.events(
      for: first + second + third, rateHz: 100, device: .syntheticProtocolATouchscreen,
      leadInFrame: false)
    let xsPerFrame = events.split { $0.type == 0 && $0.code == 0 }.map { frame in
      frame.filter { $0.code == EvdevCodes.ABS_MT_POSITION_X }.map(\.value)
    }
    XCTAssertEqual(xsPerFrame, [[100], [100, 900], [900], [900, 500], [500], []])
  }

  func testProtocolAHasNoPalms() {
    let palm = TouchScript.drag(
      from: (100, 100), to: (140, 100), start: 0, duration: 20_000, ending: .cancel)
    XCTAssertThrowsError(
      try MultitouchEncoder.events(
        for: palm, rateHz: 100, device: .syntheticProtocolATouchscreen))
  }

  func testSyntheticProtocolATouchscreenIsTheProtocolBOneWithoutSlots() {
    let device = EvdevDeviceDescription.syntheticProtocolATouchscreen
    XCTAssertEqual(device.name, "GestureBridge Synthetic Protocol-A Touchscreen")
    XCTAssertEqual(
      device.codes[abs], [EvdevCodes.ABS_X, EvdevCodes.ABS_Y, 53, 54], "no slot, id or tool")
    XCTAssertEqual(device.absinfo[EvdevCodes.ABS_MT_SLOT], nil)
    XCTAssertEqual(
      device.absinfo[EvdevCodes.ABS_MT_POSITION_X],
      EvdevDeviceDescription.syntheticTouchscreen.absinfo[EvdevCodes.ABS_MT_POSITION_X])
  }

  func testSyntheticTouchscreenDescription() {
    let device = EvdevDeviceDescription.syntheticTouchscreen
    XCTAssertEqual(device.name, "GestureBridge Synthetic Touchscreen")
    XCTAssertEqual(device.properties, [EvdevCodes.INPUT_PROP_DIRECT])
    XCTAssertTrue(device.supports(type: abs, code: EvdevCodes.ABS_MT_TOOL_TYPE))
    XCTAssertTrue(device.supports(type: key, code: EvdevCodes.BTN_TOUCH))
    XCTAssertEqual(
      device.absinfo[EvdevCodes.ABS_X], AbsInfo(minimum: 0, maximum: 1919, resolution: 8))
    XCTAssertEqual(
      device.absinfo[EvdevCodes.ABS_Y], AbsInfo(minimum: 0, maximum: 1079, resolution: 8))
    XCTAssertTrue(device.udevProperties.contains("ID_INPUT_TOUCHSCREEN=1"))
    XCTAssertTrue(device.udevProperties.contains("ID_INPUT_WIDTH_MM=240"))
    XCTAssertTrue(device.udevProperties.contains("ID_INPUT_HEIGHT_MM=135"))
  }
}
