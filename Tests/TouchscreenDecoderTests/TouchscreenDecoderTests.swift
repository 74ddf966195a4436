// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

final class TouchscreenDecoderTests: XCTestCase {
  func testOneFingerTapIsADownFrameThenAnUpFrame() throws {
    var script = EventScript()
    script.frame(at: 1_000) {
      $0.trackingID(1)
      $0.x(960)
      $0.y(540)
      $0.key(EvdevCodes.BTN_TOUCH, 1)
    }
    script.frame(at: 50_000) {
      $0.trackingID(-1)
      $0.key(EvdevCodes.BTN_TOUCH, 0)
    }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(
      events,
      [
        TouchInputEvent(
          kind: .down, timeMicroseconds: 1_000, device: 0, slot: 0, seatSlot: 0, x: 960, y: 540,
          xMillimetres: 120, yMillimetres: 67.5),
        TouchInputEvent(kind: .frame, timeMicroseconds: 1_000, device: 0),
        TouchInputEvent(kind: .up, timeMicroseconds: 50_000, device: 0, slot: 0, seatSlot: 0),
        TouchInputEvent(kind: .frame, timeMicroseconds: 50_000, device: 0),
      ])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(decoder.diagnostics, [])
    XCTAssertEqual(decoder.activeTouchCount, 0)
  }

  func testTwoFingerPinchReportsOnlyTheSlotsThatChangedInSlotOrder() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.x(760)
      $0.y(540)
      $0.slot(1)
      $0.trackingID(2)
      $0.x(1160)
      $0.y(540)
    }
    // Both fingers move apart; slot 1 is reported first to check the output order.
    script.frame(at: 10_000) {
      $0.x(1180)
      $0.slot(0)
      $0.x(740)
    }
    // Only slot 1 (selected again) moves.
    script.frame(at: 20_000) {
      $0.slot(1)
      $0.x(1200)
    }
    // Only slot 0 moves, and only on y: x keeps its last value.
    script.frame(at: 30_000) {
      $0.slot(0)
      $0.y(600)
    }
    script.frame(at: 40_000) {
      $0.trackingID(-1)
      $0.slot(1)
      $0.trackingID(-1)
    }
    let (events, _) = try decode(script.events, description: TestDevices.multitouch())

    let summary = events.map { event -> String in
      switch event.kind {
      case .frame: return "frame@\(event.timeMicroseconds)"
      case .up, .cancel: return "\(event.kind) s\(event.slot)/\(event.seatSlot)"
      case .down, .motion:
        return "\(event.kind) s\(event.slot)/\(event.seatSlot) \(Int(event.x)),\(Int(event.y))"
      }
    }
    XCTAssertEqual(
      summary,
      [
        "down s0/0 760,540", "down s1/1 1160,540", "frame@0",
        "motion s0/0 740,540", "motion s1/1 1180,540", "frame@10000",
        "motion s1/1 1200,540", "frame@20000",
        "motion s0/0 740,600", "frame@30000",
        "up s0/0", "up s1/1", "frame@40000",
      ])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testCoordinatesMapToTheScreenAndMillimetresOnA1919x1079Resolution8Device() throws {
    let description = TestDevices.multitouch()
    var script = EventScript()
    for (index, point) in [(0, 0), (1919, 1079), (960, 540)].enumerated() {
      script.frame(at: UInt64(index) * 20_000) {
        $0.trackingID(Int32(index + 1))
        $0.x(Int32(point.0))
        $0.y(Int32(point.1))
      }
      script.frame(at: UInt64(index) * 20_000 + 10_000) { $0.trackingID(-1) }
    }
    let downs = try decode(script.events, description: description).events.filter {
      $0.kind == .down
    }
    XCTAssertEqual(downs.map(\.x), [0, 1919, 960])
    XCTAssertEqual(downs.map(\.y), [0, 1079, 540])
    XCTAssertEqual(downs.map(\.xMillimetres), [0, 239.875, 120])
    XCTAssertEqual(downs.map(\.yMillimetres), [0, 134.875, 67.5])

    let small = try decode(
      script.events, description: description, screen: ScreenSize(width: 1280, height: 720)
    ).events.filter { $0.kind == .down }
    // (value - min) * width / (max - min + 1)
    XCTAssertEqual(small.map(\.x), [0, 1919.0 * 1280 / 1920, 640])
    XCTAssertEqual(small.map(\.y), [0, 1079.0 * 720 / 1080, 360])
    XCTAssertEqual(small.map(\.xMillimetres), [0, 239.875, 120], "millimetres ignore the screen")
  }

  func testAResolution0DeviceReportsDeviceUnitsAsMillimetresLikeLibinput() throws {
    // x: 100...4195 (4096 units), y: 100...2147 (2048 units), no resolution.
    let description = TestDevices.multitouch(
      xMaximum: 4195, yMaximum: 2147, minimum: 100, resolution: 0)
    let capabilities = try TouchscreenCapabilities.evaluate(description).get()
    XCTAssertFalse(capabilities.hasRealResolution)
    XCTAssertEqual(capabilities.xUnitsPerMillimetre, 1)

    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.x(2148)
      $0.y(1124)
    }
    let down = try XCTUnwrap(
      try decode(script.events, description: description).events.first)
    XCTAssertEqual(down.x, 960)
    XCTAssertEqual(down.y, 540)
    XCTAssertEqual(down.xMillimetres, 2048, "fake resolution 1: millimetres are device units")
    XCTAssertEqual(down.yMillimetres, 1024)
  }

  func testASingleTouchDeviceReportsOneTouchOnSlot0() throws {
    var script = EventScript()
    script.frame(at: 1_000) {
      $0.key(EvdevCodes.BTN_TOUCH, 1)
      $0.abs(EvdevCodes.ABS_X, 100)
      $0.abs(EvdevCodes.ABS_Y, 200)
    }
    script.frame(at: 2_000) { $0.abs(EvdevCodes.ABS_X, 110) }
    script.frame(at: 3_000) { $0.key(EvdevCodes.BTN_TOUCH, 0) }
    script.frame(at: 4_000) { $0.abs(EvdevCodes.ABS_Y, 300) }  // hovering: nothing
    script.frame(at: 5_000) {
      $0.key(EvdevCodes.BTN_TOUCH, 1)
      $0.abs(EvdevCodes.ABS_X, 500)
    }
    let (events, decoder) = try decode(
      script.events, description: TestDevices.singleTouch(), finishAt: 9_000)

    XCTAssertFalse(decoder.capabilities.isMultitouch)
    XCTAssertEqual(
      events.map(\.kind),
      [
        .down, .motion, .frame, .motion, .frame, .up, .frame, .down, .motion, .frame, .cancel,
        .frame,
      ])
    XCTAssertEqual(events[0].slot, 0)
    XCTAssertEqual(events[0].seatSlot, 0)
    XCTAssertEqual(events[0].x, 100)
    XCTAssertEqual(events[0].y, 200)
    XCTAssertEqual(events[3].x, 110)
    XCTAssertEqual(events[7].x, 500)
    XCTAssertEqual(events[7].y, 300, "the last reported y is kept")
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testAPalmCancelsTheTouchAndTheNextFingerOnThatSlotWorks() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(5)
      $0.x(100)
      $0.y(100)
    }
    script.frame(at: 10_000) { $0.toolType(EvdevCodes.MT_TOOL_PALM) }
    script.frame(at: 20_000) { $0.x(140) }
    script.frame(at: 30_000) { $0.toolType(EvdevCodes.MT_TOOL_FINGER) }  // still ignored
    script.frame(at: 40_000) { $0.trackingID(-1) }
    script.frame(at: 50_000) {
      $0.trackingID(6)
      $0.x(300)
    }
    script.frame(at: 60_000) { $0.trackingID(-1) }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(
      events.map(\.kind), [.down, .frame, .cancel, .frame, .down, .frame, .up, .frame])
    XCTAssertEqual(events[2].timeMicroseconds, 10_000)
    XCTAssertEqual(events[4].timeMicroseconds, 50_000)
    XCTAssertEqual(events[4].x, 300)
    XCTAssertEqual(events[4].seatSlot, 0)
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(decoder.diagnostics, [], "a palm is not a misbehaviour")
  }

  func testATouchThatStartsAsAPalmIsNeverSentAndAResetAfterTheTrackingIDIsTooLate() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.toolType(EvdevCodes.MT_TOOL_PALM)
      $0.trackingID(1)
      $0.x(100)
    }
    script.frame(at: 10_000) { $0.trackingID(-1) }
    // libinput reads the tool type when the tracking id arrives: this finger stays a palm.
    script.frame(at: 20_000) {
      $0.trackingID(2)
      $0.toolType(EvdevCodes.MT_TOOL_FINGER)
    }
    script.frame(at: 30_000) { $0.trackingID(-1) }
    script.frame(at: 40_000) { $0.trackingID(3) }
    script.frame(at: 50_000) { $0.trackingID(-1) }
    let (events, _) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.map(\.kind), [.down, .frame, .up, .frame])
    XCTAssertEqual(events[0].timeMicroseconds, 40_000)
  }

  func testAFuzzyDeviceSwallowsJitterWithLibinputsHysteresis() throws {
    // fuzz 8 -> hysteresis margin 4 around the last reported point.
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.x(1000)
      $0.y(1000)
    }
    script.frame(at: 10_000) {
      $0.x(1002)
      $0.y(1001)
    }
    script.frame(at: 20_000) { $0.x(1010) }
    script.frame(at: 30_000) { $0.x(1008) }
    script.frame(at: 40_000) { $0.x(1020) }
    let (events, _) = try decode(script.events, description: TestDevices.multitouch(fuzz: 8))

    let motions = events.filter { $0.kind == .motion }
    XCTAssertEqual(motions.map(\.timeMicroseconds), [20_000, 40_000])
    XCTAssertEqual(motions.map(\.x), [1010, 1020], "libinput reports the unfiltered position")
    // ...but keeps the filtered point: the swallowed y of 1001 fell back to the centre 1000.
    XCTAssertEqual(motions.map(\.y), [1000, 1000])
  }

  func testLibinputHysteresisKeepsTheCentreInsideTheMarginAndDragsItOutside() {
    XCTAssertTrue(
      TouchscreenDecoder.hysteresis(
        x: 3, y: 0, centerX: 0, centerY: 0, marginX: 4, marginY: 4) == (0, 0))
    XCTAssertTrue(
      TouchscreenDecoder.hysteresis(
        x: 10, y: 0, centerX: 0, centerY: 0, marginX: 4, marginY: 4) == (6, 0))
    XCTAssertTrue(
      TouchscreenDecoder.hysteresis(
        x: 0, y: -10, centerX: 0, centerY: 0, marginX: 4, marginY: 4) == (0, -6))
    XCTAssertTrue(
      TouchscreenDecoder.hysteresis(
        x: 7, y: 0, centerX: 0, centerY: 0, marginX: 0, marginY: 4) == (7, 0))
  }
}
