import GestureCore
import GestureInput
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
