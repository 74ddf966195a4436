// SPDX-License-Identifier: MIT
import GestureScene
import JSONLines

/// The environment variables a binding's command gets, built from the `GestureReport` that
/// triggered it. Every name starts with `GESTURE_`; numbers have the fixed decimals of
/// `--format json` (pixels 2, pixel velocities 1, scale and rotation 4), an empty value when
/// not finite.
///
/// Always: `GESTURE_RECOGNIZER` (name), `GESTURE_TYPE` (the kind: tap, long-press, pan, ...),
/// `GESTURE_STATE` (recognized, began, changed, ended, cancelled), `GESTURE_VIEW`,
/// `GESTURE_TIME_US` (microseconds since the daemon started), `GESTURE_X`, `GESTURE_Y`
/// (location in the view, pixels), `GESTURE_TOUCHES`.
/// Then one per value the kind reports (`GestureValues`): `GESTURE_TAPS` (tap);
/// `GESTURE_TRANSLATION_X`, `GESTURE_TRANSLATION_Y` (pixels), `GESTURE_VELOCITY_X`,
/// `GESTURE_VELOCITY_Y` (pixels per second) (pan, screen-edge-pan, transform); `GESTURE_SCALE`,
/// `GESTURE_SCALE_VELOCITY` (per second) (pinch, transform); `GESTURE_ROTATION` (radians,
/// clockwise positive), `GESTURE_ROTATION_VELOCITY` (radians per second) (rotation,
/// transform); `GESTURE_DIRECTION` (swipe: left, right, up or down).
public enum GestureEnvironment {
  /// The prefix of every variable; inherited variables with it are dropped.
  public static let prefix = "GESTURE_"

  /// The variables for `report`, in the order listed above.
  public static func variables(for report: GestureReport) -> [(name: String, value: String)] {
    var result: [(name: String, value: String)] = [
      ("GESTURE_RECOGNIZER", report.recognizer),
      ("GESTURE_TYPE", report.type.rawValue),
      ("GESTURE_STATE", report.state.rawValue),
      ("GESTURE_VIEW", report.view),
      ("GESTURE_TIME_US", String(report.timeMicroseconds)),
      ("GESTURE_X", number(report.location.x, 2)),
      ("GESTURE_Y", number(report.location.y, 2)),
      ("GESTURE_TOUCHES", String(report.touches)),
    ]
    let values = report.values
    if let taps = values.taps { result.append(("GESTURE_TAPS", String(taps))) }
    if let translation = values.translation {
      result += [
        ("GESTURE_TRANSLATION_X", number(translation.x, 2)),
        ("GESTURE_TRANSLATION_Y", number(translation.y, 2)),
      ]
    }
    if let velocity = values.velocity {
      result += [
        ("GESTURE_VELOCITY_X", number(velocity.x, 1)),
        ("GESTURE_VELOCITY_Y", number(velocity.y, 1)),
      ]
    }
    if let scale = values.scale { result.append(("GESTURE_SCALE", number(scale, 4))) }
    if let velocity = values.scaleVelocity {
      result.append(("GESTURE_SCALE_VELOCITY", number(velocity, 4)))
    }
    if let rotation = values.rotation { result.append(("GESTURE_ROTATION", number(rotation, 4))) }
    if let velocity = values.rotationVelocity {
      result.append(("GESTURE_ROTATION_VELOCITY", number(velocity, 4)))
    }
    if let direction = values.direction?.name {
      result.append(("GESTURE_DIRECTION", direction))
    }
    return result
  }

  /// A command's whole environment as `NAME=value` strings: `inherited` (the daemon's own,
  /// `NAME=value` strings) without any `GESTURE_` variable, then the variables for `report`.
  public static func environment(for report: GestureReport, inherited: [String]) -> [String] {
    inherited.filter { !$0.hasPrefix(prefix) }
      + variables(for: report).map { "\($0.name)=\($0.value)" }
  }

  private static func number(_ value: Double, _ decimals: Int) -> String {
    FixedDecimal.format(value, decimals: decimals) ?? ""
  }
}
