// SPDX-License-Identifier: MIT
import GestureCore

/// The delegate a `Scene` sets on its recognizers: it lets the pairs named by
/// `recognizesSimultaneouslyWith` recognize together, in both directions, and keeps UIKit's
/// defaults for everything else.
final class SceneSimultaneityDelegate: GestureRecognizerDelegate {
  private struct Pair: Hashable {
    let first: ObjectIdentifier
    let second: ObjectIdentifier
  }

  /// Up to this many ordered pairs are searched in `pairList` (a few comparisons, no
  /// hashing: the engine asks on every rivalry); beyond, `pairSet` answers.
  private static let listLimit = 32
  /// Every ordered pair allowed, in the order allowed.
  private var pairList: [Pair] = []
  /// The same pairs, hashed, once there are more than `listLimit`.
  private var pairSet: Set<Pair> = []

  /// It never refuses a touch (`shouldReceive` keeps UIKit's default): the engine does not
  /// ask it for each touch.
  var mayRefuseTouches: Bool { false }

  /// Lets `a` and `b` recognize at the same time.
  func allow(_ a: GestureRecognizer, _ b: GestureRecognizer) {
    let forward = Pair(first: ObjectIdentifier(a), second: ObjectIdentifier(b))
    let backward = Pair(first: ObjectIdentifier(b), second: ObjectIdentifier(a))
    // (Both taken out while they change: no access to them spans a call, so the reads on
    // every rivalry are checked when compiling, not at run time.)
    var list: [Pair] = []
    swap(&list, &pairList)
    var set: Set<Pair> = []
    swap(&set, &pairSet)
    for pair in [forward, backward] {
      let isKnown = list.count > Self.listLimit ? set.contains(pair) : list.contains(pair)
      guard !isKnown else { continue }
      list.append(pair)
      if list.count > Self.listLimit {
        if set.isEmpty { set.formUnion(list) } else { set.insert(pair) }
      }
    }
    swap(&list, &pairList)
    swap(&set, &pairSet)
  }

  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    let pair = Pair(first: ObjectIdentifier(recognizer), second: ObjectIdentifier(other))
    let list = pairList
    guard list.count <= Self.listLimit else { return pairSet.contains(pair) }
    for index in list.indices where list[index] == pair { return true }
    return false
  }
}
