// SPDX-License-Identifier: MIT
/// The states of a gesture recognizer (UIKit's `UIGestureRecognizer.State`).
///
/// Discrete gestures (tap, swipe) go `possible -> recognized` or `possible -> failed`;
/// continuous ones (pan, pinch, rotation, long press) go
/// `possible -> began -> changed* -> ended | cancelled`, or `possible -> failed`.
/// `recognized` is the same state as `ended`, as in UIKit. After ended, cancelled or failed
/// the engine calls `reset()` and the state returns to `possible`, sending no action.
public enum GestureRecognizerState: Sendable, Hashable, CustomStringConvertible {
  case possible
  case began
  case changed
  case ended
  case cancelled
  case failed

  /// The state a discrete gesture reaches when recognized: the same as `ended`.
  public static let recognized = GestureRecognizerState.ended

  /// Whether the gesture is under way (began or changed).
  public var isActive: Bool { self == .began || self == .changed }

  /// Whether the state is one the engine resets from (ended, cancelled or failed).
  public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

  /// The one table of legal moves a subclass may make with `setState(_:)`.
  /// Anything else is a programming error.
  public func canMove(to next: GestureRecognizerState) -> Bool {
    switch (self, next) {
    case (.possible, .began), (.possible, .ended), (.possible, .failed): true
    case (.began, .changed), (.began, .ended), (.began, .cancelled): true
    case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .possible: "possible"
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    }
  }
}
