/// Runs recognizers on touch frames: the counterpart of UIKit's window and gesture
/// environment.
///
/// The host feeds `handle(_:)` one `TouchFrame` at a time. For each frame the engine
/// 1. hit-tests new touches once against `rootView` and hands each to the enabled
///    recognizers of the hit view and its ancestors (hit view first) whose delegate agrees,
/// 2. calls each recognizer's `touchesBegan/Moved/Ended/Cancelled` with its touches,
///    settling every state change on the spot through `GestureArena` and running actions,
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
/// The state touched for every touch (here, in `GestureRecognizer`, `TouchRecord`, the
/// regulator and the built-in recognizers) is `@exclusivity(unchecked)`: the engine never
/// starts a mutation of it while another is in progress, and the runtime's access tracking
/// on every read and write cost more than a third of a frame.
public final class GestureEngine: ClockWakeTarget {
  /// The view standing for the whole screen; its frame is in screen coordinates.
  public let rootView: View
  public let clock: any GestureClock
  /// The settings the recognizers read, in screen pixels (`GestureSettings.resolved(for:)`).
  /// May change between frames, e.g. when the touchscreen's size becomes known; recognizers
  /// use the new values from the next touch or timer on.
  public var settings: GestureSettings
  /// The frame's time while a frame is handled, the clock's while timers fire; never
  /// decreases.
  @exclusivity(unchecked) public private(set) var nowMicroseconds: Int64
  @exclusivity(unchecked) public private(set) var diagnostics = EngineDiagnostics()
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
  @exclusivity(unchecked) public var stateObserver: ((GestureStateTransition) -> Void)?

  let regulator = TouchDeliveryRegulator()
  /// What recognizers refer to this engine through (see `EngineLink`).
  let link = EngineLink()
  /// What the clock wakes (a link of its own: clocks hold their targets weakly).
  private let wakeTarget = EngineLink()
  @exclusivity(unchecked) private var records: [TouchRecord] = []
  @exclusivity(unchecked) private var recordPool: [TouchRecord] = []
  /// Recognizers that received a touch since their last reset.
  @exclusivity(unchecked) private(set) var participants: [GestureRecognizer] = []
  @exclusivity(unchecked) private var frameRecognizers: [GestureRecognizer] = []
  @exclusivity(unchecked) private var frameRecords: [TouchRecord?] = []
  @exclusivity(unchecked) private var finished: [GestureRecognizer] = []
  /// Recognizers that failed in a sequence of their view still going on (`sitsOutSequence`).
  private var sittingOut: [GestureRecognizer] = []
  /// Whether a finger lifted or was cancelled since the last `settle()`.
  private var touchLiftedSinceSettle = false
  @exclusivity(unchecked) private var dispatchScratch: [Touch] = []
  /// Takes the place of a recognizer's touches when it ignores one while they are lent to it.
  @exclusivity(unchecked) private var spareTouches: [Touch] = []
  @exclusivity(unchecked) private var frameSerial: UInt64 = 0
  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var requestedWakeup: Int64?
  /// The order a recognizer hears of its touches within one frame.
  private static let dispatchOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

  public init(rootView: View, clock: any GestureClock, settings: GestureSettings = .standard) {
    self.rootView = rootView
    self.clock = clock
    self.settings = settings
    self.nowMicroseconds = clock.nowMicroseconds
    records.reserveCapacity(16)
    participants.reserveCapacity(32)
    frameRecognizers.reserveCapacity(32)
    frameRecords.reserveCapacity(16)
    finished.reserveCapacity(16)
    sittingOut.reserveCapacity(16)
    dispatchScratch.reserveCapacity(16)
    spareTouches.reserveCapacity(16)
    link.engine = self
    wakeTarget.engine = self
  }

  deinit {
    link.engine = nil
    wakeTarget.engine = nil
    for recognizer in sittingOut { recognizer.sitsOutSequence = false }
  }

  /// The fingers currently down.
  public var liveTouchIDs: [TouchID] {
    records.filter { $0.touch.phase.isLive }.map(\.touch.id)
  }

  // MARK: Frames

  /// Processes one frame. A frame that lists the same finger twice (say `began` then
  /// `moved`) is handled as consecutive frames at the same time, split before the repeat, so
  /// no phase is lost. Samples for unknown touches, repeated begins and stationary samples
  /// are skipped and counted in `diagnostics`.
  public func handle(_ frame: TouchFrame) {
    let samples = frame.samples
    var start = samples.startIndex
    for index in samples.indices where index > start {
      let id = samples[index].id
      if samples[start..<index].contains(where: { $0.id == id }) {
        process(samples[start..<index], at: frame.timestampMicroseconds)
        start = index
      }
    }
    process(samples[start..<samples.endIndex], at: frame.timestampMicroseconds)
  }

  private func process(_ samples: ArraySlice<TouchSample>, at timestampMicroseconds: Int64) {
    depth += 1
    nowMicroseconds = max(nowMicroseconds, timestampMicroseconds)
    frameSerial &+= 1
    markStationary()
    frameRecognizers.removeAll(keepingCapacity: true)
    // Not `removeAll(keepingCapacity:)`, which takes a slow generic path for this type.
    while !frameRecords.isEmpty { frameRecords.removeLast() }
    for sample in samples {
      switch sample.phase {
      case .began: frameRecords.append(beginTouch(sample))
      case .moved, .ended, .cancelled: frameRecords.append(updateTouch(sample))
      case .stationary:
        diagnostics.stationarySamples += 1
        frameRecords.append(nil)
      }
    }
    regulator.isDispatchingFrame = true
    dispatchToRecognizers()
    regulator.isDispatchingFrame = false
    for record in frameRecords {
      guard let record else { continue }
      switch record.touch.phase {
      case .began: regulator.touchBegan(record)
      case .moved: regulator.touchMoved(record)
      case .ended, .cancelled: regulator.touchEnded(record)
      case .stationary: break
      }
    }
    regulator.flush()
    depth -= 1
    if depth == 0 { settle() }
  }

  private func markStationary() {
    for record in records where record.touch.phase == .began || record.touch.phase == .moved {
      record.touch.phase = .stationary
    }
    for recognizer in participants {
      recognizer.framePhases.removeAll()
      for index in recognizer.trackedTouches.indices {
        let phase = recognizer.trackedTouches[index].phase
        if phase == .began || phase == .moved {
          recognizer.trackedTouches[index].phase = .stationary
        }
      }
    }
  }

  private func beginTouch(_ sample: TouchSample) -> TouchRecord? {
    if records.contains(where: { $0.touch.id == sample.id && $0.touch.phase.isLive }) {
      diagnostics.duplicateTouchBegins += 1
      return nil
    }
    let view = rootView.hitTest(sample.location)
    let touch = Touch(
      id: sample.id, location: sample.location, timestampMicroseconds: nowMicroseconds, view: view)
    let record = obtainRecord(touch)
    if view == nil { record.delivery.isClosed = true }
    var current = view
    while let hit = current {
      for recognizer in hit.gestureRecognizers
      where recognizer.isEnabled && !recognizer.state.isFinished && !recognizer.sitsOutSequence {
        if let delegate = recognizer.delegate,
          !delegate.gestureRecognizer(recognizer, shouldReceive: touch)
        {
          continue
        }
        record.recognizers.append(recognizer)
        recognizer.engineLink = link
        recognizer.trackedTouches.append(touch)
        if !recognizer.isParticipating {
          recognizer.isParticipating = true
          participants.append(recognizer)
        }
        enlist(recognizer, phase: .began)
      }
      current = hit.superview
    }
    return record
  }

  private func updateTouch(_ sample: TouchSample) -> TouchRecord? {
    guard let record = records.first(where: { $0.touch.id == sample.id && $0.touch.phase.isLive })
    else {
      diagnostics.unknownTouchSamples += 1
      return nil
    }
    // Every change makes the last location the previous one, so per-frame deltas are never
    // counted twice (a sample that did not move has a zero delta).
    record.touch.previousScreenLocation = record.touch.screenLocation
    record.touch.screenLocation = sample.location
    record.touch.phase = sample.phase
    record.touch.timestampMicroseconds = nowMicroseconds
    if !sample.phase.isLive { touchLiftedSinceSettle = true }
    for recognizer in record.recognizers where recognizer.refreshTrackedTouch(from: record.touch) {
      enlist(recognizer, phase: sample.phase)
    }
    return record
  }

  private func enlist(_ recognizer: GestureRecognizer, phase: TouchPhase) {
    recognizer.framePhases.insert(phase)
    if recognizer.dispatchSerial != frameSerial {
      recognizer.dispatchSerial = frameSerial
      frameRecognizers.append(recognizer)
    }
  }

  private func dispatchToRecognizers() {
    var index = 0
    while index < frameRecognizers.count {
      let recognizer = frameRecognizers[index]
      index += 1
      for phase in Self.dispatchOrder where recognizer.framePhases.contains(phase) {
        guard recognizer.isEnabled, recognizer.engineLink === link, !recognizer.state.isFinished
        else { break }
        if recognizer.allTrackedTouches(have: phase) {
          // The common case (every finger moved): the tracked touches themselves, uncopied.
          let touches = TouchSet(recognizer.trackedTouches)
          let wasLent = recognizer.lendsTrackedTouches
          recognizer.lendsTrackedTouches = true
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
          recognizer.lendsTrackedTouches = wasLent
          continue
        }
        let tracked = recognizer.trackedTouches
        for index in tracked.indices where tracked[index].phase == phase {
          dispatchScratch.append(tracked[index])
        }
        if !dispatchScratch.isEmpty {
          let touches = TouchSet(dispatchScratch)
          switch phase {
          case .began: recognizer.touchesBegan(touches)
          case .moved: recognizer.touchesMoved(touches)
          case .ended: recognizer.touchesEnded(touches)
          default: recognizer.touchesCancelled(touches)
          }
        }
        dispatchScratch.removeAll(keepingCapacity: true)
      }
    }
  }

  // MARK: State changes

  /// Applies a subclass's `setState(_:)`, through arbitration when it leaves `.possible`.
  func transition(_ recognizer: GestureRecognizer, to next: GestureRecognizerState) {
    depth += 1
    defer {
      depth -= 1
      if depth == 0 { settle() }
    }
    if let pending = recognizer.pendingState {
      // Waiting for a failure requirement: remember what it wants; failing needs no wait.
      switch next {
      case .began, .changed:
        recognizer.pendingIncludesBegan = true
        if pending != .ended { recognizer.pendingState = .began }
      case .ended: recognizer.pendingState = .ended
      case .failed, .cancelled:
        recognizer.pendingState = nil
        apply(recognizer, .failed)
      case .possible: break
      }
      return
    }
    let current = recognizer.state
    if current == next && (next == .possible || next.isFinished) { return }
    precondition(
      current.canMove(to: next),
      "illegal state move \(current) -> \(next) in \(type(of: recognizer)) \(recognizer.name ?? "")"
    )
    if current == .possible {
      attemptToLeavePossible(recognizer, wanting: next)
    } else {
      apply(recognizer, next)
    }
  }

  private func attemptToLeavePossible(
    _ recognizer: GestureRecognizer, wanting next: GestureRecognizerState
  ) {
    guard next != .failed else {
      apply(recognizer, .failed)
      return
    }
    switch GestureArena.verdict(for: recognizer, among: participants) {
    case .fail:
      apply(recognizer, .failed)
    case .wait:
      recognizer.pendingState = next
      recognizer.pendingIncludesBegan = next == .began
    case .proceed:
      if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
        apply(recognizer, .failed)
      } else {
        apply(recognizer, next)
      }
    }
  }

  /// Re-examines a waiting recognizer after one of its failure requirements failed.
  private func resolvePending(_ recognizer: GestureRecognizer) {
    guard let wanted = recognizer.pendingState else { return }
    switch GestureArena.verdict(for: recognizer, among: participants) {
    case .wait: return
    case .fail:
      recognizer.pendingState = nil
      apply(recognizer, .failed)
    case .proceed:
      let includesBegan = recognizer.pendingIncludesBegan
      recognizer.pendingState = nil
      recognizer.pendingIncludesBegan = false
      if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
        apply(recognizer, .failed)
      } else if wanted == .ended && includesBegan {
        // A continuous gesture that finished while it waited: it began, then ended.
        apply(recognizer, .began)
        if recognizer.state == .began { apply(recognizer, .ended) }
      } else {
        apply(recognizer, wanted)
      }
    }
  }

  /// Sets the state and carries out its consequences, in this order: defeated rivals fail,
  /// the view's touches are cancelled or released, then the actions run (not for failed;
  /// for cancelled they do, as the class reference says, where the later guide says not).
  private func apply(_ recognizer: GestureRecognizer, _ next: GestureRecognizerState) {
    let previous = recognizer.state
    recognizer.state = next
    if let stateObserver {
      stateObserver(
        GestureStateTransition(
          recognizer: recognizer, from: previous, to: next, timeMicroseconds: nowMicroseconds))
    }
    let started = previous == .possible && (next == .began || next == .ended)
    if started {
      var index = 0
      while index < participants.count {
        let other = participants[index]
        index += 1
        if GestureArena.defeats(recognizer, other) {
          if other.pendingState != nil { other.pendingState = nil }
          apply(other, .failed)
        }
      }
      if recognizer.cancelsTouchesInView {
        for record in records where record.recognizers.contains(where: { $0 === recognizer }) {
          regulator.cancelForRecognition(record)
        }
      }
    }
    if next.isFinished || started {
      for record in records where record.recognizers.contains(where: { $0 === recognizer }) {
        regulator.recheck(record)
      }
    }
    // Releases caused by a failure are not flushed here: they join the frame's own
    // deliveries, so a view hears all of a frame's ended touches in one call, as the
    // guides' two-finger example shows. Before actions run, the view must be up to date.
    if next != .failed { regulator.flush() }
    if next.isFinished { finished.append(recognizer) }
    if next == .failed {
      var index = 0
      while index < participants.count {
        let waiting = participants[index]
        index += 1
        if waiting.pendingState != nil && waiting.requiresFailure(of: recognizer) {
          resolvePending(waiting)
        }
      }
    } else {
      recognizer.sendActions()
    }
  }

  // MARK: Withdrawal, ignore, timers

  /// A recognizer was disabled or removed from its view: an active gesture is cancelled, a
  /// possible one fails; it is reset and forgets its touches.
  func recognizerWithdrawn(_ recognizer: GestureRecognizer) {
    guard recognizer.engineLink === link, recognizer.isParticipating else { return }
    depth += 1
    if recognizer.state.isActive {
      apply(recognizer, .cancelled)
    } else if recognizer.state == .possible {
      recognizer.pendingState = nil
      apply(recognizer, .failed)
    }
    depth -= 1
    if depth == 0 { settle() }
  }

  func recognizer(_ recognizer: GestureRecognizer, ignores id: TouchID) {
    if let index = recognizer.trackedTouches.firstIndex(where: { $0.id == id }) {
      if recognizer.lendsTrackedTouches {
        // The array is also the recognizer's `TouchSet` argument, so removing in place would
        // copy it (an allocation per stroke for a pan ignoring extra fingers): the others go
        // into the spare array, which takes its place; the lent one becomes the spare once
        // the call has returned.
        spareTouches.removeAll(keepingCapacity: true)
        for other in recognizer.trackedTouches.indices where other != index {
          spareTouches.append(recognizer.trackedTouches[other])
        }
        swap(&spareTouches, &recognizer.trackedTouches)
        recognizer.lendsTrackedTouches = false
      } else {
        recognizer.trackedTouches.remove(at: index)
      }
      if recognizer.trackedTouches.isEmpty {
        recognizer.lastTouches.removeAll(keepingCapacity: true)
      }
    }
    for record in records where record.touch.id == id {
      if let index = record.recognizers.firstIndex(where: { $0 === recognizer }) {
        record.recognizers.remove(at: index)
        regulator.recheck(record)
      }
    }
    if depth == 0 { regulator.flush() }
  }

  func timersChanged() {
    if depth == 0 { requestWakeup() }
  }

  public func clockReachedDeadline(nowMicroseconds now: Int64) {
    requestedWakeup = nil
    depth += 1
    nowMicroseconds = max(nowMicroseconds, now)
    while let recognizer = participants.filter({ ($0.timerDeadline ?? .max) <= nowMicroseconds })
      .min(by: { $0.timerDeadline! < $1.timerDeadline! })
    {
      recognizer.timerDeadline = nil
      if recognizer.isEnabled && !recognizer.state.isFinished { recognizer.timerFired() }
    }
    depth -= 1
    if depth == 0 { settle() }
  }

  private func requestWakeup() {
    var earliest: Int64?
    for recognizer in participants {
      if let deadline = recognizer.timerDeadline, deadline < (earliest ?? .max) {
        earliest = deadline
      }
    }
    guard earliest != requestedWakeup else { return }
    requestedWakeup = earliest
    clock.requestWakeup(wakeTarget, atMicroseconds: earliest)
  }

  // MARK: End of a step

  /// Forgets lifted touches, fails undecidable recognizers, resets finished ones, releases
  /// held deliveries, recycles records and re-arms the clock.
  private func settle() {
    depth += 1
    for recognizer in participants
    where recognizer.trackedTouches.contains(where: { !$0.phase.isLive }) {
      recognizer.rememberLastTouches()
      recognizer.trackedTouches.removeAll { !$0.phase.isLive }
    }
    var changed = true
    while changed {
      changed = false
      for recognizer in participants
      where recognizer.state == .possible && isIdle(recognizer) && recognizer.pendingState == nil {
        apply(recognizer, .failed)
        changed = true
      }
      if !changed, let stuck = participants.first(where: isDeadlocked) {
        // Recognizers that require each other to fail (a cycle) would wait forever.
        stuck.pendingState = nil
        apply(stuck, .failed)
        changed = true
      }
      while let recognizer = finished.popLast() { reset(recognizer) }
    }
    var index = 0
    while index < records.count {
      let record = records[index]
      if record.isFinished {
        records.remove(at: index)
        record.recognizers.removeAll(keepingCapacity: true)
        recordPool.append(record)
      } else {
        index += 1
      }
    }
    if touchLiftedSinceSettle {
      touchLiftedSinceSettle = false
      if !sittingOut.isEmpty { endSittingOut() }
    }
    regulator.flush()
    depth -= 1
    requestWakeup()
  }

  /// No touch and no timer can move the recognizer any more.
  private func isIdle(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.trackedTouches.isEmpty && recognizer.timerDeadline == nil
  }

  /// An idle recognizer waiting only on requirements that are themselves idle and waiting.
  private func isDeadlocked(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.pendingState != nil, isIdle(recognizer) else { return false }
    return recognizer.failureRequirements.allSatisfy { reference in
      guard let requirement = reference.value, GestureArena.isUndecided(requirement) else {
        return true
      }
      return requirement.pendingState != nil && isIdle(requirement)
    }
  }

  /// Puts back in play the recognizers sitting out whose view has no finger down any more
  /// (or that left their view).
  private func endSittingOut() {
    var index = 0
    while index < sittingOut.count {
      let recognizer = sittingOut[index]
      if let view = recognizer.view, hasLiveTouch(inside: view) {
        index += 1
      } else {
        recognizer.sitsOutSequence = false
        sittingOut.remove(at: index)
      }
    }
  }

  /// Whether a finger that began in `view` or one of its subviews is still down.
  private func hasLiveTouch(inside view: View) -> Bool {
    for record in records where record.touch.phase.isLive {
      if let hit = record.touch.view, hit.isDescendant(of: view) { return true }
    }
    return false
  }

  private func reset(_ recognizer: GestureRecognizer) {
    guard recognizer.state.isFinished else { return }
    let finishedState = recognizer.state
    recognizer.reset()
    recognizer.state = .possible
    if finishedState == .failed, !recognizer.sitsOutSequence, let view = recognizer.view,
      hasLiveTouch(inside: view)
    {
      recognizer.sitsOutSequence = true
      sittingOut.append(recognizer)
    }
    recognizer.pendingState = nil
    recognizer.pendingIncludesBegan = false
    recognizer.timerDeadline = nil
    if !recognizer.trackedTouches.isEmpty {
      recognizer.rememberLastTouches()
      recognizer.trackedTouches.removeAll(keepingCapacity: true)
    }
    recognizer.isParticipating = false
    participants.removeAll { $0 === recognizer }
    for record in records {
      if let index = record.recognizers.firstIndex(where: { $0 === recognizer }) {
        record.recognizers.remove(at: index)
        regulator.recheck(record)
      }
    }
    if let stateObserver {
      stateObserver(
        GestureStateTransition(
          recognizer: recognizer, from: finishedState, to: .possible,
          timeMicroseconds: nowMicroseconds))
    }
  }

  private func obtainRecord(_ touch: Touch) -> TouchRecord {
    let record: TouchRecord
    if let reused = recordPool.popLast() {
      reused.touch = touch
      reused.delivery = TouchDelivery()
      record = reused
    } else {
      record = TouchRecord(touch: touch)
    }
    records.append(record)
    return record
  }
}
