// SPDX-License-Identifier: MIT
import GestureCore
import Testing
import TouchInput

/// Feeds `events` to a fresh assembler and returns copies of the frames it emitted.
private func assemble(_ events: [TouchInputEvent], into assembler: inout TouchFrameAssembler)
  -> [TouchFrame]
{
  var frames: [TouchFrame] = []
  for event in events {
    assembler.consume(event) { frames.append($0) }
  }
  return frames
}

private func down(_ seatSlot: Int32, _ x: Double, _ y: Double, device: Int = 0) -> TouchInputEvent {
  TouchInputEvent(
    kind: .down, timeMicroseconds: 0, device: device, slot: seatSlot, seatSlot: seatSlot, x: x,
    y: y)
}

private func motion(_ seatSlot: Int32, _ x: Double, _ y: Double, device: Int = 0)
  -> TouchInputEvent
{
  TouchInputEvent(
    kind: .motion, timeMicroseconds: 0, device: device, slot: seatSlot, seatSlot: seatSlot, x: x,
    y: y)
}

private func up(_ seatSlot: Int32, device: Int = 0) -> TouchInputEvent {
  TouchInputEvent(
    kind: .up, timeMicroseconds: 0, device: device, slot: seatSlot, seatSlot: seatSlot)
}

private func cancel(_ seatSlot: Int32, device: Int = 0) -> TouchInputEvent {
  TouchInputEvent(
    kind: .cancel, timeMicroseconds: 0, device: device, slot: seatSlot, seatSlot: seatSlot)
}

@Suite struct TouchFrameAssemblerTests {
  @Test func aTapBecomesABeganFrameAndAnEndedFrameAtTheLastLocation() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [
        down(0, 100, 200), .frame(at: 1_000), motion(0, 104, 203), .frame(at: 9_000), up(0),
        .frame(at: 17_000),
      ],
      into: &assembler)
    #expect(frames.count == 3)
    #expect(frames.map(\.timestampMicroseconds) == [1_000, 9_000, 17_000])
    #expect(
      frames[0].samples == [
        TouchSample(id: TouchID(1), phase: .began, location: Point(x: 100, y: 200))
      ])
    #expect(
      frames[1].samples == [
        TouchSample(id: TouchID(1), phase: .moved, location: Point(x: 104, y: 203))
      ])
    #expect(
      frames[2].samples == [
        TouchSample(id: TouchID(1), phase: .ended, location: Point(x: 104, y: 203))
      ])
    #expect(assembler.activeTouchCount == 0)
  }

  @Test func everyDownGetsANewTouchIDEvenOnARecycledSlot() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [down(0, 10, 10), .frame(at: 1), up(0), .frame(at: 2), down(0, 20, 20), .frame(at: 3)],
      into: &assembler)
    #expect(frames[0].samples[0].id == TouchID(1))
    #expect(frames[2].samples[0].id == TouchID(2))
  }

  @Test func touchesAreKeyedByDeviceAndSeatSlot() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [
        down(0, 10, 10, device: 0), down(0, 50, 50, device: 1), .frame(at: 1),
        motion(0, 60, 60, device: 1), .frame(at: 2),
      ],
      into: &assembler)
    #expect(frames[0].samples.map(\.id) == [TouchID(1), TouchID(2)])
    #expect(
      frames[1].samples == [
        TouchSample(id: TouchID(2), phase: .moved, location: Point(x: 60, y: 60))
      ])
  }

  @Test func cancelEndsTheTouchAsCancelledAtItsLastLocation() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [down(3, 7, 8), .frame(at: 1), cancel(3), .frame(at: 2)], into: &assembler)
    #expect(
      frames[1].samples == [
        TouchSample(id: TouchID(1), phase: .cancelled, location: Point(x: 7, y: 8))
      ])
  }

  @Test func twoFingersChangingTogetherShareOneFrameInEventOrder() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [
        down(0, 1, 1), down(1, 2, 2), .frame(at: 5), motion(1, 3, 3), motion(0, 4, 4),
        .frame(at: 6),
      ],
      into: &assembler)
    #expect(frames.count == 2)
    #expect(frames[1].samples.map(\.id) == [TouchID(2), TouchID(1)])
    #expect(frames[1].samples.map(\.phase) == [.moved, .moved])
  }

  @Test func eventsForUnknownSlotsAreIgnoredAndCounted() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [motion(4, 1, 1), up(5), cancel(6), .frame(at: 1)], into: &assembler)
    #expect(frames.isEmpty)
    #expect(assembler.ignoredEventCount == 3)
  }

  @Test func aSecondDownOnABusySlotCancelsTheOldTouchFirst() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [down(0, 1, 1), .frame(at: 1), down(0, 9, 9), .frame(at: 2)], into: &assembler)
    #expect(
      frames[1].samples == [
        TouchSample(id: TouchID(1), phase: .cancelled, location: Point(x: 1, y: 1)),
        TouchSample(id: TouchID(2), phase: .began, location: Point(x: 9, y: 9)),
      ])
    #expect(assembler.replacedTouchCount == 1)
    #expect(assembler.activeTouchCount == 1)
  }

  @Test func flushEmitsSamplesLeftWithoutAClosingFrame() {
    var assembler = TouchFrameAssembler()
    var frames = assemble([down(0, 1, 1), .frame(at: 10), up(0)], into: &assembler)
    #expect(frames.count == 1)
    assembler.flush { frames.append($0) }
    #expect(frames.count == 2)
    #expect(frames[1].timestampMicroseconds == 10)
    #expect(frames[1].samples.map(\.phase) == [.ended])
  }

  @Test func steadyStateFramesReuseTheSameStorage() {
    var assembler = TouchFrameAssembler()
    assembler.consume(down(0, 1, 1)) { _ in }
    assembler.consume(.frame(at: 1)) { _ in }
    var addresses: Set<Int> = []
    for step in 0..<100 {
      assembler.consume(motion(0, Double(step), 1)) { _ in }
      assembler.consume(.frame(at: UInt64(2 + step))) { frame in
        frame.samples.withUnsafeBufferPointer {
          _ = addresses.insert(Int(bitPattern: $0.baseAddress))
        }
      }
    }
    #expect(addresses.count == 1)
  }
}

/// Frames a source never closes (`TouchFrameCloser`).
@Suite struct MissingFrameTests {
  private func at(_ time: UInt64, _ event: TouchInputEvent) -> TouchInputEvent {
    var event = event
    event.timeMicroseconds = time
    return event
  }

  @Test func aLaterTouchEventClosesTheOpenFrameWithTheOpenFramesTime() throws {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [
        at(1_000, down(0, 100, 100)), at(1_000, down(1, 300, 100)), .frame(at: 1_000),
        // libinput dropped this frame's TOUCH_FRAME.
        at(5_000, motion(0, 110, 100)),
        at(9_000, motion(0, 120, 100)), at(9_000, motion(1, 301, 100)), .frame(at: 9_000),
      ],
      into: &assembler)
    try #require(frames.map(\.timestampMicroseconds) == [1_000, 5_000, 9_000])
    #expect(frames[1].samples.map(\.location.x) == [110])
    #expect(frames[2].samples.map(\.location.x) == [120, 301])
  }

  @Test func eventsOfTheSameTimeStayInOneFrame() {
    var assembler = TouchFrameAssembler()
    let frames = assemble(
      [
        at(1_000, down(0, 100, 100)), at(1_000, down(1, 300, 100)), .frame(at: 1_000),
        at(5_000, motion(0, 110, 100)), at(5_000, motion(1, 310, 100)), .frame(at: 5_000),
      ],
      into: &assembler)
    #expect(frames.map(\.samples.count) == [2, 2])
  }

  @Test func flushClosesTheLastOpenFrameWithItsEventsTime() {
    var assembler = TouchFrameAssembler()
    var frames = assemble(
      [at(1_000, down(0, 100, 100)), .frame(at: 1_000), at(4_000, motion(0, 110, 100))],
      into: &assembler)
    #expect(frames.count == 1)
    assembler.flush { frames.append($0) }
    #expect(frames.map(\.timestampMicroseconds) == [1_000, 4_000])
    assembler.flush { frames.append($0) }
    #expect(frames.count == 2, "nothing left to close")
  }

  @Test func theCloserSaysWhichFrameToCloseAndWhen() {
    var closer = TouchFrameCloser()
    #expect(closer.frameToClose(beforeEventAtMicroseconds: 10) == nil, "no frame open")
    closer.eventAdded(atMicroseconds: 10)
    #expect(closer.frameToClose(beforeEventAtMicroseconds: 10) == nil, "same evdev frame")
    #expect(closer.frameToClose(beforeEventAtMicroseconds: 20) == 10)
    #expect(closer.sourceDrained() == 10)
    closer.frameClosed()
    #expect(closer.sourceDrained() == nil)
    #expect(closer.frameToClose(beforeEventAtMicroseconds: 30) == nil)
  }
}
