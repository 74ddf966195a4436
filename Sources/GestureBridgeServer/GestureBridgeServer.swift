// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureCore
import GestureScene
import TouchInput

/// Serves gesture_bridge_manager_v1 on a compositor's `wl_display` and runs the clients'
/// recognizers on the touches the host feeds.
///
/// The host feeds `touchDown`/`touchMotion`/`touchUp` (screen coordinates, CLOCK_MONOTONIC
/// microseconds, the host's touch ids) and ends each input frame with `touchFrame()`. Each
/// touch belongs to the surface the host picks under it when it goes down (like wl_touch's
/// implicit grab); every surface touched or carrying recognizers is a `View` under one root
/// view covering `screenRectangle`. Recognizer events go only to the client owning the
/// surface, in that surface's local coordinates. The host receives, through
/// `GestureBridgeHost`, the touch events to forward to the client's wl_touch (possibly later,
/// with their original timestamps), the ones withheld for now, and when to send
/// wl_touch.cancel.
///
/// Touch sequences spanning clients: when, during one screen-wide sequence (from the first
/// touch down to the last touch up), touches go down on surfaces of two or more clients, the
/// recognizers of every surface touched in that sequence are suspended for the rest of it:
/// active gestures report cancelled, possible ones failed, withheld touch events are
/// delivered, and new touches of the sequence are delivered unregulated. Recognizers resume
/// when the last touch lifts. No client ever sees a gesture built from another client's
/// touches. Touches left down on a destroyed surface (its client gone) do not count: the
/// other clients' gestures go on while they stay down.
///
/// Frames the host never closes: a host forwarding libinput's events forwards libinput's
/// missing `TOUCH_FRAME`s too. A touch call stamped later than the open frame closes it
/// first, and an idle source on the display's event loop closes a frame still open when the
/// loop goes idle (`TouchFrameCloser` has the rule and the reason). The idle source is
/// libwayland's: it allocates one small source per input frame, which a timer would avoid
/// only by closing such frames a millisecond late.
///
/// System gestures (`replaceSystemGestures(with:report:)`): the recognizers of a scene in
/// global coordinates, owned by the compositor, live on the root view, so every touch
/// reaches them through the engine's hit-test ancestry, whatever surface it lands on and
/// when it lands on none. They have `GesturePrecedence.system`, and the arena's one rule
/// (see `GestureArena`) does the rest: a system recognizer that begins or recognizes makes
/// the clients' recognizers sharing its touches fail or cancel, and its
/// `cancelsTouchesInView` sends the clients' wl_touch a cancel; while it is undecided the
/// clients get their touches and gestures as usual, unless it delays touches.
///
/// Apps deferring system gestures (gesture_bridge_system_gesture_surface_v1, version 2 of
/// the global): a surface's exclusion region and deferred edges, applied at its
/// wl_surface.commit (`surfaceCommitted(_:)`, which the host calls), decide when a touch goes
/// down on it which system recognizers it reaches (`SystemGestureGate`): the system
/// recognizers' delegate refuses the touches the surface excluded or deferred, so the
/// arena's precedence never involves them.
///
/// Everything runs on the thread of the display's event loop; the timers of long press,
/// multi-tap and swipe run on that loop (`EventLoopClock`).
public final class GestureBridgeServer {
  /// The protocol's limit of recognizers per surface.
  public static let maximumRecognizersPerSurface = 64
  /// The protocol's limit of recognizers per client, over all its surfaces.
  public static let maximumRecognizersPerClient = 1024

  public let display: OpaquePointer
  let host: any GestureBridgeHost
  let engine: GestureEngine
  /// The settings as given, before their millimetres are resolved into pixels.
  public let settings: GestureSettings
  let clock: EventLoopClock
  private let rootView: View
  private var global: OpaquePointer?
  private var displayListener: DestroyListener?
  private var surfaces: [OpaquePointer: SurfaceRecord] = [:]
  private var systemGestures: SystemGestureSet?
  private var systemGestureGate = SystemGestureGate()

  private struct ActiveTouch {
    var hostID: Int32
    var surface: SurfaceRecord?
    var screenPoint: Point
    var isLive = true
    /// Which system recognizers the touch reaches (what its surface deferred).
    var systemAdmission = SystemGestureGate.Admission.all
    /// Where the touch stands with the client's wl_touch.
    var clientStream = ClientStream.notOpen
  }

  /// A touch's events to its client's wl_touch: one state, moved by `open`, `close` and
  /// `cancel` (a move the state does not allow is a programming error).
  private enum ClientStream: Equatable {
    /// No down delivered yet, or its up went out: the client knows no id for it.
    case notOpen
    /// Its down went out: the client's wl_touch knows it by `id` until its up.
    case open(id: Int32)
    /// The client got wl_touch.cancel while the touch was open or pending: nothing more of it
    /// goes out.
    case cancelled

    /// The id the client knows the touch by, while it is open.
    var id: Int32? {
      if case .open(let id) = self { id } else { nil }
    }

    mutating func open(id: Int32) {
      precondition(self == .notOpen, "a touch opened twice for its client (\(self))")
      self = .open(id: id)
    }

    /// Its up went out.
    mutating func close() {
      precondition(id != nil, "an up for a touch not open for its client (\(self))")
      self = .notOpen
    }

    mutating func cancel() { self = .cancelled }
  }

  private var touches: [TouchID: ActiveTouch] = [:]
  private var touchIDsByHostID: [Int32: TouchID] = [:]
  private var nextTouchID: UInt64 = 1
  /// Lifted touches still known (their up may be withheld), oldest first.
  private var liftedTouches: [TouchID] = []
  /// How many lifted touches are remembered for late deliveries.
  private static let liftedTouchMemory = 256
  private var frame = TouchFrame(timestampMicroseconds: 0)
  private var frameCloser = TouchFrameCloser()
  /// The idle source that closes a frame the host left open (nil when none is scheduled).
  private var idleSource: OpaquePointer?
  private var sequenceClients: [OpaquePointer] = []
  private var isSequenceSpanningClients = false
  /// Surfaces that got deliveries since the last wl_touch.frame was requested, in order.
  private var surfacesNeedingFrame: [OpaquePointer] = []
  /// (touch, phase) pairs delivered while a frame is handled, to detect withheld events.
  private var deliveredInFrame: [(TouchID, TouchPhase)] = []

  /// Default screen rectangle until the host sets one: large enough for any output layout.
  public static let defaultScreenRectangle = Rect(
    x: -1_000_000, y: -1_000_000, width: 2_000_000, height: 2_000_000)

  /// Creates the global on `display` (a `wl_display *`) and the engine on its event loop.
  /// Returns nil if libwayland cannot create the global.
  public init?(
    display: OpaquePointer, host: any GestureBridgeHost, settings: GestureSettings = .standard
  ) {
    self.display = display
    self.host = host
    self.settings = settings
    clock = EventLoopClock(eventLoop: wl_display_get_event_loop(display))
    rootView = View(name: "screen", frame: Self.defaultScreenRectangle)
    engine = GestureEngine(rootView: rootView, clock: clock, settings: settings)
    engine.stateObserver = RecognizerResource.engineStateChanged
    guard let global = ManagerResource.createGlobal(display: display, server: self) else {
      return nil
    }
    self.global = global
    displayListener = DestroyListener(display: display) { [weak self] in
      // The display destroys its globals and then its event loop itself.
      self?.global = nil
      self?.clock.eventLoopWillBeDestroyed()
      self?.removeIdleSource()
    }
    clock.afterWake = { [weak self] in self?.flushFrames() }
  }

  deinit {
    if let global { wl_global_destroy(global) }
    removeIdleSource()
  }

  /// The screen's rectangle in the host's global coordinates (the union of the outputs):
  /// screen-edge pans measure their edges against it.
  public var screenRectangle: Rect {
    get { rootView.frame }
    set {
      guard newValue.width > 0, newValue.height > 0 else { return }
      rootView.frame = newValue
    }
  }

  /// Screen pixels (the host's global coordinates) per millimetre of the touch surface, from
  /// which the thresholds (`GestureSettings`: tap slop, pan and pinch hysteresis, swipe
  /// distance and speed, edge zone, the long press's default `allowableMovement`) are resolved
  /// into pixels; nil (the default): unknown, the settings' pixel fallbacks apply. A host knows
  /// it from its touchscreen (`libinput_device_get_size` and the output the device is mapped
  /// onto) or from the output's physical size. Takes effect from the next touch event.
  public var physicalScale: PhysicalScale? {
    didSet { engine.settings = settings.resolved(for: physicalScale) }
  }

  /// Engine diagnostics: samples skipped as unknown or duplicate.
  public var diagnostics: EngineDiagnostics { engine.diagnostics }

  /// The number of recognizers that have been committed at least once and are not inert
  /// (their wl_surface is alive): the recognizers the next touches can reach.
  public var committedRecognizerCount: Int {
    surfaces.values.reduce(0) { count, record in
      count + record.recognizers.filter { $0.committed != nil && !$0.isInert }.count
    }
  }

  /// The surfaces, recognizers, views and touches the bridge holds now.
  public var holdings: ServerHoldings {
    ServerHoldings(
      surfaces: surfaces.count,
      recognizers: surfaces.values.reduce(0) { $0 + $1.recognizers.count },
      views: rootView.subviews.count, touchesDown: touchIDsByHostID.count,
      touchesRemembered: touches.count, engineTouches: engine.liveTouchIDs.count)
  }

  // MARK: System gestures

  /// Replaces the system gestures with the recognizers of `description` (nil: none). The
  /// old ones are detached first: their active gestures are cancelled (`report` of the old
  /// set gets the `cancelled`), undecided ones fail and release the touches they held back,
  /// so no client touch stays withheld. The new recognizers get the touches that go down
  /// from now on. `report` gets every state change that runs actions (began, changed,
  /// ended or recognized, cancelled) with the report's time the input's (CLOCK_MONOTONIC
  /// microseconds) and the location in the recognizer's scene view; it runs while the
  /// engine handles a frame and must not feed the bridge or replace the system gestures.
  public func replaceSystemGestures(
    with description: SceneDescription?,
    report: @escaping (GestureReport, GestureRecognizer) -> Void
  ) {
    systemGestures?.remove()
    systemGestures = nil
    if let description {
      systemGestures = SystemGestureSet(
        description, root: rootView, time: { [unowned engine] in engine.nowMicroseconds },
        admits: { [unowned self] edges, touch in
          touches[touch.id]?.systemAdmission.admits(startingFrom: edges) ?? true
        },
        report: report)
    }
    flushFrames()
  }

  /// The number of system recognizers in use.
  public var systemRecognizerCount: Int { systemGestures?.count ?? 0 }

  /// The client committed `surface` (a `wl_surface` resource): its pending deferral of
  /// system gestures (gesture_bridge_system_gesture_surface_v1) applies, for the touches
  /// that go down from now on. The host calls it for every wl_surface.commit (weston's
  /// surface commit signal, wlroots' `wlr_surface.events.commit`); a surface the bridge does
  /// not know costs one dictionary lookup.
  public func surfaceCommitted(_ surface: OpaquePointer) {
    surfaces[surface]?.committed()
  }

  /// The cap of a surface's exclusion per screen edge, in screen pixels: 32 mm of the touch
  /// surface, 200 px when its size is unknown (`SystemGestureGate`).
  public var systemGestureExclusionCapPixels: Double {
    physicalScale.map { $0.pixels(SystemGestureGate.exclusionCapMillimetres) }
      ?? SystemGestureGate.exclusionCapPixels
  }

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

  private func removeIdleSource() {
    if let idleSource { wl_event_source_remove(idleSource) }
    idleSource = nil
  }

  private static func kind(of phase: TouchPhase) -> ClientTouchEvent.Kind {
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

private func gestureBridgeServerIdle(_ data: UnsafeMutableRawPointer?) {
  guard let data else { return }
  Unmanaged<GestureBridgeServer>.fromOpaque(data).takeUnretainedValue().eventLoopIdle()
}
