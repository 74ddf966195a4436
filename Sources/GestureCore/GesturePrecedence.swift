// SPDX-License-Identifier: MIT
/// Which of two levels of arbitration a recognizer belongs to: the app's own recognizers
/// (`standard`, UIKit's model) or recognizers that own gestures for the whole system (a
/// shell's edge swipes and multi-finger swipes), which take precedence over the app's.
///
/// The rule between the levels is part of `GestureArena`'s rule (see its doc comment):
/// a recognizer never prevents, delays or defeats one of a higher level, and a higher one
/// that begins or recognizes defeats the lower ones sharing its live touches, cancelling
/// them if they are already active. Within one level nothing changes.
public enum GesturePrecedence: Int, Sendable, Hashable, Comparable {
  /// An app's recognizer (the default).
  case standard = 0
  /// A system recognizer: takes precedence over every `standard` one.
  case system = 1

  public static func < (a: GesturePrecedence, b: GesturePrecedence) -> Bool {
    a.rawValue < b.rawValue
  }
}
