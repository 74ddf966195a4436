// SPDX-License-Identifier: MIT

/// The finger-count rule of the recognizers that follow any number of fingers within a range
/// (pan, transform), UIPanGestureRecognizer's `minimumNumberOfTouches` and
/// `maximumNumberOfTouches`: before the gesture begins, more fingers than the most make it fail,
/// fewer than the fewest make it measure again from that frame, and the last finger lifting
/// makes it fail; once it has begun, fingers beyond the most are ignored and fewer than the
/// fewest end it. The reference documents list only the two properties; where they are
/// silent this follows iOS (a finger beyond the most on a pan under way is left out of it).
struct TouchCountRule {
  /// Fewest fingers (at least 1).
  let minimum: Int
  /// Most fingers.
  let maximum: Int

  /// `minimum` below 1 counts as 1, as UIKit's.
  init(minimum: Int, maximum: Int) {
    self.minimum = max(1, minimum)
    self.maximum = maximum
  }

  /// What the recognizer does about its fingers after a change.
  enum Step: Equatable {
    /// Go on measuring.
    case measure
    /// Measure again from this frame (too few fingers before the gesture began).
    case restart
    /// Fail (too many fingers before the gesture began, or none left).
    case fail
    /// End (too few fingers once the gesture had begun).
    case end
    /// Ignore the first `count` of the fingers that just came down (beyond the most, once the
    /// gesture had begun).
    case ignoreNew(count: Int)
  }

  /// After `new` fingers came down, with `live` down now (them included).
  func afterBegan(live: Int, new: Int, begun: Bool) -> Step {
    if begun { return live > maximum ? .ignoreNew(count: min(new, live - maximum)) : .measure }
    if live > maximum { return .fail }
    return live < minimum ? .restart : .measure
  }

  /// After fingers moved, with `live` down.
  func afterMoved(live: Int, begun: Bool) -> Step {
    !begun && live < minimum ? .restart : .measure
  }

  /// After fingers lifted, with `live` still down.
  func afterEnded(live: Int, begun: Bool) -> Step {
    if begun { return live < minimum ? .end : .measure }
    if live == 0 { return .fail }
    return live < minimum ? .restart : .measure
  }
}
