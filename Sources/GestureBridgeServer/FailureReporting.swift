import GestureCore

/// A built-in recognizer that tells its owner when it is reset out of `.failed`.
///
/// GestureCore runs actions on every state change except to failed; the protocol reports
/// failures too. The engine calls `reset()` while the state still reads `.failed`, with the
/// gesture's location and touches still readable, so each subclass below reports there.
protocol FailureReporting: AnyObject {
  /// Called from `reset()` when the recognizer failed.
  var onFailure: ((GestureRecognizer) -> Void)? { get set }
  /// Called from `reset()` after any finished state (ended, cancelled, failed).
  var onReset: ((GestureRecognizer) -> Void)? { get set }
}

extension FailureReporting where Self: GestureRecognizer {
  func reportReset() {
    if state == .failed { onFailure?(self) }
    onReset?(self)
  }
}

final class ReportingTapGestureRecognizer: TapGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingLongPressGestureRecognizer: LongPressGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingPanGestureRecognizer: PanGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingPinchGestureRecognizer: PinchGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingRotationGestureRecognizer: RotationGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingSwipeGestureRecognizer: SwipeGestureRecognizer, FailureReporting {
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}

final class ReportingScreenEdgePanGestureRecognizer: ScreenEdgePanGestureRecognizer,
  FailureReporting
{
  var onFailure: ((GestureRecognizer) -> Void)?
  var onReset: ((GestureRecognizer) -> Void)?
  override func reset() {
    reportReset()
    super.reset()
  }
}
