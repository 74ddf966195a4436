// SPDX-License-Identifier: MIT
/// How many of a recognizer's tracked touches have lifted or were cancelled when a step
/// settles (`Array<Touch>.liftedShare`): the engine removes some, or retires them all as the
/// recognizer's last touches.
enum LiftedShare: Equatable {
  case none
  case some
  case all
}
