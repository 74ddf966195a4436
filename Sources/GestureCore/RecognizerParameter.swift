// SPDX-License-Identifier: MIT
/// A parameter some kinds of recognizer take, by its UIKit property name (the key scene files
/// use). `RecognizerKind.parameters` says which kinds take which.
public enum RecognizerParameter: String, CaseIterable, Sendable, Hashable {
  case numberOfTapsRequired
  case numberOfTouchesRequired
  case minimumPressDuration
  case allowableMovement
  case minimumNumberOfTouches
  case maximumNumberOfTouches
  case direction
  case edges

  /// The kinds that take the parameter.
  public var kinds: [RecognizerKind] { RecognizerKind.allCases.filter { $0.takes(self) } }
}
