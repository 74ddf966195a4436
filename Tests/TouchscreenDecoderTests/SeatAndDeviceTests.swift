// SPDX-License-Identifier: MIT
import LibinputRecording
import TouchInput
import XCTest

@testable import TouchscreenDecoder

final class SeatAndDeviceTests: XCTestCase {
  func testEveryOneOf100SlotsWorksOnADeviceWithSlotMaximum99() throws {
    let description = TestDevices.multitouch(slotMaximum: 99)
    var script = EventScript()
    for slot in 0..<100 {
      script.frame(at: UInt64(slot) * 2_000) {
        $0.slot(Int32(slot))
        $0.trackingID(Int32(slot + 1))
        $0.x(Int32(slot * 10))
      }
      script.frame(at: UInt64(slot) * 2_000 + 1_000) { $0.trackingID(-1) }
    }
    let (events, decoder) = try decode(script.events, description: description)

    XCTAssertEqual(decoder.capabilities.slotCount, 100)
    let downs = events.filter { $0.kind == .down }
    XCTAssertEqual(downs.map(\.slot), (0..<100).map { Int32($0) })
    XCTAssertEqual(Set(downs.map(\.seatSlot)), [0])
    XCTAssertEqual(downs.last?.x, 990)
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
    XCTAssertEqual(decoder.diagnostics, [])
  }

  func test100SimultaneousTouchesGetLibinputs32SeatSlotsAndNoneStaysDown() throws {
    let description = TestDevices.multitouch(slotMaximum: 99)
    var script = EventScript()
    script.frame(at: 0) {
      for slot in 0..<100 {
        $0.slot(Int32(slot))
        $0.trackingID(Int32(slot + 1))
      }
    }
    script.frame(at: 10_000) {
      for slot in 0..<100 {
        $0.slot(Int32(slot))
        $0.x(7)
      }
    }
    script.frame(at: 20_000) {
      for slot in 0..<100 {
        $0.slot(Int32(slot))
        $0.trackingID(-1)
      }
    }
    script.frame(at: 30_000) {
      $0.slot(50)
      $0.trackingID(500)
    }
    let (events, decoder) = try decode(script.events, description: description, finishAt: 40_000)

    let downs = events.filter { $0.kind == .down }
    XCTAssertEqual(downs.count, 33)
    XCTAssertEqual(downs.prefix(32).map(\.seatSlot), (0..<32).map { Int32($0) })
    XCTAssertEqual(downs.last?.slot, 50)
    XCTAssertEqual(downs.last?.seatSlot, 0, "seat slots are free again after the release")
    XCTAssertEqual(events.filter { $0.kind == .motion }.count, 32)
    XCTAssertEqual(events.filter { $0.kind == .up }.count, 32)
    XCTAssertEqual(decoder.diagnosticCount(of: .seatSlotsExhausted), 68)
    XCTAssertEqual(TouchStreamChecker.violations(of: events, finished: true), [])
  }

  func testTwoDevicesSharingTheSeatGetDistinctSeatSlots() throws {
    var seat = TouchscreenSeat()
    try seat.addDevice(
      TestDevices.multitouch(name: "Left Panel"), screen: .fullHD, deviceIndex: 0)
    try seat.addDevice(TestDevices.singleTouch(), screen: .fullHD, deviceIndex: 3)
    var output: [TouchInputEvent] = []
    func feed(_ device: Int, _ script: EventScript) {
      for event in script.events { seat.decode(event, deviceIndex: device) { output.append($0) } }
    }
    var left = EventScript()
    left.frame(at: 0) { $0.trackingID(1) }
    feed(0, left)
    var single = EventScript()
    single.frame(at: 1_000) { $0.key(EvdevCodes.BTN_TOUCH, 1) }
    feed(3, single)
    left = EventScript()
    left.frame(at: 2_000) {
      $0.slot(1)
      $0.trackingID(2)
    }
    left.frame(at: 3_000) {
      $0.slot(0)
      $0.trackingID(-1)
    }
    feed(0, left)
    single = EventScript()
    single.frame(at: 4_000) { $0.key(EvdevCodes.BTN_TOUCH, 0) }
    single.frame(at: 5_000) { $0.key(EvdevCodes.BTN_TOUCH, 1) }
    feed(3, single)
    var other = EventScript()
    other.frame(at: 6_000) { $0.trackingID(9) }
    feed(7, other)  // no such device: ignored
    seat.finish(at: 9_000) { output.append($0) }

    let touches = output.filter { $0.kind != .frame }
    XCTAssertEqual(
      touches.map { "\($0.kind) d\($0.device) s\($0.slot) seat\($0.seatSlot)" },
      [
        "down d0 s0 seat0", "down d3 s0 seat1", "down d0 s1 seat2", "up d0 s0 seat0",
        "up d3 s0 seat1", "down d3 s0 seat0", "cancel d0 s1 seat2", "cancel d3 s0 seat0",
      ])
    XCTAssertEqual(TouchStreamChecker.violations(of: output, finished: true), [])
    XCTAssertEqual(seat.seatSlots.usedCount, 0)
    XCTAssertTrue(seat.hasDevice(3))
    XCTAssertFalse(seat.hasDevice(7))
    XCTAssertEqual(seat.takeDiagnostics().map(\.kind), [.touchNeverReleased, .touchNeverReleased])
  }

  func testTheSeatSlotAllocatorHandsOutTheLowestFreeSlotAndHas32() {
    var allocator = SeatSlotAllocator()
    XCTAssertEqual(allocator.allocate(), 0)
    XCTAssertEqual(allocator.allocate(), 1)
    XCTAssertEqual(allocator.allocate(), 2)
    allocator.release(1)
    XCTAssertFalse(allocator.isTaken(1))
    XCTAssertEqual(allocator.allocate(), 1)
    for _ in 3..<32 { XCTAssertNotNil(allocator.allocate()) }
    XCTAssertNil(allocator.allocate())
    allocator.release(17)
    allocator.release(-1)
    allocator.release(40)
    XCTAssertEqual(allocator.allocate(), 17)
    XCTAssertEqual(allocator.usedCount, 32)
  }

  func testTouchscreensAreAcceptedFromTheirPropertiesAlone() throws {
    var bare = TestDevices.multitouch()
    bare.udevProperties = []
    XCTAssertNil(TouchscreenDecoder.refusal(for: bare), "INPUT_PROP_DIRECT is enough")
    var tagged = TestDevices.multitouch()
    tagged.properties = []
    XCTAssertNil(TouchscreenDecoder.refusal(for: tagged), "ID_INPUT_TOUCHSCREEN=1 is enough")
    XCTAssertNil(TouchscreenDecoder.refusal(for: TestDevices.singleTouch()))
    let capabilities = try TouchscreenCapabilities.evaluate(TestDevices.multitouch()).get()
    XCTAssertTrue(capabilities.isMultitouch)
    XCTAssertEqual(capabilities.slotCount, 10)
    XCTAssertTrue(capabilities.reportsToolType)
    XCTAssertFalse(capabilities.wantsHysteresis)
  }

  func testNonTouchscreenDescriptionsAreRefusedWithTheReason() {
    func reason(_ description: EvdevDeviceDescription) -> String? {
      TouchscreenDecoder.refusal(for: description)?.reason
    }
    XCTAssertEqual(reason(TestDevices.keyboard), "keyboard")
    XCTAssertEqual(
      reason(TestDevices.mouse), "mouse or pointer (relative motion, no absolute position axes)")
    XCTAssertEqual(
      reason(TestDevices.touchpad(udevTag: false)), "touchpad (not a direct-touch device)")
    XCTAssertEqual(
      reason(TestDevices.touchpad(udevTag: true)),
      "touchpad (ID_INPUT_TOUCHPAD=1, not a direct-touch device)")
    XCTAssertNil(reason(TestDevices.protocolA), "protocol A is a touchscreen (through mtdev)")

    var noTouchButton = TestDevices.multitouch()
    noTouchButton.codes[1] = []
    XCTAssertEqual(
      reason(noTouchButton), "direct device without BTN_TOUCH (no touch contact reporting)")
    var oneResolution = TestDevices.multitouch()
    oneResolution.absinfo[54]?.resolution = 0
    XCTAssertEqual(
      reason(oneResolution), "kernel bug: kernel has only x or y resolution, not both")
    var flat = TestDevices.multitouch()
    flat.absinfo[53] = AbsInfo(minimum: 5, maximum: 5)
    XCTAssertEqual(reason(flat), "kernel bug: device has min == max on axis 0x35")
    var hugeSlots = TestDevices.multitouch(slotMaximum: 1_000_000)
    hugeSlots.name = "Hostile"
    XCTAssertEqual(
      reason(hugeSlots),
      "ABS_MT_SLOT maximum 1000000 gives 1000001 slots (the decoder supports 1...256)")

    XCTAssertThrowsError(
      try TouchscreenDecoder(description: TestDevices.keyboard, screen: .fullHD, deviceIndex: 1)
    ) { error in
      XCTAssertEqual(
        "\(error)", "device \"AT Translated Set 2 keyboard\" is not a touchscreen: keyboard")
    }
  }
}
