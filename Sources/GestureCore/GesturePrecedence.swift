// SPDX-License-Identifier: MIT
/// Which of two levels of arbitration a recognizer belongs to: the app's own recognizers
/// (`standard`, UIKit's model) or recognizers that own gestures for the whole system (a
/// shell's edge swipes and multi-finger swipes), which take precedence over the app's.
///
/// The rule between the levels is part of `GestureArena`'s rule, written once in its doc
/// comment ("System recognizers take precedence").
public enum GesturePrecedence: Int, Sendable, Hashable, Comparable {
  /// An app's recognizer (the default).
  case standard = 0
  /// A system recognizer: takes precedence over every `standard` one.
  case system = 1

  public static func < (a: GesturePrecedence, b: GesturePrecedence) -> Bool {
    a.rawValue < b.rawValue
  }
}
