// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore
import GestureScene
import TouchInput

/// The host's touch events: each becomes a sample of the open frame, which the engine handles
/// when the host closes it (or the bridge does, for hosts that leave frames open).
extension GestureBridgeServer {
  // MARK: Touch input

  /// A touch went down at `screenPoint`. A repeated down for a live id is ignored.
  public func touchDown(id: Int32, timeMicroseconds: Int64, at screenPoint: Point) {
    closeOpenFrame(beforeEventAt: timeMicroseconds)
    guard touchIDsByHostID[id] == nil else { return }
    if touchIDsByHostID.isEmpty {
      sequenceClients.removeAll()
      isSequenceSpanningClients = false
    }
    var record: SurfaceRecord?
    var admission = SystemGestureGate.Admission.all
    let touchID = TouchID(nextTouchID)
    if let hit = host.surface(at: screenPoint) {
      let surface = surfaceRecord(for: hit.surface)
      if surface.liveTouches == 0 {
        let origin = screenPoint - hit.localPoint
        let size = Size(
          width: max(hit.size.width, hit.localPoint.x + 1),
          height: max(hit.size.height, hit.localPoint.y + 1))
        surface.beginSequence(frame: Rect(origin: origin, size: size))
      }
      rootView.addSubview(surface.view)  // on top for the hit test
      surface.liveTouches += 1
      record = surface
      noteSequenceClient(surface)
      if !surface.deferral.isEmpty {
        admission = systemGestureGate.admission(
          of: touchID, at: screenPoint, timeMicroseconds: timeMicroseconds,
          deferral: surface.deferral, surfaceOrigin: screenPoint - hit.localPoint,
          screen: rootView.frame, edgeZone: engine.settings.screenEdgeZonePixels,
          cap: systemGestureExclusionCapPixels)
      }
    }
    nextTouchID += 1
    touchIDsByHostID[id] = touchID
    touches[touchID] = ActiveTouch(
      hostID: id, surface: record, screenPoint: screenPoint, systemAdmission: admission)
    append(TouchSample(id: touchID, phase: .began, location: screenPoint), timeMicroseconds)
  }

  /// A touch moved to `screenPoint`; unknown ids are ignored.
  public func touchMotion(id: Int32, timeMicroseconds: Int64, at screenPoint: Point) {
    closeOpenFrame(beforeEventAt: timeMicroseconds)
    guard let touchID = touchIDsByHostID[id] else { return }
    touches[touchID]?.screenPoint = screenPoint
    append(TouchSample(id: touchID, phase: .moved, location: screenPoint), timeMicroseconds)
  }

  /// A touch lifted; unknown ids are ignored.
  public func touchUp(id: Int32, timeMicroseconds: Int64) {
    closeOpenFrame(beforeEventAt: timeMicroseconds)
    guard let touchID = touchIDsByHostID.removeValue(forKey: id),
      let touch = touches[touchID]
    else { return }
    lifted(touchID, touch, timeMicroseconds: timeMicroseconds)
    append(TouchSample(id: touchID, phase: .ended, location: touch.screenPoint), timeMicroseconds)
  }

  /// Books a touch that lifted or was cancelled: it stays known until its last delivery.
  private func lifted(_ touchID: TouchID, _ touch: ActiveTouch, timeMicroseconds: Int64) {
    touches[touchID]?.isLive = false
    systemGestureGate.lifted(touchID, timeMicroseconds: timeMicroseconds)
    if let surface = touch.surface { surface.liveTouches = max(0, surface.liveTouches - 1) }
    liftedTouches.append(touchID)
    if liftedTouches.count > Self.liftedTouchMemory {
      touches[liftedTouches.removeFirst()] = nil
    }
  }

  /// The seat cancelled every touch (wl_touch.cancel semantics): the frame is handled at once.
  public func touchCancel(timeMicroseconds: Int64) {
    closeOpenFrame(beforeEventAt: timeMicroseconds)
    for touchID in touchIDsByHostID.values.sorted() {
      guard let touch = touches[touchID] else { continue }
      lifted(touchID, touch, timeMicroseconds: timeMicroseconds)
      append(
        TouchSample(id: touchID, phase: .cancelled, location: touch.screenPoint), timeMicroseconds)
    }
    touchIDsByHostID.removeAll()
    touchFrame()
  }

  /// Ends one input frame: the recognizers evaluate it, then the host gets the deliveries,
  /// the holds and one wl_touch.frame request per client surface that got events.
  public func touchFrame() {
    frameCloser.frameClosed()
    guard !frame.samples.isEmpty else { return }
    // A timer due at or before this frame's time comes first (`EventLoopClock`).
    clock.fireDue(atOrBefore: frame.timestampMicroseconds)
    let handled = frame
    frame.removeAll(newTimestampMicroseconds: handled.timestampMicroseconds)
    deliveredInFrame.removeAll(keepingCapacity: true)
    engine.handle(handled)
    for sample in handled.samples {
      guard let touch = touches[sample.id], let surface = touch.surface, !surface.isDestroyed,
        touch.clientStream != .cancelled, sample.phase != .cancelled,
        !deliveredInFrame.contains(where: { $0.0 == sample.id && $0.1 == sample.phase })
      else { continue }
      host.hold(
        ClientTouchEvent(
          kind: Self.kind(of: sample.phase), hostTouchID: touch.hostID,
          clientTouchID: touch.clientStream.id, timeMicroseconds: handled.timestampMicroseconds,
          surface: surface.surface,
          screenPoint: sample.location,
          localPoint: surface.view.convert(fromScreen: sample.location)))
    }
    if touchIDsByHostID.isEmpty {
      if isSequenceSpanningClients {
        isSequenceSpanningClients = false
        for surface in surfaces.values {
          for recognizer in surface.recognizers { recognizer.resume() }
        }
      }
    }
    flushFrames()
  }

  private func append(_ sample: TouchSample, _ timeMicroseconds: Int64) {
    if frame.samples.isEmpty || timeMicroseconds > frame.timestampMicroseconds {
      frame.timestampMicroseconds = timeMicroseconds
    }
    frame.samples.append(sample)
    frameCloser.eventAdded(atMicroseconds: UInt64(clamping: timeMicroseconds))
    if idleSource == nil {
      let context = Unmanaged.passUnretained(self).toOpaque()
      idleSource = wl_event_loop_add_idle(
        wl_display_get_event_loop(display), gestureBridgeServerIdle, context)
    }
  }

  // MARK: Frames the host leaves open

  /// A touch call stamped `timeMicroseconds` arrived: closes the open frame first if the
  /// call is later (`TouchFrameCloser`, rule 1).
  private func closeOpenFrame(beforeEventAt timeMicroseconds: Int64) {
    if frameCloser.frameToClose(beforeEventAtMicroseconds: UInt64(clamping: timeMicroseconds))
      != nil
    {
      touchFrame()
    }
  }

  /// The event loop went idle: closes a frame the host left open (rule 2).
  fileprivate func eventLoopIdle() {
    idleSource = nil
    if frameCloser.sourceDrained() != nil { touchFrame() }
  }

  func removeIdleSource() {
    if let idleSource { wl_event_source_remove(idleSource) }
    idleSource = nil
  }

  static func kind(of phase: TouchPhase) -> ClientTouchEvent.Kind {
    switch phase {
    case .began: .down
    case .ended, .cancelled: .up
    case .moved, .stationary: .motion
    }
  }

  // MARK: Clients spanning a sequence

  private func noteSequenceClient(_ surface: SurfaceRecord) {
    if !sequenceClients.contains(surface.client) { sequenceClients.append(surface.client) }
    guard sequenceClients.count > 1 else { return }
    if !isSequenceSpanningClients {
      isSequenceSpanningClients = true
      for record in surfaces.values where record.liveTouches > 0 {
        for recognizer in record.recognizers { recognizer.suspend() }
      }
    }
    for recognizer in surface.recognizers { recognizer.suspend() }
  }
}

func gestureBridgeServerIdle(_ data: UnsafeMutableRawPointer?) {
  guard let data else { return }
  Unmanaged<GestureBridgeServer>.fromOpaque(data).takeUnretainedValue().eventLoopIdle()
}
