// SPDX-License-Identifier: MIT
@_spi(GestureRecognizerSubclass) import GestureCore

/// lisgd's bindings as one system recognizer (a system-gesture config's `"lisgd"`): the
/// touches it receives are recognized by `LisgdStrokes`, exactly as `gesture-bridge lisgd`
/// recognizes them, in the screen's coordinates (the view's frame: the compositor's screen),
/// and it claims them as soon as a binding would run:
///
/// - `began` when the fingers down would run a released binding if they lifted now
///   (`LisgdStrokes.bindingIfLifted`: past `-t`, in a bound direction, from a bound edge,
///   within `-m`), or when a pressed binding runs; from then the gesture is the system's (the
///   apps' touches are cancelled, as for any system recognizer);
/// - `changed` for each further pressed binding;
/// - when the last finger lifts: `ended` if a binding runs (lisgd's choice, made at the lift:
///   the fingers may have turned or slowed since the claim) or a pressed one ran, else
///   `cancelled` after a claim and `failed` without one (the apps kept the touches);
/// - a gesture whose fingers were all cancelled is cancelled or fails.
///
/// `firedBinding` is the binding whose command runs at the state change being reported (nil
/// for a claim and for `cancelled`): the host reads it in the recognizer's action.
public final class LisgdGestureRecognizer: GestureRecognizer {
  public let options: LisgdOptions
  private var strokes: LisgdStrokes
  /// The binding to run at the state change now being reported, if any.
  public private(set) var firedBinding: LisgdBinding?
  /// Whether a pressed binding ran in the gesture under way.
  private var ranPressed = false

  public init(options: LisgdOptions) {
    self.options = options
    strokes = LisgdStrokes(options: options)
    super.init()
  }

  override public func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    if let frame = view?.frame {
      strokes.setScreen(width: frame.width, height: frame.height)
    }
    for index in touches.indices {
      let touch = touches[index]
      let point = local(touch)
      strokes.touchDown(
        slot: Self.slot(touch), x: point.x, y: point.y,
        timeMicroseconds: touch.timestampMicroseconds)
    }
  }

  override public func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard !state.isFinished else { return }
    var time: Int64 = 0
    for index in touches.indices {
      let touch = touches[index]
      let point = local(touch)
      time = touch.timestampMicroseconds
      if let binding = strokes.touchMotion(
        slot: Self.slot(touch), x: point.x, y: point.y, timeMicroseconds: time)
      {
        ranPressed = true
        fire(binding, state: state == .possible ? .began : .changed)
      }
    }
    if state == .possible, !touches.isEmpty, strokes.bindingIfLifted(timeMicroseconds: time) != nil
    {
      setState(.began)
    }
  }

  override public func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    var binding: LisgdBinding?
    for index in touches.indices {
      let touch = touches[index]
      binding =
        strokes.touchUp(slot: Self.slot(touch), timeMicroseconds: touch.timestampMicroseconds)
    }
    guard !state.isFinished, strokes.fingersDown == 0 else { return }
    if let binding {
      fire(binding, state: .ended)
    } else if state == .possible {
      setState(.failed)
    } else if ranPressed {
      setState(.ended)
    } else {
      setState(.cancelled)
    }
  }

  override public func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    for index in touches.indices { strokes.touchCancelled(slot: Self.slot(touches[index])) }
    if strokes.fingersDown == 0 { cancelOrFail() }
  }

  override public func reset() {
    super.reset()
    strokes = LisgdStrokes(options: options)
    firedBinding = nil
    ranPressed = false
  }

  private func fire(_ binding: LisgdBinding, state next: GestureRecognizerState) {
    firedBinding = binding
    setState(next)
    firedBinding = nil
  }

  /// The touch's point on the screen, from the screen's top left corner.
  private func local(_ touch: Touch) -> Point {
    let origin = view?.frame.origin ?? .zero
    return Point(x: touch.screenLocation.x - origin.x, y: touch.screenLocation.y - origin.y)
  }

  /// lisgd's slot: the touch's id (unique for the engine's life) cut to 32 bits.
  private static func slot(_ touch: Touch) -> Int32 { Int32(truncatingIfNeeded: touch.id.rawValue) }
}
