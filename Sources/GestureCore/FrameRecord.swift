// SPDX-License-Identifier: MIT
/// A touch record the frame being handled changed (its slot in the engine's `TouchTable`),
/// with the phase its sample gave the touch (what the delivery regulator is told once the
/// recognizers have heard the frame).
struct FrameRecord {
  let slot: Int
  let phase: TouchPhase
}
