// SPDX-License-Identifier: MIT
/// Runs recognizers on touch frames: the counterpart of UIKit's window and gesture
/// environment.
///
/// The host feeds `handle(_:)` one `TouchFrame` at a time. For each frame the engine
/// 1. hit-tests new touches once against `rootView` and hands each to the enabled
///    recognizers of the hit view and its ancestors (hit view first) whose delegate agrees,
/// 2. calls each recognizer's `touchesBegan/Moved/Ended/Cancelled` with its touches; each
///    state change a recognizer asks for goes to `GestureArena`, which returns what follows
///    from it as values (`ArenaAction`: moves, defeats, re-examinations, completions) that
///    the engine applies one at a time in one loop (`arbitrate()`) before the call returns,
///    running actions on the way,
/// 3. delivers the frame's touches to the views, regulated by `TouchDeliveryRegulator`,
/// 4. removes lifted touches, resets recognizers that ended, were cancelled or failed, and
///    asks the clock to wake it for the earliest recognizer timer.
///
/// A recognizer still `.possible` when all its touches have lifted, with no timer armed and
/// not waiting for a failure requirement, fails: nothing is left to decide it.
///
/// Failed stays failed for its multitouch sequence. A recognizer that fails (by itself or
/// prevented by a rival) has decided that "this multitouch sequence it's been analyzing is
/// not its gesture" (the guides); it is reset at once, but takes no new touch while a finger
/// of that sequence is still down in its view (the view or a subview: "the multitouch
/// sequence targeted at their attached hit-test view"). It is in play again once every
/// touch of its view has ended. The documents do not say what a failed recognizer does with
/// fingers added to the sequence it failed in; this is what UIKit does (a one-finger swipe
/// that failed when a second finger landed does not recognize a later finger's stroke). A
/// double tap is not affected: its sequence ends when the first tap lifts. Example: swipe
/// on a view; `#1 down`, `#2 down` (swipe fails), `#3 down`, `#3 moves 200 px left` ->
/// no swipe; `#1 #2 up`, `#3 up`; `#4 down`, `#4 moves 200 px left` -> swipe.
///
/// Not thread-safe: use one engine from one thread (or actor) at a time. In steady state
/// (fingers moving) a frame allocates nothing.
///
/// The work of a frame follows the recognizers that share its touches: each touch record
/// lists its recognizers, those active on it and how many hold its deliveries back, and each
/// recognizer's `RecognizerRecord` names the slots of its touch records, so nothing is
/// searched for among all the recognizers taking part. What changes every frame is one value
/// the engine mutates in place (`EngineState`), so a frame's bookkeeping pays no run-time
/// exclusivity check per field and finger.
public final class GestureEngine: ClockWakeTarget {
  /// The view standing for the whole screen; its frame is in screen coordinates.
  public let rootView: View
  public let clock: any GestureClock
  /// The settings the recognizers read, in screen pixels (`GestureSettings.resolved(for:)`).
  /// May change between frames, e.g. when the touchscreen's size becomes known; recognizers
  /// use the new values from the next touch or timer on.
  public var settings: GestureSettings {
    get { context.settings }
    set { context.settings = newValue }
  }
  /// The settings and the time, as recognizers read them (see `EngineContext`).
  let context: EngineContext
  /// What the clock wakes (and holds weakly) in the engine's place (see `EngineWaker`).
  let waker = EngineWaker()
  /// The frame's time while a frame is handled, the clock's while timers fire; never
  /// decreases.
  public var nowMicroseconds: Int64 { context.nowMicroseconds }
  /// Input the engine skipped.
  public var diagnostics: EngineDiagnostics { state.touches.diagnostics }
  /// Called with every state change of every recognizer this engine runs, in the order they
  /// happen: leaving `.possible` (to began, ended/recognized or failed, failures included,
  /// which send no action), began -> changed -> ended or cancelled, and the return of a
  /// finished recognizer to `.possible` when the engine resets it.
  ///
  /// A change is reported as soon as the state is set, before its consequences: rivals it
  /// defeats fail (each reported) and the recognizer's actions run after the call. The
  /// return to `.possible` is reported after `reset()`, once the engine has forgotten the
  /// recognizer's touches (its location and `numberOfTouches` are those it had last).
  ///
  /// The observer may read anything; during a change away from `.possible` or between
  /// active states it must not change recognizers or feed the engine. During the return to
  /// `.possible` the recognizer is out of its sequence and may be reconfigured (enabled,
  /// attached, its properties set). Nil by default, which costs one check per change; a set
  /// observer is called without allocating.
  public var stateObserver: ((GestureStateTransition) -> Void)? {
    get { storedStateObserver }
    set { storedStateObserver = newValue }
  }
  /// `stateObserver`'s storage: internal, so reading it (on every state change) is checked
  /// for exclusivity when compiling.
  private var storedStateObserver: ((GestureStateTransition) -> Void)?

  /// The touch records, the recognizers taking part, the time and the step, mutated in
  /// place (see `EngineState`).
  var state: EngineState
  private var dispatchScratch: [Touch] = []
  /// Deliveries being handed to the views' observers, and one run of their touches.
  var flushing: [TouchDeliveryRegulator.Delivery] = []
  var flushTouches: [Touch] = []
  /// Takes the place of a recognizer's touches when it ignores one while they are lent to it.
  var spareTouches: [Touch] = []
  /// Timers due when the clock woke the engine, earliest first.
  var dueTimers: [GestureRecognizer] = []
  /// The finished recognizers being reset by `settle()`.
  var resetting: [GestureRecognizer] = []
  /// What arbitration still has to apply (see `arbitrate()`).
  let arena = GestureArena()

  public init(rootView: View, clock: any GestureClock, settings: GestureSettings = .standard) {
    self.rootView = rootView
    self.clock = clock
    context = EngineContext(nowMicroseconds: clock.nowMicroseconds, settings: settings)
    self.state = EngineState(nowMicroseconds: clock.nowMicroseconds, context: context)
    // (Reserved before they are stored: no access to the engine's arrays spans a call, so
    // the compiler checks them all.)
    dispatchScratch = .reserved(16)
    spareTouches = .reserved(16)
    flushTouches = .reserved(16)
    dueTimers = .reserved(16)
    resetting = .reserved(16)
    flushing = .reserved(64)
    context.link = EngineLink(self)
    waker.engine = self
  }

  deinit {
    context.link = nil
    waker.engine = nil
    context.isAlive = false
    for recognizer in state.sittingOut { recognizer.arbitration.endSittingOut() }
    // A recognizer's book names the slots of its touch records, which list it: with a
    // finger still down, it would otherwise look as if it were still taking part.
    for recognizer in state.participants {
      recognizer.arbitration.removeAllTouchSlots()
      recognizer.arbitration.forgetParticipation()
    }
    state.touches.removeAllRecognizers()
  }

  /// The fingers currently down.
  public var liveTouchIDs: [TouchID] { state.touches.liveTouchIDs }

  // MARK: Steps

  /// Runs `body` as a step; the outermost step settles when it ends.
  func step(_ body: () -> Void) {
    let isOutermost = state.enterStep()
    body()
    // `settle()` runs as part of the step and ends it.
    if isOutermost { settle() }
  }

  // MARK: Frames

  /// Processes one frame. A frame that lists the same finger twice (say `began` then
  /// `moved`) is handled as consecutive frames at the same time, split before the repeat, so
  /// no phase is lost. Samples for unknown touches, repeated begins and stationary samples
  /// are skipped and counted in `diagnostics`.
  public func handle(_ frame: TouchFrame) {
    let samples = frame.samples
    var start = samples.startIndex
    // One bit per id (modulo 64) of the samples since `start`: only an id whose bit is set
    // can repeat, so the exact search runs only then.
    var seen: UInt64 = 0
    for index in samples.indices {
      let id = samples[index].id
      let bit: UInt64 = 1 << (id.rawValue & 63)
      if seen & bit != 0 && samples[start..<index].contains(where: { $0.id == id }) {
        process(samples[start..<index], at: frame.timestampMicroseconds)
        start = index
        seen = 0
      }
      seen |= bit
    }
    process(samples[start..<samples.endIndex], at: frame.timestampMicroseconds)
  }

  private func process(_ samples: ArraySlice<TouchSample>, at timestampMicroseconds: Int64) {
    // Runs of moves and lifts are taken in one go; a `began` needs the engine (hit test,
    // delegates).
    let start = state.startFrame(at: timestampMicroseconds, taking: samples)
    let isOutermost = start.isOutermost
    var progress = start.progress
    while case .began(let index) = progress {
      beginTouch(samples[index])
      progress = state.take(samples, from: index + 1)
    }
    if case .taken(dispatching: true) = progress { dispatchToRecognizers() }
    // `settle()` runs as part of the outermost step and ends it.
    switch state.finishFrame(settling: isOutermost) {
    case .flush:
      handOutDeliveries()
      if isOutermost { settle() }
    case .settling(let lifted): settle(lifted: lifted)
    case .settled(let wakeup): requestWakeup(wakeup)
    case .done: break
    }
  }

  private func beginTouch(_ sample: TouchSample) {
    if state.touches.isLive(sample.id) {
      state.touches.diagnostics.duplicateTouchBegins += 1
      return
    }
    let view = rootView.hitTest(sample.location)
    let touch = Touch(
      id: sample.id, location: sample.location, timestampMicroseconds: nowMicroseconds, view: view)
    let slot = state.touches.open(touch, view: view)
    var current = view
    while let hit = current {
      // The view's recognizers that receive the touch, 64 at a time: chosen first (their
      // delegates asked), one bit each, then enrolled in one access to the engine's state.
      let recognizers = hit.gestureRecognizers
      var base = 0
      while base < recognizers.count {
        let end = min(base + 64, recognizers.count)
        var receiving: UInt64 = 0
        for index in base..<end where receives(recognizers[index], touch) {
          receiving |= 1 << UInt64(index - base)
        }
        if receiving != 0 {
          state.enroll(recognizers, from: base, selected: receiving, touch: touch, slot: slot)
        }
        base = end
      }
      current = hit.superview
    }
  }

  /// Whether `recognizer` receives `touch`, which begins in its view or a subview: enabled,
  /// not finished, not sitting out the sequence, and its delegate agrees.
  private func receives(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
    guard
      recognizer.isEnabled && !recognizer.state.isFinished
        && !recognizer.arbitration.sitsOutSequence
    else { return false }
    // (A delegate that declared it never refuses a touch is not loaded: see
    // `GestureRecognizerDelegate.mayRefuseTouches`.)
    guard recognizer.delegateMayRefuseTouches, let delegate = recognizer.delegate else {
      return true
    }
    return delegate.gestureRecognizer(recognizer, shouldReceive: touch)
  }

  /// Lets the frame's recognizers hear it (`TouchTable.startDispatch()` has ordered them).
  private func dispatchToRecognizers() {
    // (Only samples add to the list: it does not change while they hear the frame.)
    let recognizers = state.touches.frameRecognizers
    // The touches of one phase when a recognizer's do not all have it: the engine's array,
    // taken out for the whole dispatch (so no access to it spans a call, and it is taken
    // once, not per recognizer).
    var scratch: [Touch] = []
    swap(&scratch, &dispatchScratch)
    defer { swap(&scratch, &dispatchScratch) }
    for recognizer in recognizers {
      let book = recognizer.arbitration
      // The phases of its touches in the frame, in the order it hears them.
      var phases = book.frameDispatch.phases
      while let phase = phases.removeFirstInDispatchOrder() {
        guard recognizer.isEnabled, book.runs(in: self), !recognizer.state.isFinished
        else { break }
        if recognizer.trackedTouches.allHave(phase) {
          // The common case (every finger moved): the tracked touches themselves, uncopied.
          let touches = TouchSet(recognizer.trackedTouches)
          let wasLent = book.lendsTrackedTouches
          book.lendsTrackedTouches = true
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
          book.lendsTrackedTouches = wasLent
          continue
        }
        let tracked = recognizer.trackedTouches
        for index in tracked.indices where tracked[index].phase == phase {
          scratch.append(tracked[index])
        }
        if !scratch.isEmpty {
          let touches = TouchSet(scratch)
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
        }
        scratch.removeAllKeepingCapacity()
      }
    }
  }
}
