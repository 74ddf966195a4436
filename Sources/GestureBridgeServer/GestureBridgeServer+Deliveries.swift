// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore
import GestureScene
import TouchInput

/// Surfaces and what their clients hear of their touches: the engine's regulated deliveries
/// become the host's `wl_touch` events, one `wl_touch.frame` per client surface and frame.
extension GestureBridgeServer {
  // MARK: Surfaces

  /// The recognizers `client` has on its live surfaces (inert ones are not held).
  func recognizerCount(of client: OpaquePointer) -> Int {
    surfaces.values.reduce(0) { $0 + ($1.client == client ? $1.recognizers.count : 0) }
  }

  /// The record of a wl_surface resource, created on first use.
  func surfaceRecord(for surface: OpaquePointer) -> SurfaceRecord {
    if let record = surfaces[surface] { return record }
    let record = SurfaceRecord(surface: surface, server: self)
    surfaces[surface] = record
    rootView.addSubview(record.view)
    return record
  }

  func surfaceDestroyed(_ record: SurfaceRecord) {
    surfaces[record.surface] = nil
    // Touches left down on a dead surface no longer make the sequence span its client:
    // another client touching meanwhile gets its gestures.
    if !surfaces.values.contains(where: { $0.client == record.client && $0.liveTouches > 0 }) {
      sequenceClients.removeAll { $0 == record.client }
    }
    surfacesNeedingFrame.removeAll { $0 == record.surface }
    flushFrames()
  }

  // MARK: Deliveries

  /// Hands the engine's regulated deliveries for `record`'s view to the host.
  func deliver(_ delivered: TouchSet, phase: TouchPhase, on record: SurfaceRecord) {
    guard !record.isDestroyed else { return }
    for touch in delivered {
      deliveredInFrame.append((touch.id, touch.phase == .began ? .began : phase))
      guard var active = touches[touch.id], active.clientStream != .cancelled else { continue }
      if phase == .cancelled {
        // Events of this frame already sent to the client (a held down released as the
        // recognizer began) form a group of their own: wl_touch.frame closes it before the
        // cancel, so the stream never has a down without a frame.
        if let index = surfacesNeedingFrame.firstIndex(of: record.surface) {
          surfacesNeedingFrame.remove(at: index)
          host.frame(forClientOf: record.surface)
        }
        // The time of the input that made the recognizer begin: the frame or the deadline.
        host.cancelTouches(ofClientOf: record.surface, timeMicroseconds: engine.nowMicroseconds)
        for (id, other) in touches where other.surface?.client == record.client {
          touches[id]?.clientStream.cancel()
        }
        forgetIfLifted(touch.id)
        continue
      }
      let time = phase == .began ? touch.initialTimestampMicroseconds : touch.timestampMicroseconds
      if active.clientStream.id == nil {
        active.clientStream.open(id: freeClientID(preferring: active.hostID, client: record.client))
        touches[touch.id]?.clientStream = active.clientStream
      }
      host.deliver(
        ClientTouchEvent(
          kind: Self.kind(of: phase), hostTouchID: active.hostID,
          clientTouchID: active.clientStream.id,
          timeMicroseconds: time, surface: record.surface, screenPoint: touch.screenLocation,
          localPoint: touch.location(in: record.view)))
      if phase == .ended { touches[touch.id]?.clientStream.close() }
      if !surfacesNeedingFrame.contains(record.surface) {
        surfacesNeedingFrame.append(record.surface)
      }
      if phase == .ended { forgetIfLifted(touch.id) }
    }
  }

  /// The wl_touch id for a touch of `client` going out now: `hostID` unless one of the
  /// client's open touches (down delivered, no up or cancel yet) has it, else the lowest id
  /// none of them has. A touch whose up is held back keeps its id open.
  private func freeClientID(preferring hostID: Int32, client: OpaquePointer) -> Int32 {
    func isOpen(_ id: Int32) -> Bool {
      touches.values.contains {
        $0.clientStream == .open(id: id) && $0.surface?.client == client
      }
    }
    if !isOpen(hostID) { return hostID }
    var candidate: Int32 = 0
    while isOpen(candidate) { candidate += 1 }
    return candidate
  }

  /// Forgets a lifted touch once its last event went out.
  private func forgetIfLifted(_ touchID: TouchID) {
    guard let touch = touches[touchID], !touch.isLive else { return }
    touches[touchID] = nil
    liftedTouches.removeAll { $0 == touchID }
  }

  /// Asks the host for wl_touch.frame on every surface that got deliveries since the last call.
  func flushFrames() {
    let pending = surfacesNeedingFrame
    surfacesNeedingFrame.removeAll()
    for surface in pending where surfaces[surface] != nil { host.frame(forClientOf: surface) }
  }
}
