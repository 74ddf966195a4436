// SPDX-License-Identifier: MIT
/// One state change of a recognizer run by a `GestureEngine`, as the engine's
/// `stateObserver` receives it.
///
/// Every change is reported, failures included (which send no action), and so is the return
/// to `.possible` when the engine resets a finished recognizer. Example (a tap recognized on
/// touch-up at 80 ms): `possible -> ended` at 80 000 us, then `ended -> possible` at
/// 80 000 us once the frame is settled.
public struct GestureStateTransition {
  /// The recognizer whose state changed; `recognizer.state` is `to` during the call.
  public let recognizer: GestureRecognizer
  /// The state it left.
  public let from: GestureRecognizerState
  /// The state it entered.
  public let to: GestureRecognizerState
  /// The engine's time of the change (`GestureEngine.nowMicroseconds`).
  public let timeMicroseconds: Int64

  public init(
    recognizer: GestureRecognizer, from: GestureRecognizerState, to: GestureRecognizerState,
    timeMicroseconds: Int64
  ) {
    self.recognizer = recognizer
    self.from = from
    self.to = to
    self.timeMicroseconds = timeMicroseconds
  }
}
