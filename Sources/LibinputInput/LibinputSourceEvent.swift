// SPDX-License-Identifier: MIT
import TouchInput

/// One thing a `LibinputTouchSource` reports while dispatching.
public enum LibinputSourceEvent: Sendable, Hashable {
  /// A touch device appeared (at start-up or plugged in later).
  case deviceAdded(LibinputDeviceInfo)
  /// A touch device went away. Touches it still had down were ended with `.cancel` events
  /// and a `.frame` before this event.
  case deviceRemoved(LibinputDeviceInfo)
  /// A raw touch event (`LIBINPUT_EVENT_TOUCH_DOWN/MOTION/UP/CANCEL/FRAME`).
  case touch(TouchInputEvent)
}

/// What `LibinputTouchSource.run(timeout:handler:)` should do after an event.
public enum LibinputRunDecision: Sendable, Hashable {
  case continueRunning
  case stop
}

/// Why `LibinputTouchSource.run(timeout:handler:)` returned.
public enum LibinputRunOutcome: Sendable, Hashable {
  /// The handler returned `.stop`.
  case stopped
  /// The timeout elapsed.
  case timedOut
}
