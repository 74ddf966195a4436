// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

/// Streams a misbehaving kernel (or a cut recording) could produce: the output stays well
/// formed and the problem is reported with blame.
final class KernelMisbehaviourTests: XCTestCase {
  private func kinds(_ decoder: TouchscreenDecoder) -> [DecoderDiagnostic.Kind] {
    decoder.diagnostics.map(\.kind)
  }

  func testASecondTrackingIDOnABusySlotIsIgnoredAndLogged() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.slot(2)
      $0.trackingID(5)
      $0.x(100)
      $0.y(100)
    }
    script.frame(at: 10_000) {
      $0.trackingID(7)
      $0.x(500)
    }
    script.frame(at: 20_000) { $0.trackingID(-1) }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.map(\.kind), [.down, .frame, .motion, .frame, .up, .frame])
    XCTAssertEqual(events[2].seatSlot, 0, "the motion belongs to the first touch")
    XCTAssertEqual(events[2].x, 500)
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(
      decoder.diagnostics,
      [
        DecoderDiagnostic(
          timeMicroseconds: 10_000, device: 0, kind: .trackingIDOnBusySlot,
          message: "kernel bug: device 0 \"Test Touchscreen\": tracking id 7 on slot 2 which "
            + "already has touch 5; ignored (as libinput does)")
      ])
  }

  func testAReleaseOfAnEmptySlotIsIgnoredAndLogged() throws {
    var script = EventScript()
    script.frame(at: 0) { $0.trackingID(-1) }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())
    XCTAssertEqual(events, [])
    XCTAssertEqual(kinds(decoder), [.releaseOfEmptySlot])
  }

  func testATouchNeverReleasedIsCancelledWhenTheStreamFinishes() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.slot(1)
      $0.trackingID(2)
    }
    let (events, decoder) = try decode(
      script.events, description: TestDevices.multitouch(), finishAt: 2_000_000)

    XCTAssertEqual(events.map(\.kind), [.down, .down, .frame, .cancel, .cancel, .frame])
    XCTAssertEqual(events[3...].map(\.timeMicroseconds), [2_000_000, 2_000_000, 2_000_000])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(kinds(decoder), [.touchNeverReleased, .touchNeverReleased])
    XCTAssertTrue(decoder.isFinished)
    XCTAssertEqual(decoder.activeTouchCount, 0)
  }

  func testEventsAfterTheLastReportAreDiscardedWhenTheStreamFinishes() throws {
    var script = EventScript()
    script.frame(at: 0) { $0.trackingID(1) }
    script.time = 5_000
    script.trackingID(-1)  // never closed by a SYN_REPORT
    let (events, decoder) = try decode(
      script.events, description: TestDevices.multitouch(), finishAt: 6_000)
    XCTAssertEqual(events.map(\.kind), [.down, .frame, .cancel, .frame])
    XCTAssertEqual(kinds(decoder), [.incompleteFrame, .touchNeverReleased])
  }

  func testEventsAfterFinishAreIgnored() throws {
    var decoder = try TouchscreenDecoder(
      description: TestDevices.multitouch(), screen: .fullHD, deviceIndex: 0)
    var output: [TouchInputEvent] = []
    decoder.finish(at: 0) { output.append($0) }
    decoder.decode(EvdevEvent(timeMicroseconds: 1, type: 3, code: 57, value: 1)) {
      output.append($0)
    }
    decoder.decode(EvdevEvent(timeMicroseconds: 1, type: 0, code: 0, value: 0)) {
      output.append($0)
    }
    XCTAssertEqual(output, [])
    XCTAssertEqual(kinds(decoder), [.eventAfterFinish, .eventAfterFinish])
  }

  func testSynDroppedCancelsEveryTouchAndDropsEventsUntilTheNextReport() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.x(100)
      $0.y(100)
      $0.slot(1)
      $0.trackingID(2)
      $0.x(200)
    }
    script.time = 10_000
    script.slot(0)
    script.x(110)
    script.syn(EvdevCodes.SYN_DROPPED)
    // Incomplete: dropped up to and including the next SYN_REPORT.
    script.frame(at: 12_000) {
      $0.slot(1)
      $0.trackingID(-1)
      $0.slot(0)
      $0.x(999)
    }
    script.frame(at: 20_000) { $0.x(130) }  // slot 0's touch was cancelled: ignored
    script.frame(at: 30_000) {
      $0.trackingID(3)  // accepted although no -1 was seen for touch 1
      $0.x(400)
      $0.slot(1)
      $0.trackingID(-1)  // accepted, nothing to send
    }
    script.frame(at: 40_000) {
      $0.slot(0)
      $0.trackingID(-1)
    }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(
      events.map(\.kind),
      [
        .down, .down, .frame,
        .motion, .frame,  // what was pending before SYN_DROPPED, like libinput
        .cancel, .cancel, .frame,
        .down, .frame,
        .up, .frame,
      ])
    XCTAssertEqual(events[3].x, 110)
    XCTAssertEqual(events[5].timeMicroseconds, 10_000)
    XCTAssertEqual(events[8].x, 400)
    XCTAssertEqual(events[8].seatSlot, 0)
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(kinds(decoder), [.synDropped])
  }

  func testValuesOutsideTheRangeAreUsedUnclampedAndLoggedOncePerAxis() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.trackingID(1)
      $0.x(5000)
      $0.y(-500)
    }
    script.frame(at: 10_000) {
      $0.x(6000)
      $0.y(-600)
    }
    script.frame(at: 20_000) { $0.x(1950) }  // outside [0, 1919] but within libinput's 5%
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.filter { $0.kind != .frame }.map(\.x), [5000, 6000, 1950])
    XCTAssertEqual(events[0].y, -500)
    XCTAssertEqual(events[0].xMillimetres, 625)
    XCTAssertEqual(kinds(decoder), [.valueOutOfRange, .valueOutOfRange])
    XCTAssertEqual(decoder.diagnosticCount(of: .valueOutOfRange), 2)
    XCTAssertTrue(
      decoder.diagnostics[0].message.contains("ABS_MT_POSITION_X value 5000"),
      decoder.diagnostics[0].message)
    XCTAssertTrue(decoder.diagnostics[1].message.contains("ABS_MT_POSITION_Y value -500"))
  }

  func testASlotBeyondTheMaximumGoesToTheLastSlotAndIsLogged() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.slot(15)
      $0.trackingID(4)
      $0.x(10)
    }
    script.frame(at: 10_000) {
      $0.slot(-3)
      $0.trackingID(-1)
    }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.map(\.kind), [.down, .frame, .up, .frame])
    XCTAssertEqual(events[0].slot, 9)
    XCTAssertEqual(events[2].slot, 9)
    XCTAssertEqual(kinds(decoder), [.slotOutOfRange, .slotOutOfRange])
    XCTAssertEqual(
      decoder.diagnostics[0].message,
      "kernel bug: device 0 \"Test Touchscreen\": ABS_MT_SLOT 15 is outside 0...9; events go "
        + "to slot 9 (as libevdev and libinput do)")
  }

  func testTimeGoingBackwardsIsLoggedAndOutputTimeNeverDecreases() throws {
    var script = EventScript()
    script.frame(at: 10_000) { $0.trackingID(1) }
    script.frame(at: 5_000) { $0.x(20) }
    script.frame(at: 20_000) { $0.trackingID(-1) }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(
      events.map(\.timeMicroseconds), [10_000, 10_000, 10_000, 10_000, 20_000, 20_000])
    XCTAssertEqual(kinds(decoder), [.timeWentBackwards])
    XCTAssertTrue(decoder.diagnostics[0].message.hasPrefix("kernel bug: device 0"))
    XCTAssertTrue(decoder.diagnostics[0].message.contains("0.005000 s"))
  }

  func testMotionOnASlotWithoutATouchIsIgnoredAndLogged() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.slot(3)
      $0.x(100)
    }
    script.frame(at: 10_000) { $0.trackingID(1) }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.map(\.kind), [.down, .frame])
    XCTAssertEqual(events[0].slot, 3)
    XCTAssertEqual(events[0].x, 100, "the position sent before the touch is its position")
    XCTAssertEqual(kinds(decoder), [.motionWithoutTouch])
  }

  func testASecondTouchDownOnASingleTouchDeviceIsIgnoredLikeLibinput() throws {
    var script = EventScript()
    script.frame(at: 0) { $0.key(EvdevCodes.BTN_TOUCH, 1) }
    script.frame(at: 10_000) { $0.key(EvdevCodes.BTN_TOUCH, 1) }
    script.frame(at: 20_000) { $0.key(EvdevCodes.BTN_TOUCH, 0) }
    let (events, decoder) = try decode(script.events, description: TestDevices.singleTouch())
    XCTAssertEqual(events.map(\.kind), [.down, .frame, .up, .frame])
    XCTAssertEqual(kinds(decoder), [.multipleTouchDown])
  }

  func testEventsTheDeviceDoesNotAdvertiseAreIgnoredAndLogged() throws {
    var script = EventScript()
    script.frame(at: 0) {
      $0.abs(EvdevCodes.ABS_MT_TOOL_TYPE, EvdevCodes.MT_TOOL_PALM)  // no tool type axis
      $0.trackingID(1)
    }
    let (events, decoder) = try decode(
      script.events, description: TestDevices.multitouch(toolType: false))
    XCTAssertEqual(events.map(\.kind), [.down, .frame], "the palm tool type was dropped")
    XCTAssertEqual(kinds(decoder), [.unsupportedEvent])
  }

  func testDiagnosticsAreRateLimitedPerKind() throws {
    var script = EventScript()
    script.frame(at: 0) { $0.trackingID(1) }
    for index in 1...1000 {
      script.frame(at: UInt64(index) * 1_000) { $0.trackingID(Int32(index + 1)) }
    }
    let (events, decoder) = try decode(script.events, description: TestDevices.multitouch())

    XCTAssertEqual(events.map(\.kind), [.down, .frame])
    XCTAssertEqual(decoder.diagnostics.count, 6)
    XCTAssertEqual(
      decoder.diagnostics.last?.message,
      "device 0 \"Test Touchscreen\": further trackingIDOnBusySlot messages suppressed (limit 5)")
    XCTAssertEqual(decoder.diagnosticCount(of: .trackingIDOnBusySlot), 1000)
  }
}
