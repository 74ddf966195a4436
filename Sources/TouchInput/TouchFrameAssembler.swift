// SPDX-License-Identifier: MIT
import GestureCore

/// Turns a stream of libinput-shaped `TouchInputEvent`s into the `TouchFrame`s the gesture
/// engine consumes.
///
/// Each `.down` starts a new touch with a fresh `TouchID` (a counter starting at 1, never
/// reused), keyed by the event's (device, seat slot). Within a group of events:
/// - `.down` adds a `.began` sample at the event's position,
/// - `.motion` adds a `.moved` sample at the event's position,
/// - `.up` adds an `.ended` sample and `.cancel` a `.cancelled` sample, both at the touch's
///   last known position (libinput reports no position for them).
/// On `.frame` the collected samples are handed to `emit` as one `TouchFrame` whose time is
/// the `.frame` event's time in microseconds; a `.frame` with no samples emits nothing. A
/// touch event stamped later than the samples collected closes their frame first, with their
/// time, as if the missing `.frame` had come (`TouchFrameCloser`: the one rule for frames a
/// source never closes); `flush(emit:)` closes the last one when the input ends.
///
/// Events for a (device, seat slot) with no touch down (motion, up, cancel) are skipped and
/// counted in `ignoredEventCount`. A `.down` for a slot whose touch is still down cancels the
/// old touch in the same frame before the new one begins (counted in `replacedTouchCount`),
/// so no touch is ever left stuck.
///
/// The frame handed to `emit` is the assembler's own storage, valid only during the call; it
/// is reused, so assembling allocates nothing once the arrays have grown to the largest frame.
///
/// Example: `down(slot 0, 100, 200) frame(t=1000) up(slot 0) frame(t=9000)` gives
/// `TouchFrame(1000, [#1 began (100, 200)])` and `TouchFrame(9000, [#1 ended (100, 200)])`.
public struct TouchFrameAssembler {
  private struct ActiveTouch {
    var device: Int
    var seatSlot: Int32
    var id: TouchID
    var location: Point
  }

  private var frame = TouchFrame(timestampMicroseconds: 0)
  private var active: [ActiveTouch] = []
  private var nextID: UInt64 = 1
  private var closer = TouchFrameCloser()
  /// Events skipped because no touch was down on their (device, seat slot).
  public private(set) var ignoredEventCount = 0
  /// Touches cancelled because a new `.down` arrived on their slot while they were down.
  public private(set) var replacedTouchCount = 0

  public init() {
    frame.samples.reserveCapacity(32)
    active.reserveCapacity(32)
  }

  /// The number of touches currently down.
  public var activeTouchCount: Int { active.count }

  /// Whether samples are waiting for a `.frame` event.
  public var hasPendingSamples: Bool { !frame.samples.isEmpty }

  /// Consumes one event; on `.frame` with samples, passes the assembled frame to `emit`.
  public mutating func consume(_ event: TouchInputEvent, emit: (TouchFrame) -> Void) {
    if event.kind != .frame {
      if closer.frameToClose(beforeEventAtMicroseconds: event.timeMicroseconds) != nil {
        flush(emit: emit)
      }
      closer.eventAdded(atMicroseconds: event.timeMicroseconds)
    }
    switch event.kind {
    case .down:
      let location = Point(x: event.x, y: event.y)
      if let index = indexOfTouch(device: event.device, seatSlot: event.seatSlot) {
        replacedTouchCount += 1
        let old = active.remove(at: index)
        frame.samples.append(TouchSample(id: old.id, phase: .cancelled, location: old.location))
      }
      let id = TouchID(nextID)
      nextID += 1
      active.append(
        ActiveTouch(device: event.device, seatSlot: event.seatSlot, id: id, location: location))
      frame.samples.append(TouchSample(id: id, phase: .began, location: location))
    case .motion:
      guard let index = indexOfTouch(device: event.device, seatSlot: event.seatSlot) else {
        ignoredEventCount += 1
        return
      }
      let location = Point(x: event.x, y: event.y)
      active[index].location = location
      frame.samples.append(TouchSample(id: active[index].id, phase: .moved, location: location))
    case .up, .cancel:
      guard let index = indexOfTouch(device: event.device, seatSlot: event.seatSlot) else {
        ignoredEventCount += 1
        return
      }
      let touch = active.remove(at: index)
      let phase: TouchPhase = event.kind == .up ? .ended : .cancelled
      frame.samples.append(TouchSample(id: touch.id, phase: phase, location: touch.location))
    case .frame:
      closer.frameClosed()
      frame.timestampMicroseconds = Int64(clamping: event.timeMicroseconds)
      emitFrame(emit)
    }
  }

  /// Emits the samples collected since the last `.frame`, if any, as a frame with their time:
  /// for a frame the source never closed (the input ended, or has nothing more to read now).
  public mutating func flush(emit: (TouchFrame) -> Void) {
    if let open = closer.sourceDrained() {
      // Never earlier than the last frame (events stamped before it are out of order).
      frame.timestampMicroseconds = max(frame.timestampMicroseconds, Int64(clamping: open))
      closer.frameClosed()
    }
    emitFrame(emit)
  }

  private mutating func emitFrame(_ emit: (TouchFrame) -> Void) {
    guard !frame.samples.isEmpty else { return }
    emit(frame)
    frame.removeAll(newTimestampMicroseconds: frame.timestampMicroseconds)
  }

  private func indexOfTouch(device: Int, seatSlot: Int32) -> Int? {
    for index in active.indices
    where active[index].seatSlot == seatSlot && active[index].device == device {
      return index
    }
    return nil
  }
}
