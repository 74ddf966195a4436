// SPDX-License-Identifier: MIT
import CWaylandServer
import GestureBindings
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
  let rootView: View
  private var global: OpaquePointer?
  private var displayListener: DestroyListener?
  var surfaces: [OpaquePointer: SurfaceRecord] = [:]
  private var systemGestures: SystemGestureSet?
  var systemGestureGate = SystemGestureGate()

  var touches: [TouchID: ActiveTouch] = [:]
  var touchIDsByHostID: [Int32: TouchID] = [:]
  var nextTouchID: UInt64 = 1
  /// Lifted touches still known (their up may be withheld), oldest first.
  var liftedTouches: [TouchID] = []
  /// How many lifted touches are remembered for late deliveries.
  static let liftedTouchMemory = 256
  var frame = TouchFrame(timestampMicroseconds: 0)
  var frameCloser = TouchFrameCloser()
  /// The idle source that closes a frame the host left open (nil when none is scheduled).
  var idleSource: OpaquePointer?
  var sequenceClients: [OpaquePointer] = []
  var isSequenceSpanningClients = false
  /// Surfaces that got deliveries since the last wl_touch.frame was requested, in order.
  var surfacesNeedingFrame: [OpaquePointer] = []
  /// (touch, phase) pairs delivered while a frame is handled, to detect withheld events.
  var deliveredInFrame: [(TouchID, TouchPhase)] = []

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
  /// `lisgd` (a config's `"lisgd"`) adds lisgd's bindings as one more system recognizer,
  /// whose state changes go to `lisgdReport` (`LisgdGestureRecognizer.firedBinding`: the
  /// binding to run).
  public func replaceSystemGestures(
    with description: SceneDescription?, lisgd: LisgdOptions? = nil,
    report: @escaping (GestureReport, GestureRecognizer) -> Void,
    lisgdReport: @escaping (LisgdGestureRecognizer) -> Void = { _ in }
  ) {
    systemGestures?.remove()
    systemGestures = nil
    if let description {
      systemGestures = SystemGestureSet(
        description, lisgd: lisgd, root: rootView,
        time: { [unowned engine] in engine.nowMicroseconds },
        admits: { [unowned self] edges, touch in
          touches[touch.id]?.systemAdmission.admits(startingFrom: edges) ?? true
        },
        report: report, lisgdReport: lisgdReport)
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
}
