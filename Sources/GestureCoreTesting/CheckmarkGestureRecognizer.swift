// SPDX-License-Identifier: MIT
@_spi(GestureRecognizerSubclass) import GestureCore

/// The guides' custom recognizer (Listing 3-3): a discrete, single-finger "checkmark", any
/// V shape drawn down-right then up-right. It records `midPoint`, where the upstroke began.
///
/// It shows the subclass API: override the touch methods (calling `super`), set the state
/// with `setState(_:)`, and clear per-gesture values in `reset()`.
///
/// Example: down at (10, 10), moves to (20, 20), (30, 30), then (40, 20), (50, 10), lift ->
/// recognized with `midPoint` (30, 30).
public final class CheckmarkGestureRecognizer: GestureRecognizer {
  /// Where the downstroke ended and the upstroke began, in the view's coordinates.
  public private(set) var midPoint = Point.zero
  private var strokeUp = false

  override public var isContinuous: Bool { false }

  override public func touchesBegan(_ touches: TouchSet) {
    super.touchesBegan(touches)
    if numberOfTouches != 1 { setState(.failed) }
  }

  override public func touchesMoved(_ touches: TouchSet) {
    super.touchesMoved(touches)
    guard state != .failed, let touch = touches.anyTouch else { return }
    let now = touch.location(in: view)
    let previous = touch.previousLocation(in: view)
    guard !strokeUp else { return }
    if now.x >= previous.x && now.y >= previous.y {
      // Downstroke: x and y both increase.
      midPoint = now
    } else if now.x >= previous.x && now.y <= previous.y {
      // Upstroke: x increases, y decreases.
      strokeUp = true
    } else {
      setState(.failed)
    }
  }

  override public func touchesEnded(_ touches: TouchSet) {
    super.touchesEnded(touches)
    if state == .possible && strokeUp { setState(.recognized) }
  }

  override public func touchesCancelled(_ touches: TouchSet) {
    super.touchesCancelled(touches)
    midPoint = .zero
    strokeUp = false
    setState(.failed)
  }

  override public func reset() {
    super.reset()
    midPoint = .zero
    strokeUp = false
  }
}
