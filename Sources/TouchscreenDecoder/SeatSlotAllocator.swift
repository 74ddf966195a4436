// SPDX-License-Identifier: MIT
import TouchInput

/// Hands out seat slots (`libinput_event_touch_get_seat_slot`) that are unique across every
/// touch device of one seat while a touch is down.
///
/// Like libinput 1.22 (`ffs(~seat->slot_map) - 1` on a 32-bit map) it always picks the lowest
/// free seat slot and has 32 of them; when all are taken a new touch gets none and libinput
/// ignores that touch.
public struct SeatSlotAllocator: Sendable, Hashable {
  /// Number of seat slots of a libinput seat (the width of its `slot_map`).
  public static let capacity = 32

  private var map: UInt32 = 0

  public init() {}

  /// Number of seat slots currently taken.
  public var usedCount: Int { map.nonzeroBitCount }

  /// Whether `seatSlot` is currently taken.
  public func isTaken(_ seatSlot: Int32) -> Bool {
    seatSlot >= 0 && seatSlot < 32 && map & (1 << UInt32(seatSlot)) != 0
  }

  /// Takes the lowest free seat slot, or returns nil when all 32 are taken.
  public mutating func allocate() -> Int32? {
    let free = ~map
    if free == 0 { return nil }
    let slot = free.trailingZeroBitCount
    map |= 1 << UInt32(slot)
    return Int32(slot)
  }

  /// Gives `seatSlot` back; values that are not taken are ignored.
  public mutating func release(_ seatSlot: Int32) {
    guard seatSlot >= 0 && seatSlot < 32 else { return }
    map &= ~(1 << UInt32(seatSlot))
  }
}
