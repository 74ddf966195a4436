// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

/// Property-style test: random hostile evdev streams never break the output's promises.
final class HostileStreamTests: XCTestCase {
  private static let devices: [EvdevDeviceDescription] = [
    TestDevices.multitouch(),
    TestDevices.multitouch(slotMaximum: 2, toolType: false),
    TestDevices.multitouch(slotMaximum: 99, minimum: -50, resolution: 0, fuzz: 12),
    TestDevices.singleTouch(),
  ]

  /// One random event; biased towards plausible touch traffic with hostile values mixed in.
  private static func randomEvent(
    time: inout UInt64, using random: inout SeededGenerator
  ) -> EvdevEvent {
    func value(_ plausible: ClosedRange<Int32>) -> Int32 {
      switch Int.random(in: 0..<20, using: &random) {
      case 0: return Int32.min
      case 1: return Int32.max
      case 2: return Int32.random(in: Int32.min...Int32.max, using: &random)
      default: return Int32.random(in: plausible, using: &random)
      }
    }
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<3: time &-= UInt64.random(in: 0...50_000, using: &random)  // backwards
    case 3..<4: time &+= UInt64.random(in: 0...10_000_000_000, using: &random)  // big jump
    default: time &+= UInt64.random(in: 0...3_000, using: &random)
    }
    time = min(time, UInt64(Int64.max))
    let (type, code, eventValue): (UInt16, UInt16, Int32)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<18: (type, code, eventValue) = (0, EvdevCodes.SYN_REPORT, 0)
    case 18..<20: (type, code, eventValue) = (0, EvdevCodes.SYN_DROPPED, 0)
    case 20..<21: (type, code, eventValue) = (0, UInt16.random(in: 1...15, using: &random), 0)
    case 21..<33: (type, code, eventValue) = (3, EvdevCodes.ABS_MT_SLOT, value(-2...12))
    case 33..<48:
      (type, code, eventValue) = (3, EvdevCodes.ABS_MT_TRACKING_ID, value(-1...6))
    case 48..<62: (type, code, eventValue) = (3, EvdevCodes.ABS_MT_POSITION_X, value(-200...2200))
    case 62..<72: (type, code, eventValue) = (3, EvdevCodes.ABS_MT_POSITION_Y, value(-200...1200))
    case 72..<78: (type, code, eventValue) = (3, EvdevCodes.ABS_MT_TOOL_TYPE, value(0...2))
    case 78..<86: (type, code, eventValue) = (1, EvdevCodes.BTN_TOUCH, value(0...2))
    case 86..<92:
      (type, code, eventValue) = (
        3, Bool.random(using: &random) ? EvdevCodes.ABS_X : EvdevCodes.ABS_Y,
        value(-200...2200)
      )
    default:
      (type, code, eventValue) = (
        UInt16.random(in: 0...0x1f, using: &random), UInt16.random(in: 0...0x2ff, using: &random),
        value(-5...5)
      )
    }
    return EvdevEvent(timeMicroseconds: time, type: type, code: code, value: eventValue)
  }

  /// Runs one random stream over a seat of one or two devices and returns the violations.
  private static func runStream(seed: UInt64) throws -> [String] {
    var random = SeededGenerator(seed: seed)
    var seat = TouchscreenSeat()
    let deviceCount = Int.random(in: 1...2, using: &random)
    for index in 0..<deviceCount {
      let description = devices[Int.random(in: 0..<devices.count, using: &random)]
      try seat.addDevice(
        description, screen: ScreenSize(width: 1920, height: 1080), deviceIndex: index)
    }
    var output: [TouchInputEvent] = []
    var times = [UInt64](repeating: UInt64.random(in: 0...1_000_000, using: &random), count: 2)
    let length = Int.random(in: 0...400, using: &random)
    for _ in 0..<length {
      let device = Int.random(in: 0..<deviceCount, using: &random)
      let event = randomEvent(time: &times[device], using: &random)
      seat.decode(event, deviceIndex: device) { output.append($0) }
    }
    // Finishing may come "earlier" than the last event as well.
    seat.finish(at: UInt64.random(in: 0...(times.max()! &+ 1_000), using: &random)) {
      output.append($0)
    }
    var violations = TouchStreamChecker.violations(of: output, finished: true)
    if seat.seatSlots.usedCount != 0 {
      violations.append("\(seat.seatSlots.usedCount) seat slots still taken after finish")
    }
    for decoder in seat.decoders where decoder.activeTouchCount != 0 {
      violations.append("device \(decoder.deviceIndex) has touches down after finish")
    }
    for decoder in seat.decoders {
      let perKind = Dictionary(grouping: decoder.diagnostics, by: \.kind)
      for (kind, list) in perKind where list.count > decoder.diagnosticsPerKindLimit + 1 {
        violations.append("\(list.count) diagnostics of kind \(kind) despite the rate limit")
      }
    }
    return violations
  }

  func testRandomHostileStreamsNeverBreakTheTouchStreamInvariants() throws {
    let baseSeed: UInt64 = 0x5EED_0000_0000
    let streamCount = 3_000
    var failures = 0
    for offset in 0..<UInt64(streamCount) {
      let seed = baseSeed + offset
      let violations = try Self.runStream(seed: seed)
      if !violations.isEmpty {
        failures += 1
        XCTFail("seed \(seed) (replay with runStream(seed:)): \(violations)")
        if failures >= 5 { break }
      }
    }
  }

  func testARandomStreamDecodesTheSameWayTwice() throws {
    var random = SeededGenerator(seed: 42)
    var time: UInt64 = 0
    let events = (0..<2_000).map { _ in Self.randomEvent(time: &time, using: &random) }
    let first = try decode(events, description: TestDevices.multitouch(), finishAt: time)
    let second = try decode(events, description: TestDevices.multitouch(), finishAt: time)
    XCTAssertEqual(first.events, second.events)
    XCTAssertEqual(first.decoder.diagnostics, second.decoder.diagnostics)
    XCTAssertFalse(first.events.isEmpty)
  }
}
