// SPDX-License-Identifier: MIT
/// One lisgd gesture binding, `-g fingers,swipe,edge,distance[,mode],command`: `fingers`
/// fingers stroking in `swipe`'s direction from or to `edge`, at least `distance` long, run
/// `command` when they lift (`released`) or as soon as the stroke is made (`pressed`).
public struct LisgdBinding: Sendable, Hashable {
  /// When a binding runs.
  public enum Mode: String, Sendable, Hashable {
    /// When the last finger lifts (`R`, or the field left out).
    case released = "R"
    /// While the fingers are still down, as soon as one has stroked far enough (`P`).
    case pressed = "P"
  }

  public var fingers: Int
  public var swipe: LisgdSwipe
  public var edge: LisgdEdge
  public var distance: LisgdDistance
  public var mode: Mode
  public var command: String

  public init(
    fingers: Int, swipe: LisgdSwipe, edge: LisgdEdge, distance: LisgdDistance, mode: Mode,
    command: String
  ) {
    self.fingers = fingers
    self.swipe = swipe
    self.edge = edge
    self.distance = distance
    self.mode = mode
    self.command = command
  }

  /// Parses a `-g` value. The mode field may be left out (lisgd's older form
  /// `fingers,swipe,edge,distance,command`). Unlike lisgd 0.3.7, which cuts a command at its
  /// first comma and leaves a misspelt field undefined, the command is everything after its
  /// comma and any other mistake is an error naming the field.
  public init(specification: String) throws(LisgdError) {
    let fields = specification.split(separator: ",", maxSplits: 4, omittingEmptySubsequences: false)
      .map(String.init)
    guard fields.count == 5 else {
      throw LisgdError(
        "-g \(specification): expected fingers,swipe,edge,distance[,mode],command")
    }
    guard let fingers = Int(fields[0]), fingers >= 1 else {
      throw LisgdError(
        "-g \(specification): fingers must be a whole number >= 1, not '\(fields[0])'")
    }
    guard let swipe = LisgdSwipe(rawValue: fields[1]) else {
      throw LisgdError(
        "-g \(specification): swipe must be one of "
          + LisgdSwipe.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(fields[1])'")
    }
    guard let edge = LisgdEdge(rawValue: fields[2]) else {
      throw LisgdError(
        "-g \(specification): edge must be one of "
          + LisgdEdge.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(fields[2])'")
    }
    guard let distance = LisgdDistance(name: fields[3]) else {
      throw LisgdError("-g \(specification): distance must be *, S, M or L, not '\(fields[3])'")
    }
    var mode = Mode.released
    var command = fields[4]
    let rest = fields[4].split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    if rest.count == 2, let given = Mode(rawValue: String(rest[0])) {
      mode = given
      command = String(rest[1])
    }
    guard !command.isEmpty, Mode(rawValue: command) == nil else {
      throw LisgdError("-g \(specification): the command is missing")
    }
    self.init(
      fingers: fingers, swipe: swipe, edge: edge, distance: distance, mode: mode,
      command: command)
  }

  /// Whether the binding takes a stroke of `fingers` fingers in `swipe`'s direction at `edge`,
  /// `distance` long, found when fingers lift (`.released`: bindings of both modes) or while
  /// they are down (`.pressed`: pressed bindings whose distance is any).
  func takes(
    fingers: Int, swipe: LisgdSwipe?, edge: LisgdEdge, distance: LisgdDistance, when: Mode
  ) -> Bool {
    self.fingers == fingers && self.swipe == swipe && self.distance <= distance
      && self.edge.takes(edge) && (when == .released || mode == when)
  }
}

/// A lisgd command line that cannot be used, with the reason.
public struct LisgdError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
