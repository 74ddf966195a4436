// SPDX-License-Identifier: MIT
/// What the engine does to a recognizer's tracked touches each frame, each as one mutation of
/// the array in place (one access to the recognizer's property, not one per touch).
extension Array where Element == Touch {
  /// Gives the tracked touch `id` its new sample; false when the array does not hold it.
  mutating func refresh(
    _ id: TouchID, phase: TouchPhase, location: Point, previous: Point, atMicroseconds time: Int64
  ) -> Bool {
    for index in indices where self[index].id == id {
      self[index].take(phase: phase, location: location, previous: previous, atMicroseconds: time)
      return true
    }
    return false
  }

  /// Marks the touches that began or moved in the last frame as stationary.
  mutating func markStationary() {
    for index in indices { self[index].markStationary() }
  }

  /// Whether there are touches and every one has `phase`.
  func allHave(_ phase: TouchPhase) -> Bool {
    guard !isEmpty else { return false }
    for index in indices where self[index].phase != phase { return false }
    return true
  }

  /// How many of the touches have lifted or were cancelled: none, some or all (an empty
  /// array: none).
  var liftedShare: LiftedShare {
    var lifted = 0
    for index in indices where !self[index].phase.isLive { lifted += 1 }
    return lifted == 0 ? .none : (lifted == count ? .all : .some)
  }
}
