// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene

/// One entry of a daemon config's `"bindings"` list: when the recognizer named `recognizer`
/// reports `state` (and, when `direction` is set, the swipe went that way), `command` runs
/// with `/bin/sh -c`, the gesture's values in its environment (`GestureEnvironment`).
public struct GestureBinding: Sendable, Hashable {
  /// The name of a recognizer of the config's scene.
  public var recognizer: String
  /// `recognized` for discrete recognizers (tap, swipe); `began`, `changed`, `ended` or
  /// `cancelled` for the others.
  public var state: GestureReport.State
  /// A shell command line, run as `/bin/sh -c COMMAND`.
  public var command: String
  /// For swipe recognizers only: the single direction the swipe must have gone.
  public var direction: SwipeDirection?
  /// Free text naming the binding in logs (`"next workspace"`).
  public var description: String?

  public init(
    recognizer: String, state: GestureReport.State, command: String,
    direction: SwipeDirection? = nil, description: String? = nil
  ) {
    self.recognizer = recognizer
    self.state = state
    self.command = command
    self.direction = direction
    self.description = description
  }

  /// Whether `report` triggers this binding: same recognizer and state, and for a binding
  /// with a direction, a swipe in that direction.
  public func matches(_ report: GestureReport) -> Bool {
    guard report.recognizer == recognizer, report.state == state else { return false }
    guard let direction else { return true }
    return report.values.direction == direction
  }

  /// How logs name the binding: `"next workspace" (swipe recognized left)`, or without a
  /// description `swipe recognized left`.
  public var label: String {
    var trigger = "\(recognizer) \(state.rawValue)"
    if let direction { trigger += " \(direction.name ?? direction.description)" }
    guard let description else { return trigger }
    return "\"\(description)\" (\(trigger))"
  }
}
