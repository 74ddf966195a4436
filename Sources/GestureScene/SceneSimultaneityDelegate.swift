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

  private var pairs: Set<Pair> = []

  /// It never refuses a touch (`shouldReceive` keeps UIKit's default): the engine does not
  /// ask it for each touch.
  var mayRefuseTouches: Bool { false }

  /// Lets `a` and `b` recognize at the same time.
  func allow(_ a: GestureRecognizer, _ b: GestureRecognizer) {
    pairs.insert(Pair(first: ObjectIdentifier(a), second: ObjectIdentifier(b)))
    pairs.insert(Pair(first: ObjectIdentifier(b), second: ObjectIdentifier(a)))
  }

  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    pairs.contains(Pair(first: ObjectIdentifier(recognizer), second: ObjectIdentifier(other)))
  }
}
