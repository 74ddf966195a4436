// SPDX-License-Identifier: MIT

/// The finger-count rule of the recognizers that follow any number of fingers within a range
/// (pan, transform), UIPanGestureRecognizer's `minimumNumberOfTouches` and
/// `maximumNumberOfTouches`: before the gesture begins, more fingers than the most make it fail,
/// fewer than the fewest make it measure again from that frame, and the last finger lifting
/// makes it fail; once it has begun, fingers beyond the most are ignored and fewer than the
/// fewest end it. A fewest below 1 counts as 1, and a most below the fewest as the fewest (a
/// pinch, whose most is 2 unless set, given only a fewest of 4 takes exactly 4 fingers; scenes
/// and the protocol refuse a most and a fewest both given the wrong way round). The reference
/// documents list only the two
/// properties; where they are silent this follows iOS (a finger beyond the most on a pan under
/// way is left out of it).
///
/// The bounds come in as autoclosures: a recognizer passes its own properties, and each is read
/// only when the rule needs it (a pan under way reads none on a move), as the rule ran when it
/// was written inline.
enum TouchCountRule {
  /// What the recognizer does about its fingers after a change.
  enum Step {
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
  @inline(__always)
  static func afterBegan(
    live: Int, new: Int, begun: Bool, minimum: @autoclosure () -> Int,
    maximum: @autoclosure () -> Int
  ) -> Step {
    let fewest = max(1, minimum())
    let most = max(maximum(), fewest)
    if begun { return live > most ? .ignoreNew(count: min(new, live - most)) : .measure }
    if live > most { return .fail }
    return live < fewest ? .restart : .measure
  }

  /// After fingers moved, with `live` down.
  @inline(__always)
  static func afterMoved(live: Int, begun: Bool, minimum: @autoclosure () -> Int) -> Step {
    !begun && live < max(1, minimum()) ? .restart : .measure
  }

  /// After fingers lifted, with `live` still down.
  @inline(__always)
  static func afterEnded(live: Int, begun: Bool, minimum: @autoclosure () -> Int) -> Step {
    if begun { return live < max(1, minimum()) ? .end : .measure }
    if live == 0 { return .fail }
    return live < max(1, minimum()) ? .restart : .measure
  }
}
