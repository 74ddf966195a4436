// SPDX-License-Identifier: MIT
/// Lets an app fine-tune a recognizer without subclassing (UIKit's
/// `UIGestureRecognizerDelegate`). Every method is optional: the defaults are UIKit's.
///
/// `gestureRecognizerShouldBegin` and the simultaneity question are asked while the arena
/// decides: an answer must not change recognizers (their state, enabling, views) or feed the
/// engine (the engine does not check it: what follows is undefined).
public protocol GestureRecognizerDelegate: AnyObject {
  /// Asked when `recognizer` is about to leave `possible` (to began or recognized);
  /// returning false makes it fail at once. Default: true.
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
  /// Asked once per new touch before `recognizer` sees it; returning false keeps the touch
  /// from it (its state is untouched). Default: true.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
  /// Asked when `recognizer` and `other` would block each other; returning true lets both
  /// recognize. True from either side's delegate is enough. Default: false.
  func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Whether `gestureRecognizer(_:shouldReceive:)` may answer false. Read once, when the
  /// delegate is set on a recognizer (`GestureRecognizer.delegate`): a delegate that says
  /// false here is never asked per touch, every touch reaching the recognizer as if it had
  /// answered true (a recognizer without a delegate is not asked either). Say false only
  /// when `shouldReceive` is UIKit's default (true) and stays so for as long as the delegate
  /// is set. Default: true.
  var mayRefuseTouches: Bool { get }
}

extension GestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
  public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  { true }
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
  public var mayRefuseTouches: Bool { true }
}
