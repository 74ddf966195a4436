// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

/// Multitouch protocol A devices (positions, no `ABS_MT_SLOT`) go through libmtdev like in
/// libinput: packets of contacts become slots, touches go down, move and lift, and bad packets
/// are reported instead of crashing or leaving touches down. (That the result equals real
/// libinput's is tested against libinput on a mocked device in ReliabilityTests.)
final class ProtocolADecodingTests: XCTestCase {
  /// `TestDevices.protocolA` (0...4095 on both axes, no resolution) plus a tracking id axis.
  private static let protocolAWithTrackingID: EvdevDeviceDescription = {
    var description = TestDevices.protocolA
    description.codes[3] = [0, 1, 53, 54, 57]
    description.absinfo[57] = AbsInfo(minimum: 0, maximum: 65535)
    return description
  }()

  /// A packet at `time`: each contact's values and SYN_MT_REPORT (a lone SYN_MT_REPORT when
  /// there are none), BTN_TOUCH when given, SYN_REPORT.
  private func packet(
    _ script: inout EventScript, at time: UInt64, _ contacts: [[(UInt16, Int32)]],
    touch: Int32? = nil
  ) {
    script.frame(at: time) { frame in
      for contact in contacts {
        for (code, value) in contact { frame.abs(code, value) }
        frame.syn(EvdevCodes.SYN_MT_REPORT)
      }
      if contacts.isEmpty { frame.syn(EvdevCodes.SYN_MT_REPORT) }
      if let touch { frame.key(EvdevCodes.BTN_TOUCH, touch) }
    }
  }

  private func at(_ x: Int32, _ y: Int32) -> [(UInt16, Int32)] {
    [(EvdevCodes.ABS_MT_POSITION_X, x), (EvdevCodes.ABS_MT_POSITION_Y, y)]
  }

  private func summary(_ events: [TouchInputEvent]) -> [String] {
    events.map { event in
      switch event.kind {
      case .frame: return "frame"
      case .down, .motion:
        return "\(event.kind) \(event.slot)/\(event.seatSlot) \(event.x)/\(event.y)"
      case .up, .cancel: return "\(event.kind) \(event.slot)/\(event.seatSlot)"
      }
    }
  }

  func testAProtocolADeviceIsAcceptedWithTenSlotsThroughMtdev() throws {
    XCTAssertNil(TouchscreenDecoder.refusal(for: TestDevices.protocolA))
    let capabilities = try TouchscreenCapabilities.evaluate(TestDevices.protocolA).get()
    XCTAssertTrue(capabilities.isMultitouch)
    XCTAssertTrue(capabilities.usesMtdev)
    XCTAssertEqual(capabilities.slotCount, 10)
    XCTAssertEqual(capabilities.xAxis.maximum, 4095)
    let protocolB = try TouchscreenCapabilities.evaluate(TestDevices.multitouch()).get()
    XCTAssertFalse(protocolB.usesMtdev)
  }

  func testFingersLandingAndLiftingGetSlotsFromMtdevAndTheirOwnSeatSlots() throws {
    var script = EventScript()
    packet(&script, at: 100_000, [at(1000, 1000)], touch: 1)
    packet(&script, at: 110_000, [at(1100, 1000), at(3000, 2000)])
    // The first finger lifts: the packet lists only the second one.
    packet(&script, at: 120_000, [at(3000, 2000)])
    // A third finger lands while the second moves on.
    packet(&script, at: 130_000, [at(3100, 2000), at(500, 500)])
    packet(&script, at: 140_000, [], touch: 0)
    let (events, decoder) = try decode(
      script.events, description: TestDevices.protocolA,
      screen: ScreenSize(width: 4096, height: 4096),
      finishAt: 200_000)

    XCTAssertEqual(
      summary(events),
      [
        "down 0/0 1000.0/1000.0", "frame",
        "motion 0/0 1100.0/1000.0", "down 1/1 3000.0/2000.0", "frame",
        "up 0/0", "frame",
        "down 0/0 500.0/500.0", "motion 1/1 3100.0/2000.0", "frame",
        "up 0/0", "up 1/1", "frame",
      ])
    XCTAssertEqual(events.map(\.timeMicroseconds).first, 100_000)
    XCTAssertEqual(events.map(\.timeMicroseconds).last, 140_000)
    XCTAssertEqual(events[0].xMillimetres, 1000, "no resolution: libinput's fake 1 unit/mm")
    XCTAssertEqual(decoder.diagnostics, [])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testMtdevSmoothsSmallMovesWithItsDefaultFuzzAsInLibinput() throws {
    // No fuzz on the axes: mtdev uses range / 250 = 16 units. Within half of it the finger
    // stays; within the fuzz it moves a quarter of the way.
    var script = EventScript()
    packet(&script, at: 0, [at(1000, 1000)], touch: 1)
    packet(&script, at: 10_000, [at(1005, 1000)])
    packet(&script, at: 20_000, [at(1012, 1000)])
    packet(&script, at: 30_000, [], touch: 0)
    let (events, _) = try decode(
      script.events, description: TestDevices.protocolA,
      screen: ScreenSize(width: 4096, height: 4096))
    XCTAssertEqual(
      summary(events),
      ["down 0/0 1000.0/1000.0", "frame", "motion 0/0 1003.0/1000.0", "frame", "up 0/0", "frame"])
  }

  func testAContactWithoutAValueMtdevNeedsIsDroppedWithADiagnostic() throws {
    var script = EventScript()
    let tracking = EvdevCodes.ABS_MT_TRACKING_ID
    packet(
      &script, at: 0,
      [[(tracking, 5)] + at(1000, 1000), at(3000, 3000)], touch: 1)
    packet(
      &script, at: 10_000,
      [[(tracking, 5)] + at(1100, 1000), [(EvdevCodes.ABS_MT_POSITION_X, 2000)]])
    packet(&script, at: 20_000, [], touch: 0)
    let (events, decoder) = try decode(
      script.events, description: Self.protocolAWithTrackingID,
      screen: ScreenSize(width: 4096, height: 4096))

    XCTAssertEqual(
      summary(events),
      ["down 0/0 1000.0/1000.0", "frame", "motion 0/0 1100.0/1000.0", "frame", "up 0/0", "frame"])
    XCTAssertEqual(decoder.diagnostics.map(\.kind), [.contactDropped, .contactDropped])
    XCTAssertEqual(
      decoder.diagnostics.map(\.message),
      [
        "kernel bug: device 0 \"Old Type A Panel\": protocol-A contact 1 of the packet has no "
          + "ABS_MT_TRACKING_ID; dropped (mtdev would read undefined values for it)",
        "kernel bug: device 0 \"Old Type A Panel\": protocol-A contact 1 of the packet has no "
          + "ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID; dropped (mtdev would read undefined values "
          + "for it)",
      ])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testValuesAfterTheLastContactAreReportedAndIgnored() throws {
    var script = EventScript()
    packet(&script, at: 0, [at(1000, 1000)], touch: 1)
    script.frame(at: 10_000) {
      for (code, value) in self.at(1200, 1000) { $0.abs(code, value) }
      $0.syn(EvdevCodes.SYN_MT_REPORT)
      for (code, value) in self.at(3000, 3000) { $0.abs(code, value) }
    }
    let (events, decoder) = try decode(
      script.events, description: TestDevices.protocolA,
      screen: ScreenSize(width: 4096, height: 4096), finishAt: 20_000)
    XCTAssertEqual(
      summary(events),
      [
        "down 0/0 1000.0/1000.0", "frame", "motion 0/0 1200.0/1000.0", "frame", "cancel 0/0",
        "frame",
      ])
    XCTAssertEqual(decoder.diagnostics.map(\.kind), [.contactDropped, .touchNeverReleased])
    XCTAssertEqual(
      decoder.diagnostics.first?.message,
      "kernel bug: device 0 \"Old Type A Panel\": 2 multitouch value(s) after the packet's last "
        + "SYN_MT_REPORT; ignored (as mtdev does)")
  }

  func testMoreThanTenFingersShareTheLastSlotAsInLibinputAndNothingStaysDown() throws {
    var script = EventScript()
    let twelve = (0..<12).map { at(Int32(100 + $0 * 300), 1000) }
    packet(&script, at: 0, twelve, touch: 1)
    packet(&script, at: 10_000, twelve.map { contact in contact.map { ($0.0, $0.1 + 50) } })
    packet(&script, at: 20_000, [], touch: 0)
    let (events, decoder) = try decode(script.events, description: TestDevices.protocolA)

    XCTAssertEqual(events.filter { $0.kind == .down }.map(\.slot), Array(0...9))
    XCTAssertEqual(events.filter { $0.kind == .up }.count, 10)
    XCTAssertTrue(decoder.diagnostics.contains { $0.kind == .tooManyContacts })
    XCTAssertEqual(
      decoder.diagnostics.first { $0.kind == .tooManyContacts }?.message,
      "device 0 \"Old Type A Panel\": more than 10 contacts: mtdev put one in slot 10, libinput "
        + "has 10 slots for protocol-A devices; its values go to slot 9 (as libinput does)")
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(decoder.activeTouchCount, 0)
  }

  func testThirtyTwoContactsDoNotHangMtdevAndTheExtraOnesAreDropped() throws {
    // mtdev 1.1.6 loops for ever once its 32nd slot is in use; libinput hangs on this packet.
    var script = EventScript()
    let many = (0..<40).map { at(Int32(50 + $0 * 100), 1000) }
    packet(&script, at: 0, many, touch: 1)
    packet(&script, at: 10_000, Array(many.prefix(5)))
    // Fifteen new fingers while the five old ones stay: still below mtdev's last slot.
    packet(
      &script, at: 20_000, Array(many.prefix(5)) + (0..<15).map { at(Int32(50 + $0 * 100), 3000) })
    packet(&script, at: 30_000, [], touch: 0)
    let (events, decoder) = try decode(script.events, description: TestDevices.protocolA)

    XCTAssertEqual(events.filter { $0.kind == .down }.count, 10 + 5, "10 slots, then 5 new")
    XCTAssertEqual(
      decoder.diagnostics.first { $0.kind == .tooManyContacts }?.message,
      "device 0 \"Old Type A Panel\": protocol-A packet with 40 contacts; the first 15 go to "
        + "mtdev, the others are dropped (mtdev 1.1.6 hangs once 32 of its slots are in use, "
        + "and libinput with it)")
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(decoder.activeTouchCount, 0)
  }

  func testSynDroppedCancelsTheTouchesAndLaterFingersStillWork() throws {
    var script = EventScript()
    packet(&script, at: 0, [at(1000, 1000), at(2000, 2000)], touch: 1)
    script.time = 10_000
    for (code, value) in at(1100, 1000) { script.abs(code, value) }
    script.syn(EvdevCodes.SYN_DROPPED)
    packet(&script, at: 20_000, [at(1200, 1000), at(2000, 2000)])
    packet(&script, at: 30_000, [], touch: 0)
    packet(&script, at: 40_000, [at(500, 500)], touch: 1)
    packet(&script, at: 50_000, [], touch: 0)
    let (events, decoder) = try decode(
      script.events, description: TestDevices.protocolA, finishAt: 60_000)

    // The partial packet before SYN_DROPPED is dropped: it would lift both fingers.
    XCTAssertEqual(
      events.map(\.kind),
      [.down, .down, .frame, .cancel, .cancel, .frame, .down, .frame, .up, .frame])
    XCTAssertEqual(events[6].timeMicroseconds, 40_000)
    XCTAssertEqual(decoder.diagnostics.map(\.kind), [.synDropped])
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testRandomGarbageOnAProtocolADeviceNeverLeavesATouchDown() throws {
    var random = SeededGenerator(seed: 14)
    let codes: [(UInt16, UInt16)] = [
      (3, EvdevCodes.ABS_MT_POSITION_X), (3, EvdevCodes.ABS_MT_POSITION_Y),
      (3, EvdevCodes.ABS_MT_TRACKING_ID), (3, EvdevCodes.ABS_MT_SLOT), (3, 0), (3, 1),
      (0, EvdevCodes.SYN_MT_REPORT), (0, EvdevCodes.SYN_REPORT), (0, EvdevCodes.SYN_DROPPED),
      (1, EvdevCodes.BTN_TOUCH), (4, 5),
    ]
    for description in [TestDevices.protocolA, Self.protocolAWithTrackingID] {
      var events: [EvdevEvent] = []
      var time: UInt64 = 0
      for _ in 0..<20_000 {
        time += random.next() % 3_000
        let (type, code) = codes[Int(random.next() % UInt64(codes.count))]
        let value = Int32(truncatingIfNeeded: Int64(random.next() % 5_000) - 200)
        events.append(EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value))
        if random.next() % 300 == 0 {
          // Now and then a packet of 20 contacts, or of hundreds (far larger than mtdev's
          // buffer).
          let contactCodes: [(UInt16, UInt16)] = [
            (3, EvdevCodes.ABS_MT_POSITION_X), (3, EvdevCodes.ABS_MT_POSITION_Y),
            (3, EvdevCodes.ABS_MT_TRACKING_ID), (0, EvdevCodes.SYN_MT_REPORT),
          ]
          for index in 0..<(random.next() % 2 == 0 ? 800 : 80) {
            let (type, code) = contactCodes[index % 4]
            events.append(
              EvdevEvent(timeMicroseconds: time, type: type, code: code, value: Int32(index)))
          }
        }
      }
      let (output, decoder) = try decode(events, description: description, finishAt: time + 1)
      XCTAssertEqual(TouchStreamChecker.violations(of: output, finished: true), [])
      XCTAssertEqual(decoder.activeTouchCount, 0)
      XCTAssertGreaterThan(output.filter { $0.kind == .down }.count, 10)
      XCTAssertGreaterThan(decoder.diagnosticCount(of: .packetTooLarge), 0)
      XCTAssertGreaterThan(decoder.diagnosticCount(of: .tooManyContacts), 0)
    }
  }
}
