// SPDX-License-Identifier: MIT
import GestureScene

/// A recognizer state change as a trace shows it.
public enum TraceState: String, Sendable, Hashable, CaseIterable {
  case began, changed, ended, recognized, cancelled, failed

  /// The state of a gesture report (reports never say `failed`: recognizers send no action
  /// when they fail; `TraceRecorder.recordFailure(of:type:atMicroseconds:location:)` records
  /// failures).
  public init(_ state: GestureReport.State) {
    switch state {
    case .began: self = .began
    case .changed: self = .changed
    case .ended: self = .ended
    case .recognized: self = .recognized
    case .cancelled: self = .cancelled
    }
  }

  /// Whether the state closes a gesture (ended, recognized, cancelled, failed).
  public var isFinal: Bool { self != .began && self != .changed }
}
