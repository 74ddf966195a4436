// SPDX-License-Identifier: MIT
@_spi(GestureRecognizerSubclass) import GestureCore

/// A recognizer whose state the test sets, for testing arbitration and touch delivery on
/// their own (Mutter's "puppet gestures"). It records the touch calls it receives.
public final class PuppetGestureRecognizer: GestureRecognizer {
  /// One call the engine made on the puppet.
  public enum Call: Equatable, Sendable {
    case began([TouchID])
    case moved([TouchID])
    case ended([TouchID])
    case cancelled([TouchID])
    case reset
  }

  public private(set) var calls: [Call] = []
  /// States seen by this recognizer's actions, in order.
  public private(set) var actionStates: [GestureRecognizerState] = []
  public var continuous = true
  /// Touches to ignore as soon as they begin.
  public var ignoredTouches: Set<TouchID> = []
  /// A state to move to from inside `touchesEnded`, as a tap recognizer does.
  public var stateWhenTouchesEnd: GestureRecognizerState?
  public var preventsOthers = true
  public var preventableByOthers = true

  public init(name: String) {
    super.init()
    self.name = name
    addTarget { [unowned self] recognizer in actionStates.append(recognizer.state) }
  }

  override public var isContinuous: Bool { continuous }

  /// Sets the state as a subclass would.
  public func puppet(_ state: GestureRecognizerState) { setState(state) }

  /// Arms the puppet's timer (keeps it undecided after its touches lift, as a multi-tap
  /// recognizer waiting for its next tap); when it fires the puppet fails.
  public func armTimer(deadlineMicroseconds: Int64) {
    setTimer(deadlineMicroseconds: deadlineMicroseconds)
  }

  override public func timerFired() { setState(.failed) }

  override public func touchesBegan(_ touches: TouchSet) {
    calls.append(.began(touches.map(\.id)))
    for touch in touches where ignoredTouches.contains(touch.id) { ignore(touch) }
  }
  override public func touchesMoved(_ touches: TouchSet) { calls.append(.moved(touches.map(\.id))) }
  override public func touchesEnded(_ touches: TouchSet) {
    calls.append(.ended(touches.map(\.id)))
    if let next = stateWhenTouchesEnd { setState(next) }
  }
  override public func touchesCancelled(_ touches: TouchSet) {
    calls.append(.cancelled(touches.map(\.id)))
  }
  override public func reset() { calls.append(.reset) }
  override public func canPrevent(_ other: GestureRecognizer) -> Bool { preventsOthers }
  override public func canBePrevented(by other: GestureRecognizer) -> Bool { preventableByOthers }
}
