// SPDX-License-Identifier: MIT
import LibinputRecording
import MockedDevice
import TouchInput
import XCTest

/// End to end through real libinput: test-built evdev streams on umockdev-mocked devices,
/// read by libinput's udev seat backend inside `libinput-touch-dump`.
final class MockedLibinputReplayTests: XCTestCase {
  typealias S = EvdevStream

  /// Every touch that went down must end with up or cancel (nothing stuck).
  private func assertNoTouchLeftDown(
    _ result: DumpResult, file: StaticString = #filePath, line: UInt = #line
  ) {
    var down = Set<Int32>()
    for event in result.touches {
      switch event.event {
      case "down": down.insert(event.seatSlot ?? -99)
      case "up", "cancel": down.remove(event.seatSlot ?? -99)
      default: break
      }
    }
    XCTAssertEqual(down, [], "touches left down (seat slots)", file: file, line: line)
  }

  func testTouchIsReportedInScreenPixelsAndMillimetresAtItsEvdevTime() throws {
    var stream = S.leadIn()
    stream.frame(at: 500_000, [S.trackingID(1), S.x(760), S.y(540), S.touch(true)])
    stream.frame(at: 510_000, [S.x(800)])
    stream.frame(at: 520_000, [S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [TestTouchscreen.description()],
      steps: [.add(device: 0), .events(device: 0, stream.events)])

    let result = try TouchDumpTool.replay(script, arguments: ["--width", "960", "--height", "540"])

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertEqual(result.events("device-added").first?.name, "GestureBridge Test Touchscreen")
    XCTAssertEqual(
      result.touches.map(\.event), ["down", "frame", "motion", "frame", "up", "frame"])
    let down = try XCTUnwrap(result.events("down").first)
    XCTAssertEqual(down.time, 500_000)
    XCTAssertEqual(down.x ?? .nan, 380, accuracy: 0.01)  // 760 of 1920 units on 960 px
    XCTAssertEqual(down.y ?? .nan, 270, accuracy: 0.01)
    XCTAssertEqual(down.xMm ?? .nan, 95, accuracy: 0.01)  // 760 units / 8 per mm
    XCTAssertEqual(down.yMm ?? .nan, 67.5, accuracy: 0.01)
    let motion = try XCTUnwrap(result.events("motion").first)
    XCTAssertEqual(motion.time, 510_000)
    XCTAssertEqual(motion.x ?? .nan, 400, accuracy: 0.01)
    XCTAssertEqual(motion.xMm ?? .nan, 100, accuracy: 0.01)
    XCTAssertEqual(result.events("up").first?.time, 520_000)
  }

  /// libinput 1.22 sends no TOUCH_FRAME for an evdev frame whose last finger only moved
  /// inside its hysteresis (fuzz on the multitouch axes): the source closes that frame
  /// itself, right after the motions and with their time, not at the next frame.
  func testAFrameLibinputNeverClosesIsClosedByTheSourceWithItsTime() throws {
    var device = TestTouchscreen.description()
    device.absinfo[EvdevCodes.ABS_MT_POSITION_X]?.fuzz = 4
    device.absinfo[EvdevCodes.ABS_MT_POSITION_Y]?.fuzz = 4
    var stream = S.leadIn()
    stream.frame(
      at: 500_000,
      [
        S.slot(0), S.trackingID(1), S.x(800), S.y(500), S.slot(1), S.trackingID(2), S.x(1100),
        S.y(500), S.touch(true),
      ])
    // Finger 1 moves 40 units; finger 2 (the last slot written) stays inside its hysteresis.
    stream.frame(at: 510_000, [S.slot(0), S.x(840), S.slot(1), S.y(501)])
    stream.frame(at: 900_000, [S.slot(0), S.x(880), S.slot(1), S.y(500)])
    stream.frame(
      at: 910_000, [S.slot(0), S.trackingID(-1), S.slot(1), S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [device], steps: [.add(device: 0), .events(device: 0, stream.events)])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertEqual(
      result.touches.map(\.event),
      ["down", "down", "frame", "motion", "frame", "motion", "frame", "up", "up", "frame"])
    XCTAssertEqual(
      result.touches.map(\.time),
      [
        500_000, 500_000, 500_000, 510_000, 510_000, 900_000, 900_000,
        910_000, 910_000, 910_000,
      ])
  }

  func testTwoFingersGetTheirOwnSlotsAndSeatSlots() throws {
    var stream = S.leadIn()
    stream.frame(
      at: 500_000,
      [
        S.slot(0), S.trackingID(1), S.x(400), S.y(300), S.slot(1), S.trackingID(2), S.x(1200),
        S.y(700), S.touch(true),
      ])
    stream.frame(at: 510_000, [S.slot(0), S.x(380), S.slot(1), S.x(1220)])
    stream.frame(
      at: 520_000, [S.slot(0), S.trackingID(-1), S.slot(1), S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [TestTouchscreen.description()],
      steps: [.add(device: 0), .events(device: 0, stream.events)])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertEqual(
      result.touches.map(\.event),
      [
        "down", "down", "frame", "motion", "motion", "frame", "up", "up", "frame",
      ])
    let downs = result.events("down")
    XCTAssertEqual(downs.map(\.slot), [0, 1])
    XCTAssertEqual(Set(downs.compactMap(\.seatSlot)).count, 2)
    XCTAssertEqual(downs[1].x ?? .nan, 1200, accuracy: 0.01)
    XCTAssertEqual(result.events("motion").map { $0.x ?? .nan }, [380, 1220])
    assertNoTouchLeftDown(result)
  }

  func testSeveralTouchscreensAtOnceGetDistinctDevicesAndSeatSlots() throws {
    var first = S.leadIn()
    first.frame(at: 500_000, [S.trackingID(1), S.x(100), S.y(100), S.touch(true)])
    var second = S.leadIn()
    second.frame(at: 505_000, [S.trackingID(1), S.x(900), S.y(500), S.touch(true)])
    var firstEnd = S()
    firstEnd.frame(at: 520_000, [S.trackingID(-1), S.touch(false)])
    var secondEnd = S()
    secondEnd.frame(at: 525_000, [S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [
        TestTouchscreen.description(name: "Left"), TestTouchscreen.description(name: "Right"),
      ],
      steps: [
        .add(device: 0), .add(device: 1), .events(device: 0, first.events),
        .events(device: 1, second.events), .events(device: 0, firstEnd.events),
        .events(device: 1, secondEnd.events),
      ])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    let added = result.events("device-added")
    XCTAssertEqual(added.map(\.name), ["Left", "Right"])
    XCTAssertEqual(Set(added.compactMap(\.node)).count, 2, "each device has its own node")
    let downs = result.events("down")
    XCTAssertEqual(downs.map(\.device), [added[0].device, added[1].device])
    XCTAssertEqual(downs.map(\.slot), [0, 0], "both are slot 0 on their own device")
    XCTAssertNotEqual(downs[0].seatSlot, downs[1].seatSlot, "seat slots are unique on the seat")
    assertNoTouchLeftDown(result)
  }

  func testDeviceRemovedMidGestureCancelsItsTouchesAndLeavesNothingStuck() throws {
    var stream = S.leadIn()
    stream.frame(
      at: 500_000,
      [
        S.slot(0), S.trackingID(1), S.x(400), S.y(300), S.slot(1), S.trackingID(2), S.x(800),
        S.y(300), S.touch(true),
      ])
    stream.frame(at: 510_000, [S.slot(0), S.x(420)])
    var other = S.leadIn()
    other.frame(at: 600_000, [S.trackingID(7), S.x(50), S.y(60), S.touch(true)])
    var otherEnd = S()
    otherEnd.frame(at: 650_000, [S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [
        TestTouchscreen.description(name: "Unplugged"), TestTouchscreen.description(name: "Stays"),
      ],
      steps: [
        .add(device: 0), .add(device: 1), .events(device: 0, stream.events),
        .events(device: 1, other.events), .remove(device: 0), .events(device: 1, otherEnd.events),
      ])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    let unplugged = try XCTUnwrap(
      result.events("device-added").first { $0.name == "Unplugged" }?.device)
    let removedIndex = try XCTUnwrap(
      result.lines.firstIndex { $0.event == "device-removed" && $0.device == unplugged })
    let beforeRemoval = result.lines[..<removedIndex].filter { $0.device == unplugged }
    let cancels = beforeRemoval.filter { $0.event == "cancel" }
    XCTAssertEqual(cancels.map(\.slot).sorted { ($0 ?? 0) < ($1 ?? 0) }, [0, 1])
    XCTAssertEqual(beforeRemoval.last?.event, "frame", "the cancels are closed by a frame")
    XCTAssertFalse(
      result.lines[removedIndex...].contains {
        $0.device == unplugged && $0.event != "device-removed"
      },
      "nothing from the removed device afterwards")
    let stays = result.lines.filter { $0.device != unplugged && $0.event == "up" }
    XCTAssertEqual(stays.count, 1, "the other device keeps working")
    assertNoTouchLeftDown(result)
  }

  func testPalmOnTheScreenCancelsTheTouchAndTheNextTouchWorks() throws {
    var stream = S.leadIn()
    stream.frame(at: 500_000, [S.trackingID(1), S.x(100), S.y(100), S.touch(true)])
    stream.frame(at: 510_000, [S.x(110)])
    stream.frame(at: 520_000, [S.toolType(EvdevCodes.MT_TOOL_PALM)])
    stream.frame(at: 530_000, [S.x(120)])
    stream.frame(at: 540_000, [S.trackingID(-1), S.touch(false)])
    stream.frame(at: 550_000, [S.toolType(EvdevCodes.MT_TOOL_FINGER)])
    stream.frame(at: 560_000, [S.trackingID(2), S.x(300), S.y(300), S.touch(true)])
    stream.frame(at: 570_000, [S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [TestTouchscreen.description()],
      steps: [.add(device: 0), .events(device: 0, stream.events)])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertEqual(
      result.touches.map(\.event),
      [
        "down", "frame", "motion", "frame", "cancel", "frame", "down", "frame", "up", "frame",
      ])
    XCTAssertEqual(result.events("cancel").first?.time, 520_000)
    XCTAssertEqual(result.events("down").last?.x ?? .nan, 300, accuracy: 0.01)
    assertNoTouchLeftDown(result)
  }

  func testHundredThousandEventsReplayFastAndNoneIsLost() throws {
    var stream = S.leadIn()
    stream.frame(
      at: 500_000,
      [
        S.slot(0), S.trackingID(1), S.x(100), S.y(100), S.slot(1), S.trackingID(2), S.x(1000),
        S.y(500), S.touch(true),
      ])
    var motionFrames = 0
    var time: UInt64 = 500_000
    while stream.events.count < 100_000 - 6 {
      time += 1000
      motionFrames += 1
      stream.frame(
        at: time,
        [
          S.slot(0), S.x(Int32(100 + motionFrames % 1500)), S.slot(1),
          S.y(Int32(500 + motionFrames % 500)),
        ])
    }
    stream.frame(
      at: time + 1000, [S.slot(0), S.trackingID(-1), S.slot(1), S.trackingID(-1), S.touch(false)])
    let script = MockedReplayScript(
      devices: [TestTouchscreen.description()],
      steps: [.add(device: 0), .events(device: 0, stream.events)])

    let result = try TouchDumpTool.replay(script)

    XCTAssertEqual(result.exitCode, 0, result.standardError)
    XCTAssertEqual(result.events("down").count, 2)
    XCTAssertEqual(result.events("motion").count, 2 * motionFrames, "every motion arrives")
    XCTAssertEqual(result.events("up").count, 2)
    XCTAssertEqual(result.events("frame").count, motionFrames + 2)
    let lastMotion = try XCTUnwrap(result.events("motion").last)
    XCTAssertEqual(lastMotion.time, time)
    let finished = try XCTUnwrap(result.events("replay-finished").first)
    XCTAssertEqual(finished.evdevEvents, stream.events.count)
    print(
      "replayed \(stream.events.count) evdev events through libinput in "
        + "\(finished.seconds ?? 0) s: \(Int(finished.evdevEventsPerSecond ?? 0)) events/s")
  }
}
