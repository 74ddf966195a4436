// SPDX-License-Identifier: MIT
import TouchInput

/// The touches down in a stream of libinput-shaped events, by (device, seat slot), with their
/// device slot: what a replay through libinput or a live watcher cancels when its input ends
/// with fingers down, as the in-core decoders' `finish` does (device by device in slot order,
/// closed by one frame).
package struct TouchesDown {
  private struct Key: Hashable {
    var device: Int
    var seatSlot: Int32
  }

  /// Device slot of each touch down.
  private var active: [Key: Int32] = [:]
  /// The latest event time seen, in microseconds.
  package private(set) var lastTimeMicroseconds: UInt64 = 0

  package init() {}

  /// How many touches are down.
  package var count: Int { active.count }

  /// Notes one event of the stream.
  package mutating func track(_ event: TouchInputEvent) {
    let key = Key(device: event.device, seatSlot: event.seatSlot)
    switch event.kind {
    case .down: active[key] = event.slot
    case .up, .cancel: active[key] = nil
    case .motion, .frame: break
    }
    lastTimeMicroseconds = max(lastTimeMicroseconds, event.timeMicroseconds)
  }

  /// A cancel at `timeMicroseconds` for each touch down, device by device in slot order, then
  /// one frame; empty when no touch is down.
  package func cancelEvents(atMicroseconds timeMicroseconds: UInt64) -> [TouchInputEvent] {
    let leftDown = active.sorted { ($0.key.device, $0.value) < ($1.key.device, $1.value) }
    guard !leftDown.isEmpty else { return [] }
    return leftDown.map { key, slot in
      TouchInputEvent(
        kind: .cancel, timeMicroseconds: timeMicroseconds, device: key.device, slot: slot,
        seatSlot: key.seatSlot)
    } + [.frame(at: timeMicroseconds)]
  }
}
