// SPDX-License-Identifier: MIT
import FuzzChecks
import LibinputRecording
import MockedDevice
import TouchInput
import TouchscreenDecoder
import XCTest

/// Multitouch protocol A devices: the in-core decoder (libmtdev, then its protocol-B path) and
/// real libinput 1.22 (which runs them through libmtdev too) on a umockdev-mocked protocol-A
/// touchscreen give the same touch events, event for event: kind, time, slot, seat slot and
/// position.
final class ProtocolAMatchesLibinputTests: XCTestCase {
  private static let device = DecoderFuzzInput.Device()

  /// One line per touch event, with what both paths report.
  private func lines(_ events: [TouchInputEvent]) -> [String] {
    events.map { event in
      switch event.kind {
      case .frame: return "frame \(event.timeMicroseconds)"
      case .up, .cancel:
        return "\(event.kind) \(event.timeMicroseconds) \(event.slot)/\(event.seatSlot)"
      case .down, .motion:
        return
          "\(event.kind) \(event.timeMicroseconds) \(event.slot)/\(event.seatSlot) "
          + "\(event.x)/\(event.y)"
      }
    }
  }

  private func inCore(_ input: DecoderFuzzInput) throws -> [TouchInputEvent] {
    try inCore(input.descriptions, input.events.map { ($0.device, $0.event) })
  }

  private func inCore(
    _ descriptions: [EvdevDeviceDescription], _ events: [(device: Int, event: EvdevEvent)]
  ) throws -> [TouchInputEvent] {
    var seat = TouchscreenSeat()
    for (index, description) in descriptions.enumerated() {
      try seat.addDevice(description, screen: .fullHD, deviceIndex: index)
    }
    var output: [TouchInputEvent] = []
    for item in events {
      seat.decode(item.event, deviceIndex: item.device) { output.append($0) }
    }
    return output
  }

  /// Compares both paths on `input` and returns how many touch events matched. With
  /// `framesLibinputDrops`, that many frames are expected missing from what the libinput side
  /// reports (libinput 1.22's `fallback_flush_mt_events` keeps only the last changed slot's
  /// result and can leave out a `TOUCH_FRAME`; `LibinputTouchSource` closes such frames
  /// itself, so 0 is expected): everything else must be equal.
  @discardableResult
  private func assertSameAsLibinput(
    _ input: DecoderFuzzInput, name: String, framesLibinputDrops: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    try assertSameAsLibinput(
      input.descriptions, input.events.map { ($0.device, $0.event) }, name: name,
      framesLibinputDrops: framesLibinputDrops, file: file, line: line)
  }

  /// `assertSameAsLibinput(_:name:...)` for the devices `descriptions` and their `events`.
  @discardableResult
  private func assertSameAsLibinput(
    _ descriptions: [EvdevDeviceDescription], _ events: [(device: Int, event: EvdevEvent)],
    name: String, framesLibinputDrops: Int = 0, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> Int {
    let mine = lines(try inCore(descriptions, events))
    let result = try LibinputDumpRunner.run(
      HostileScenario(
        name: name,
        input: DecoderFuzzInput(
          devices: [], events: events.map { .init(device: $0.device, event: $0.event) }),
        minimumDowns: 1),
      descriptions: descriptions)
    XCTAssertEqual(result.exitCode, 0, result.standardError, file: file, line: line)
    var theirs = lines(result.touches)
    // Put back the frames libinput dropped: a group of touch events followed by the next
    // group (or the end) without a frame of its own time.
    var restored = 0
    var index = 0
    while index < theirs.count {
      let current = theirs[index]
      let time = current.split(separator: " ")[1]
      let next = index + 1 < theirs.count ? theirs[index + 1] : nil
      let closes = next.map { $0 == "frame \(time)" || $0.split(separator: " ")[1] == time }
      if !current.hasPrefix("frame") && closes != true {
        theirs.insert("frame \(time)", at: index + 1)
        restored += 1
      }
      index += 1
    }
    XCTAssertEqual(
      restored, framesLibinputDrops, "\(name): frames libinput left out", file: file, line: line)
    XCTAssertEqual(mine.count, theirs.count, "\(name): number of events", file: file, line: line)
    if let first = mine.indices.first(where: { $0 < theirs.count && mine[$0] != theirs[$0] }) {
      XCTFail(
        "\(name): event \(first) differs: in-core \(mine[first]), libinput \(theirs[first])",
        file: file, line: line)
    }
    return mine.count
  }

  func testTenFingersLandingMovingAndLiftingDecodeExactlyLikeLibinput() throws {
    let input = DecoderFuzzInput(protocolA: true, devices: [Self.device], events: [])
    let description = try XCTUnwrap(input.descriptions.first)
    XCTAssertNil(description.absinfo[EvdevCodes.ABS_MT_SLOT], "a protocol-A device")
    // Ten fingers landing, wandering and lifting at their own times for 4 s (no palms: a
    // protocol-A device cannot report them).
    let script = StressScript.make(seconds: 4, fingers: 10, seed: 14, palms: false)
    let events = try MultitouchEncoder.events(for: script, rateHz: 120, device: description)
    var stream = input
    stream.events = events.map { DecoderFuzzInput.Event(device: 0, event: $0) }
    let downs = try inCore(stream).filter { $0.kind == .down }.count
    XCTAssertGreaterThan(downs, 20, "many fingers land and lift")
    let compared = try assertSameAsLibinput(stream, name: "ten fingers, protocol A")
    XCTAssertGreaterThan(compared, 4_000)
    print("protocol A, ten fingers: \(events.count) evdev events, \(compared) touch events equal")
  }

  func testADeviceWithTrackingIDsDecodesExactlyLikeLibinput() throws {
    // Protocol A with ABS_MT_TRACKING_ID: mtdev follows the device's ids instead of matching
    // contacts by distance.
    var description = EvdevDeviceDescription.syntheticProtocolATouchscreen
    description.codes[EvdevCodes.EV_ABS]?.append(EvdevCodes.ABS_MT_TRACKING_ID)
    description.absinfo[EvdevCodes.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
    let script = StressScript.make(seconds: 3, fingers: 6, seed: 7, palms: false)
    let events = try MultitouchEncoder.events(for: script, rateHz: 120, device: description)
    XCTAssertTrue(events.contains { $0.code == EvdevCodes.ABS_MT_TRACKING_ID && $0.type == 3 })
    let compared = try assertSameAsLibinput(
      [description], events.map { (0, $0) }, name: "protocol A with tracking ids")
    XCTAssertGreaterThan(compared, 1_000)
    print("protocol A with tracking ids: \(events.count) evdev events, \(compared) equal")
  }

  func testPacketsLibinputAndMtdevHandleOddlyDecodeExactlyLikeLibinput() throws {
    typealias S = HostileScenario
    let report: S.Item = (EvdevCodes.EV_SYN, EvdevCodes.SYN_MT_REPORT, 0)
    func contacts(_ count: Int, dx: Int32) -> [S.Item] {
      var items: [S.Item] = []
      for index in 0..<count {
        let x = Int32(60 + index * 55) + dx
        let y = Int32(200 + index * 25)
        items += [S.x(x), S.y(y), report]
      }
      return items
    }
    var b = S.Builder()
    // Twelve fingers: libinput has 10 slots for protocol-A devices, the last two share slot 9.
    b.frame(at: 500_000, contacts(12, dx: 0) + [S.touch(true)])
    b.frame(at: 510_000, contacts(12, dx: 40))
    b.frame(at: 520_000, contacts(10, dx: 80))
    // A contact without Y (mtdev ignores it) next to one that moves on.
    b.frame(at: 530_000, contacts(1, dx: 120) + [S.x(900), report])
    // Values after the last SYN_MT_REPORT (mtdev ignores them).
    b.frame(at: 540_000, contacts(2, dx: 160) + [S.x(1500), S.y(900)])
    b.frame(at: 560_000, [report, S.touch(false)])
    b.frame(at: 600_000, contacts(1, dx: 0) + [S.touch(true)])
    b.frame(at: 610_000, [report, S.touch(false)])
    let input = DecoderFuzzInput(protocolA: true, devices: [Self.device], events: b.events)
    // At 530 ms, when the ten fingers lift but one, libinput's last changed slot is slot 9 (the
    // extra fingers' slot), which sends nothing, so libinput sends no TOUCH_FRAME for that
    // packet; LibinputTouchSource closes it (TouchFrameCloser), so no frame is left out.
    try assertSameAsLibinput(input, name: "odd protocol-A packets")
  }
}
