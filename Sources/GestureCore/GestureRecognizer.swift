// SPDX-License-Identifier: MIT
/// The base class of every gesture recognizer (UIKit's `UIGestureRecognizer`).
///
/// A recognizer is attached to a `View`, receives the touches that begin in that view or its
/// subviews, and moves through the states of `GestureRecognizerState`. Every state change
/// except to `.failed` runs its actions. Built-in subclasses cover tap, long press, pan,
/// pinch, rotation, swipe and screen-edge pan; custom ones override `touchesBegan(_:)` and
/// friends and set their state with `setState(_:)`, available through
/// `@_spi(GestureRecognizerSubclass) import GestureCore` (the Swift counterpart of UIKit's
/// `UIGestureRecognizerSubclass.h`).
///
/// Example (`TapGestureRecognizer`, one finger tapping at (100, 100) on a view at the origin):
/// frame 1 `#1 began (100, 100)` -> `touchesBegan`, state stays `.possible`;
/// frame 2 `#1 ended (101, 100)` -> `touchesEnded`, state `.recognized`, actions run,
/// then `reset()` and the state is `.possible` again.
open class GestureRecognizer {
  /// The current state. Read-only for clients; subclasses change it with `setState(_:)`.
  ///
  /// Stored once: it is the visible part of where the recognizer stands in arbitration
  /// (`RecognizerRecord.state`, which the engine moves; waiting for a failure requirement is
  /// `.possible`). Set directly only outside an engine (`setState(_:)` with no engine); a
  /// value it already shows leaves a wait as it is.
  public internal(set) var state: GestureRecognizerState {
    get { arbitration.state.visible }
    set {
      if arbitration.state.visible != newValue { arbitration.state = ArbitrationState(newValue) }
    }
  }
  /// The view this recognizer is attached to; held weakly (the view holds its recognizers).
  public internal(set) var view: View? {
    get { storedViewReference?.view }
    set { storedViewReference = newValue?.reference }
  }
  /// Held weakly, as in UIKit. Its `mayRefuseTouches` is read here, once.
  public var delegate: (any GestureRecognizerDelegate)? {
    get { storedDelegate }
    set {
      storedDelegate = newValue
      delegateMayRefuseTouches = newValue?.mayRefuseTouches ?? false
    }
  }
  /// A name for diagnostics and scene files.
  public var name: String?

  /// Disabled recognizers receive no touches. Disabling one that is recognizing cancels its
  /// gesture (an active one goes to `.cancelled`, a possible one fails). Default: true.
  public var isEnabled: Bool {
    get { storedIsEnabled }
    set {
      let oldValue = storedIsEnabled
      storedIsEnabled = newValue
      if oldValue && !newValue { engine?.recognizerWithdrawn(self) }
    }
  }
  /// When true (the default) and the gesture is recognized, touches of the gesture that
  /// are pending are not delivered to the view and those already delivered are cancelled.
  public var cancelsTouchesInView: Bool {
    get { storedCancelsTouchesInView }
    set { storedCancelsTouchesInView = newValue }
  }
  /// When true, touches in the began phase are held from the view while this recognizer is
  /// still analysing them; they are dropped if it recognizes, delivered if it fails.
  /// Default: false.
  public var delaysTouchesBegan: Bool {
    get { storedDelaysTouchesBegan }
    set { storedDelaysTouchesBegan = newValue }
  }
  /// When true (the default), touches in the ended phase are held from the view while this
  /// recognizer is still analysing them; cancelled if it recognizes, delivered if it fails.
  public var delaysTouchesEnded: Bool {
    get { storedDelaysTouchesEnded }
    set { storedDelaysTouchesEnded = newValue }
  }
  /// The level of arbitration this recognizer belongs to: `.standard` (an app's, the
  /// default) or `.system`, which takes precedence over every standard recognizer (see
  /// `GesturePrecedence` and the rule in `GestureArena`). Set it before the recognizer
  /// receives touches.
  public var precedence: GesturePrecedence {
    get { storedPrecedence }
    set { storedPrecedence = newValue }
  }

  // MARK: What the engine keeps

  /// The engine this recognizer last ran in (nil once that engine is freed).
  var engine: GestureEngine? { arbitration.engine }
  /// The engine's book on this recognizer: its arbitration state, timer, bookkeeping of
  /// the frame. Written only by the engine (`RecognizerRecord`).
  let arbitration = RecognizerRecord()
  // The storage of the public properties above. Internal, so the compiler sees every access
  // (the public properties are accessors) and checks their exclusivity when compiling; a
  // public stored property of a class is checked at run time on every read and write, and
  // the engine reads these for every recognizer a touch reaches.
  /// The view's `ViewReference` (which holds the view weakly): the engine compares it with
  /// its touches' without loading the view (a weakly referenced object: every retain and
  /// release of it takes the runtime's slow path).
  var storedViewReference: ViewReference?
  weak var storedDelegate: (any GestureRecognizerDelegate)?
  /// Whether the delegate, when it was set, said it may refuse a touch: only then does the
  /// engine load it (a weakly held object: its load and release take the runtime's slow
  /// path) to ask `shouldReceive` for each touch. A delegate freed since answers nothing,
  /// as none does.
  var delegateMayRefuseTouches = false
  var storedIsEnabled = true
  var storedCancelsTouchesInView = true
  var storedDelaysTouchesBegan = false
  var storedDelaysTouchesEnded = true
  var storedPrecedence = GesturePrecedence.standard
  var storedHasAskedToBegin = false
  /// The touches this recognizer is tracking, in the order they began.
  var trackedTouches: [Touch] = []
  /// The touches it had when its last fingers lifted, for `numberOfTouches`, `location(in:)`
  /// and `location(ofTouch:in:)` once they have ended (a tap recognized after waiting for a
  /// double tap to fail still reports its finger).
  var lastTouches: [Touch] = []
  /// Recognizers that must fail before this one may leave `.possible`. Each lists this one in
  /// its `dependents`.
  var failureRequirements: [RecognizerReference] = []
  /// Recognizers that wait for this one to fail.
  var dependents: [RecognizerReference] = []
  private var actions: [GestureAction] = []
  private var nextActionToken: UInt64 = 0

  /// Creates a recognizer, optionally with a first action.
  public init(action: ((GestureRecognizer) -> Void)? = nil) {
    if let action { addTarget(action: action) }
  }

  deinit {
    // The other sides of the relations forget this recognizer, so no reference to it is
    // left (`RecognizerReference` is unowned).
    let me = ObjectIdentifier(self)
    for requirement in failureRequirements {
      requirement.value.changeRelations(\.dependents) { $0.removeAll { $0.id == me } }
    }
    for dependent in dependents {
      dependent.value.changeRelations(\.failureRequirements) { $0.removeAll { $0.id == me } }
    }
  }

  // MARK: Target-action

  /// Adds an action, run on every state change except to `.failed`, with the recognizer as
  /// argument. With a `target`, the action is kept only while the target lives and can be
  /// removed by target. Returns a token for `removeTarget(_:action:)`.
  @discardableResult
  public func addTarget(_ target: AnyObject? = nil, action: @escaping (GestureRecognizer) -> Void)
    -> GestureActionToken
  {
    nextActionToken += 1
    let token = GestureActionToken(rawValue: nextActionToken)
    let entry = GestureAction(token: token, target: target, hadTarget: target != nil, body: action)
    changeActions { $0.append(entry) }
    return token
  }

  /// Removes actions: `target` nil matches every target, `action` nil every action.
  public func removeTarget(_ target: AnyObject?, action: GestureActionToken?) {
    changeActions { actions in
      actions.removeAll { entry in
        let targetMatches = target == nil || entry.target === target
        let actionMatches = action == nil || entry.token == action
        return targetMatches && actionMatches
      }
    }
  }

  /// Runs `change` on `actions` taken out of the recognizer, as `changeTrackedTouches(_:)`
  /// does: `sendActions()` reads the list on every state change, and with no access to it
  /// spanning a call the compiler checks them all.
  private func changeActions(_ change: (inout [GestureAction]) -> Void) {
    var list: [GestureAction] = []
    swap(&list, &actions)
    change(&list)
    swap(&list, &actions)
  }

  func sendActions() {
    var index = 0
    while index < actions.count {
      let entry = actions[index]
      if entry.hadTarget && entry.target == nil {
        changeActions { _ = $0.remove(at: index) }
        continue
      }
      entry.body(self)
      index += 1
    }
  }

  // MARK: Relations

  /// Makes this recognizer wait in `.possible` until `other` fails; if `other` begins or
  /// recognizes instead, this one fails. Example: a single tap requiring a double tap to
  /// fail.
  public func require(toFail other: GestureRecognizer) {
    precondition(other !== self, "a recognizer cannot require itself to fail")
    guard !requiresFailure(of: other) else { return }
    changeRelations(\.failureRequirements) { $0.append(RecognizerReference(other)) }
    other.changeRelations(\.dependents) { $0.append(RecognizerReference(self)) }
  }

  /// Whether this recognizer waits for `other` to fail.
  public func requiresFailure(of other: GestureRecognizer) -> Bool {
    failureRequirements.contains { $0.id == ObjectIdentifier(other) }
  }

  // MARK: Location

  /// How many touches the gesture involves now; once they have all lifted, how many it
  /// had last.
  public var numberOfTouches: Int { currentTouches.count }

  /// The touches `numberOfTouches` and the locations describe.
  private var currentTouches: [Touch] { trackedTouches.isEmpty ? lastTouches : trackedTouches }

  /// No touch and no timer can move the recognizer any more.
  var isIdle: Bool { trackedTouches.isEmpty && arbitration.timerDeadline == nil }

  /// At a reset, or when every tracked touch has lifted: the tracked touches become the last
  /// ones (`lastTouches` is read only while none is tracked) and none is tracked any more. The
  /// two arrays trade buffers instead of copying the touches (each keeps its capacity for a
  /// later gesture; taken out while they change, as `changeTrackedTouches(_:)` does).
  func retireTrackedTouches() {
    var tracked: [Touch] = []
    swap(&tracked, &trackedTouches)
    var last: [Touch] = []
    swap(&last, &lastTouches)
    last.removeAllKeepingCapacity()
    swap(&tracked, &lastTouches)
    swap(&last, &trackedTouches)
  }

  /// Empties `lastTouches`, keeping its capacity (taken out while it changes, as
  /// `changeTrackedTouches(_:)` does).
  func forgetLastTouches() {
    var last: [Touch] = []
    swap(&last, &lastTouches)
    last.removeAllKeepingCapacity()
    swap(&last, &lastTouches)
  }

  /// Runs `change` on `failureRequirements` or `dependents` taken out of the recognizer, as
  /// `changeTrackedTouches(_:)` does: arbitration reads both for every recognizer deciding.
  private func changeRelations(
    _ relations: ReferenceWritableKeyPath<GestureRecognizer, [RecognizerReference]>,
    _ change: (inout [RecognizerReference]) -> Void
  ) {
    var list: [RecognizerReference] = []
    swap(&list, &self[keyPath: relations])
    change(&list)
    swap(&list, &self[keyPath: relations])
  }

  /// Runs `change` on `trackedTouches` taken out of the recognizer (it is empty meanwhile,
  /// and `change` must not read it): no access to the property then spans a call, so the
  /// compiler checks every access to it when compiling instead of at run time. Every
  /// change the engine makes to the array goes through here.
  @inline(__always)
  func changeTrackedTouches<Result>(_ change: (inout [Touch]) -> Result) -> Result {
    var touches: [Touch] = []
    swap(&touches, &trackedTouches)
    let result = change(&touches)
    swap(&touches, &trackedTouches)
    return result
  }

  /// The gesture's location (the centroid of its touches) in `view`'s coordinates; `nil`
  /// means screen coordinates. Once its touches have ended, the centroid they had last.
  open func location(in view: View?) -> Point {
    let screen = centroid(of: currentTouches)
    return view?.convert(fromScreen: screen) ?? screen
  }

  /// The location of touch `index` (0 ..< `numberOfTouches`, in the order they began) in
  /// `view`'s coordinates; `nil` means screen coordinates.
  public func location(ofTouch index: Int, in view: View?) -> Point {
    let touches = currentTouches
    precondition(touches.indices.contains(index), "touch index \(index) out of range")
    return touches[index].location(in: view)
  }

  // MARK: Overridable behaviour

  /// Whether the gesture is continuous (began, changed..., ended) rather than discrete
  /// (recognized once). Reports call a discrete gesture's `.ended` "recognized".
  /// Default: true; tap and swipe override it.
  open var isContinuous: Bool { true }

  /// What the gesture reports now besides its state, location and touches, in `view`'s
  /// coordinates (see `GestureValues`). Default: nothing; each built-in kind overrides it
  /// beside its recognizer.
  open func values(in view: View?) -> GestureValues { GestureValues() }

  /// Sets what `parameters` holds for this recognizer: the delivery properties here, and in
  /// each kind's override (which calls `super`) the kind's own parameters. Values left nil
  /// keep the recognizer's; values of parameters the kind does not take are ignored (callers
  /// validate against `RecognizerKind.parameters` first).
  open func apply(_ parameters: RecognizerParameters) {
    if let value = parameters.cancelsTouchesInView { cancelsTouchesInView = value }
    if let value = parameters.delaysTouchesBegan { delaysTouchesBegan = value }
    if let value = parameters.delaysTouchesEnded { delaysTouchesEnded = value }
    if let value = parameters.isEnabled { isEnabled = value }
  }

  /// Called with the touches that began in this frame. Call `super`.
  open func touchesBegan(_ touches: TouchSet) {}
  /// Called with the touches that moved in this frame. Call `super`.
  open func touchesMoved(_ touches: TouchSet) {}
  /// Called with the touches that lifted in this frame. Call `super`.
  open func touchesEnded(_ touches: TouchSet) {}
  /// Called with the touches the system cancelled in this frame. Call `super`.
  open func touchesCancelled(_ touches: TouchSet) {}
  /// Called when a timer set with `setTimer(deadlineMicroseconds:)` is due. Call `super`.
  open func timerFired() {}

  /// Clears per-gesture state; the engine calls it after ended, cancelled or failed, just
  /// before the state returns to `.possible`. After it, the recognizer gets no more updates
  /// for touches already in progress. Call `super`.
  open func reset() {}

  /// Whether this recognizer, once recognizing, may make `other` fail. Default: true.
  open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
  /// Whether `other`, once recognizing, may make this recognizer fail. Default: true.
  open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

  // MARK: Subclass API (`@_spi(GestureRecognizerSubclass)`)

  /// Moves the state. Only the moves of `GestureRecognizerState.canMove(to:)` are legal;
  /// anything else stops the program (a bug in the subclass). Leaving `.possible` goes
  /// through arbitration: it may wait (a failure requirement is still possible) or fail
  /// (the delegate refuses, or a recognizing gesture prevents it). Set the values the
  /// actions read before setting the state: actions run inside this call.
  @_spi(GestureRecognizerSubclass)
  public func setState(_ next: GestureRecognizerState) {
    if next == .began || next == .ended { hasAskedToBegin = true }
    if let engine {
      engine.transition(self, to: next)
    } else {
      precondition(state.canMove(to: next) || state == next, "illegal move \(state) -> \(next)")
      state = next
      if next != .failed { sendActions() }
    }
  }

  /// Whether this recognizer has asked to begin or to recognize (`setState(.began)` or
  /// `.ended`) in the gesture under way; it may still be waiting for a failure requirement,
  /// so later touches no longer decide whether it starts. False again after `reset()`.
  @_spi(GestureRecognizerSubclass)
  public internal(set) var hasAskedToBegin: Bool {
    get { storedHasAskedToBegin }
    set { storedHasAskedToBegin = newValue }
  }

  /// Fails the gesture if it is still possible (the built-ins' way of giving up); does
  /// nothing once it has begun, recognized or failed.
  @_spi(GestureRecognizerSubclass)
  public func fail() {
    if state == .possible { setState(.failed) }
  }

  /// Fails the gesture unless it has asked to begin or to recognize: what a discrete built-in
  /// (tap, swipe) does when its touches are cancelled or its deadline passes before it
  /// decided; once it has asked, it may only be waiting for a failure requirement and keeps
  /// its request.
  @_spi(GestureRecognizerSubclass)
  public func failUnlessAskedToBegin() {
    if !hasAskedToBegin { fail() }
  }

  /// What a continuous built-in (long press, pan, pinch, rotation) does when its touches
  /// are cancelled: a gesture that has asked to begin is cancelled (or, still waiting for a
  /// failure requirement, fails), one that has not fails; a finished one is left alone.
  @_spi(GestureRecognizerSubclass)
  public func cancelOrFail() {
    guard !state.isFinished else { return }
    if hasAskedToBegin { return setState(.cancelled) }
    fail()
  }

  /// Stops tracking `touch`: it no longer counts for this gesture, and its delivery to the
  /// view is never held or cancelled by this recognizer (UIKit's `ignore(_:for:)`).
  @_spi(GestureRecognizerSubclass)
  public func ignore(_ touch: Touch) {
    engine?.recognizer(self, ignores: touch.id)
  }

  /// The current time in microseconds: the frame's timestamp while touches are delivered,
  /// the clock's time while a timer fires.
  @_spi(GestureRecognizerSubclass)
  public var nowMicroseconds: Int64 {
    guard let context = arbitration.context, context.isAlive else { return 0 }
    return context.nowMicroseconds
  }

  /// Arms this recognizer's single timer; `timerFired()` runs when it is due. Replaces an
  /// armed timer.
  @_spi(GestureRecognizerSubclass)
  public func setTimer(deadlineMicroseconds: Int64) {
    arbitration.timerDeadline = deadlineMicroseconds
    engine?.timersChanged()
  }

  /// Disarms the timer.
  @_spi(GestureRecognizerSubclass)
  public func cancelTimer() {
    guard arbitration.timerDeadline != nil else { return }
    arbitration.timerDeadline = nil
    engine?.timersChanged()
  }

  /// The touches the gesture involves now, in the order they began.
  @_spi(GestureRecognizerSubclass)
  public var touches: TouchSet { TouchSet(trackedTouches) }

  /// The settings of the engine this recognizer runs in (defaults before it runs).
  @_spi(GestureRecognizerSubclass)
  public var settings: GestureSettings {
    guard let context = arbitration.context, context.isAlive else { return .standard }
    return context.settings
  }

  /// The screen rectangle of the engine this recognizer runs in.
  @_spi(GestureRecognizerSubclass)
  public var screenBounds: Rect { engine?.rootView.frame ?? .zero }
}

/// The centroid of `touches` in screen coordinates (the origin when empty).
func centroid(of touches: [Touch]) -> Point {
  guard !touches.isEmpty else { return .zero }
  var sum = Point.zero
  for index in touches.indices { sum += touches[index].screenLocation }
  return sum / Double(touches.count)
}

/// A reference to a recognizer that does not keep it alive, for the failure relations
/// (a relation is listed on both sides: `failureRequirements` and `dependents`). Unowned
/// (checked, the default `unowned`): a recognizer going away takes itself off the other
/// sides' lists in its `deinit`, so no reference outlives its recognizer. Unlike a weak
/// reference it gives the recognizer no side table, which would send every retain and
/// release of it, on every frame, down the runtime's slow path.
struct RecognizerReference {
  unowned let value: GestureRecognizer
  /// The recognizer's identity, compared without touching it (in a `deinit`).
  let id: ObjectIdentifier

  init(_ recognizer: GestureRecognizer) {
    value = recognizer
    id = ObjectIdentifier(recognizer)
  }
}

/// A small set of touch phases, one bit each.
struct TouchPhaseSet {
  private var bits: UInt8 = 0
  mutating func insert(_ phase: TouchPhase) { bits |= Self.bit(phase) }
  func contains(_ phase: TouchPhase) -> Bool { bits & Self.bit(phase) != 0 }
  /// Takes out the first phase of the set in the order a recognizer hears of its touches
  /// within one frame (began, moved, ended, cancelled; never stationary), nil when none is
  /// left.
  mutating func removeFirstInDispatchOrder() -> TouchPhase? {
    let phase: TouchPhase
    if contains(.began) {
      phase = .began
    } else if contains(.moved) {
      phase = .moved
    } else if contains(.ended) {
      phase = .ended
    } else if contains(.cancelled) {
      phase = .cancelled
    } else {
      return nil
    }
    bits &= ~Self.bit(phase)
    return phase
  }
  private static func bit(_ phase: TouchPhase) -> UInt8 {
    switch phase {
    case .began: 1
    case .moved: 2
    case .stationary: 4
    case .ended: 8
    case .cancelled: 16
    }
  }
}
