// SPDX-License-Identifier: MIT
import GestureCore

/// A `ViewTouchObserver` that writes what the views it observes receive as one touch stream
/// for `TouchStreamChecker` (the core's touch ids never repeat, so one stream serves every
/// view). Each delivered touch is one event, timed as a client sees it: a `began` at the
/// touch's first time (a held-back began is released with it), the others at the touch's
/// latest time. `frame()` closes a group: call it after each engine step (a frame handled, a
/// clock advanced), as a compositor sends wl_touch.frame after the deliveries of one input
/// frame.
public final class TouchStreamRecorder: ViewTouchObserver {
  public private(set) var events: [TouchStreamEvent] = []

  public init() {}

  /// Observes `view` and all its subviews.
  public func observe(_ view: View) {
    view.touchObserver = self
    for child in view.subviews { observe(child) }
  }

  /// Ends a group: appends a frame if anything was delivered since the last one.
  public func frame() {
    guard let last = events.last, last.kind != .frame else { return }
    events.append(TouchStreamEvent(.frame))
  }

  public func touchesBegan(_ touches: TouchSet, in view: View) {
    for touch in touches {
      events.append(
        TouchStreamEvent(
          .down, id: Int64(touch.id.rawValue), timeMicroseconds: touch.initialTimestampMicroseconds)
      )
    }
  }

  public func touchesMoved(_ touches: TouchSet, in view: View) { append(.motion, touches) }
  public func touchesEnded(_ touches: TouchSet, in view: View) { append(.up, touches) }
  public func touchesCancelled(_ touches: TouchSet, in view: View) { append(.cancel, touches) }

  private func append(_ kind: TouchStreamEvent.Kind, _ touches: TouchSet) {
    for touch in touches {
      events.append(
        TouchStreamEvent(
          kind, id: Int64(touch.id.rawValue), timeMicroseconds: touch.timestampMicroseconds))
    }
  }
}
