// SPDX-License-Identifier: MIT
/// Where a recognizer stands in arbitration: one of its visible states, or waiting in
/// `.possible` for a failure requirement with the move it asked for. The engine's one table
/// of legal moves (`canMove(to:)`): the subclass's moves of
/// `GestureRecognizerState.canMove(to:)`, the waits, and the engine's reset of a finished
/// recognizer. Every move the engine makes is checked against it.
enum ArbitrationState: Equatable {
  case possible
  /// Visible as `.possible`: it asked to leave `.possible` while a failure requirement was
  /// still undecided.
  case waiting(FailureWait)
  case began
  case changed
  case ended
  case cancelled
  case failed

  init(_ state: GestureRecognizerState) {
    switch state {
    case .possible: self = .possible
    case .began: self = .began
    case .changed: self = .changed
    case .ended: self = .ended
    case .cancelled: self = .cancelled
    case .failed: self = .failed
    }
  }

  /// The state clients see (`GestureRecognizer.state`): waiting is `.possible`.
  var visible: GestureRecognizerState {
    switch self {
    case .possible, .waiting: .possible
    case .began: .began
    case .changed: .changed
    case .ended: .ended
    case .cancelled: .cancelled
    case .failed: .failed
    }
  }

  var isWaiting: Bool {
    if case .waiting = self { return true }
    return false
  }

  /// The legal moves: a subclass's (`GestureRecognizerState.canMove(to:)`); from possible to
  /// waiting and between waits (what it asks for while it waits); from waiting to what it
  /// asked for (`FailureWait.released`) or to failed; and from a finished state back to
  /// possible (the engine's reset).
  func canMove(to next: ArbitrationState) -> Bool {
    switch (self, next) {
    case (.possible, .waiting), (.waiting, .waiting): true
    case (.waiting(let wait), _): next == .failed || next == wait.released
    case (_, .waiting): false
    case (.ended, .possible), (.cancelled, .possible), (.failed, .possible): true
    default: visible.canMove(to: next.visible)
    }
  }
}

/// What a recognizer waiting for a failure requirement has asked for.
enum FailureWait: Equatable {
  /// To begin (a continuous gesture); later `changed` requests wait with it.
  case begin
  /// To recognize (`ended` from `.possible`: a discrete gesture).
  case recognize
  /// To begin, then to end: a continuous gesture that finished while it waited. Released,
  /// it begins and ends at once.
  case beginThenEnd

  /// The state it moves to first when its requirements have failed.
  var released: ArbitrationState {
    switch self {
    case .begin, .beginThenEnd: .began
    case .recognize: .ended
    }
  }

  /// What it waits for after asking for `requested` as well.
  func adding(_ requested: GestureRecognizerState) -> FailureWait {
    switch (self, requested) {
    case (.recognize, .began), (.recognize, .changed), (.begin, .ended): .beginThenEnd
    default: self
    }
  }

  /// The wait for a first request from `.possible` (`began` or `ended`).
  init(firstRequest requested: GestureRecognizerState) {
    self = requested == .ended ? .recognize : .begin
  }
}
