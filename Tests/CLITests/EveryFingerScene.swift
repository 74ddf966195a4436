// SPDX-License-Identifier: MIT
import Testing

extension GestureBridgeProcess {
  /// The default scene (`scene --default`) with pinch and rotation taking up to ten fingers,
  /// as they took every finger before they became two-finger gestures (issue 40): for tests
  /// whose stress recordings keep many fingers down and whose outputs, compared two ways,
  /// must be long to mean anything.
  static func everyFingerScene() throws -> String {
    let standard = run(["scene", "--default"]).stdout
    let json =
      standard
      .replacingOccurrences(
        of: #""type": "pinch","#, with: #""type": "pinch", "maximumNumberOfTouches": 10,"#
      )
      .replacingOccurrences(
        of: #""type": "rotation"}"#, with: #""type": "rotation", "maximumNumberOfTouches": 10}"#)
    try #require(json.components(separatedBy: #""maximumNumberOfTouches": 10"#).count == 3)
    return try temporaryFile("every-finger-scene.json", json)
  }
}
