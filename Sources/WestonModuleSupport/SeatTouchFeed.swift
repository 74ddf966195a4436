// SPDX-License-Identifier: MIT
import TouchInput

/// The one way touch input reaches weston on the module's virtual seat: libinput-shaped
/// `TouchInputEvent`s, what every source makes (the `device=` feed's libinput, recordings
/// through the replay's reader and decoder, touch scripts), in; `notify_touch_*` on a
/// `VirtualTouchSeat` out, so the events take weston's normal path through the seat and the
/// bridge's touch grab, which rebuilds frames from them.
///
/// Weston touch ids are `idBase + the event's seat slot` (slots outside
/// `0..<idsPerSource` are dropped), so sources sharing the seat keep apart. A group of
/// events is closed by the event stream's `.frame` (nothing is sent for a `.frame` with no
/// events before it). Weston has no per-touch cancel: a cancelled touch cancels every touch of
/// the seat; the touches this feed has down then get an up (weston counts touches down; the
/// bridge ignores ups after a cancel) and their later events are dropped until the source ends
/// them. Events for touches not down are dropped.
///
/// Example: `down(seat slot 0, 10, 20) frame up(seat slot 0) frame` with `idBase` 512 and an
/// origin of (100, 0) gives weston `down(512, 110, 20) frame up(512) frame`.
public final class SeatTouchFeed {
  /// How many ids each source may use from its `idBase`.
  public static let idsPerSource: Int32 = 512

  public let seat: VirtualTouchSeat
  public let idBase: Int32
  /// The device of each seat slot down, and the slots dropped by a cancel until the source
  /// ends them.
  private var down: [Int32: Int] = [:]
  private var dropped: Set<Int32> = []
  /// Whether the seat got events since its last frame.
  private var frameOpen = false
  /// How many touches of each device (`TouchInputEvent.device`) the last cancel ended; cleared
  /// by the next down.
  public private(set) var cancelledPerDevice: [Int: Int] = [:]

  public init(seat: VirtualTouchSeat, idBase: Int32) {
    self.seat = seat
    self.idBase = idBase
  }

  /// How many touches of `device` the last cancel ended, forgetting the count (a removed
  /// device says so once).
  public func takeCancelledCount(device: Int) -> Int {
    cancelledPerDevice.removeValue(forKey: device) ?? 0
  }

  /// Whether a touch of this feed is down.
  public var hasTouchesDown: Bool { !down.isEmpty }

  /// Sends one event, its time as CLOCK_MONOTONIC microseconds, its position moved by
  /// (`originX`, `originY`) into weston's global space.
  public func feed(_ event: TouchInputEvent, originX: Double = 0, originY: Double = 0) {
    let time = VirtualTouchSeat.time(microseconds: event.timeMicroseconds)
    let slot = event.seatSlot
    switch event.kind {
    case .down:
      dropped.remove(slot)
      guard slot >= 0, slot < Self.idsPerSource else { return }
      cancelledPerDevice.removeAll()
      down[slot] = event.device
      seat.send(.down, id: idBase + slot, x: event.x + originX, y: event.y + originY, time: time)
      frameOpen = true
    case .motion:
      guard down[slot] != nil else { return }
      seat.send(.motion, id: idBase + slot, x: event.x + originX, y: event.y + originY, time: time)
      frameOpen = true
    case .up:
      dropped.remove(slot)
      guard down.removeValue(forKey: slot) != nil else { return }
      seat.send(.up, id: idBase + slot, x: 0, y: 0, time: time)
      frameOpen = true
    case .cancel:
      if dropped.remove(slot) != nil { return }
      guard down[slot] != nil else { return }
      cancelSeat(time: event.timeMicroseconds)
    case .frame:
      if frameOpen { seat.frame() }
      frameOpen = false
    }
  }

  /// Cancels every touch of the seat; the touches this feed has down get an up, and their
  /// later events are dropped.
  private func cancelSeat(time microseconds: UInt64) {
    let time = VirtualTouchSeat.time(microseconds: microseconds)
    if frameOpen { seat.frame() }
    seat.cancel()
    for slot in down.keys.sorted() { seat.send(.up, id: idBase + slot, x: 0, y: 0, time: time) }
    seat.frame()
    frameOpen = false
    dropped.formUnion(down.keys)
    cancelledPerDevice = Dictionary(down.map { ($0.value, 1) }, uniquingKeysWith: +)
    down.removeAll()
  }
}
