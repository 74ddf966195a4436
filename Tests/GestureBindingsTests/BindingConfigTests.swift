// SPDX-License-Identifier: MIT
import Foundation
import GestureBindings
import GestureCore
import GestureScene
import Testing

/// Parsing and validating `gesture-bridge run` configs.
struct BindingConfigTests {
  static let file = "daemon.json"

  /// The repository root, found from this file's path.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A config of a tap, a four-way swipe and a pinch on a full-screen view, with `bindings`
  /// (a JSON array's elements).
  static func parse(_ bindings: String) throws(SceneError) -> BindingConfig {
    let json = """
      {"screen": {"width": 1920, "height": 1080},
       "views": [{"name": "desktop", "frame": [0, 0, 1920, 1080], "recognizers": [
         {"name": "tap", "type": "tap"},
         {"name": "swipe", "type": "swipe", "direction": ["left", "right", "up", "down"]},
         {"name": "pinch", "type": "pinch"}]}],
       "bindings": [\(bindings)]}
      """
    return try BindingConfig.parse(json: json, file: file)
  }

  /// The one-line error for `bindings`, or nil when it parses.
  static func error(_ bindings: String) -> String? {
    do {
      _ = try parse(bindings)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func bindingsAreReadInFileOrderWithTheirOptionalKeys() throws {
    let config = try Self.parse(
      """
      {"recognizer": "swipe", "state": "recognized", "direction": "left",
       "command": "swaymsg workspace next", "description": "next workspace"},
      {"recognizer": "pinch", "state": "ended", "command": "echo $GESTURE_SCALE"}
      """)

    #expect(config.scene.allRecognizers.map(\.name) == ["tap", "swipe", "pinch"])
    #expect(
      config.bindings == [
        GestureBinding(
          recognizer: "swipe", state: .recognized, command: "swaymsg workspace next",
          direction: .left, description: "next workspace"),
        GestureBinding(recognizer: "pinch", state: .ended, command: "echo $GESTURE_SCALE"),
      ])
    #expect(config.summary == "3 recognizer(s), 2 binding(s), screen 1920x1080")
  }

  @Test func anEmptyBindingListIsAllowed() throws {
    #expect(try Self.parse("").bindings.isEmpty)
  }

  @Test func reportsTriggerTheBindingsOfTheirRecognizerStateAndDirection() throws {
    let config = try Self.parse(
      """
      {"recognizer": "swipe", "state": "recognized", "direction": "left", "command": "a"},
      {"recognizer": "swipe", "state": "recognized", "command": "b"},
      {"recognizer": "pinch", "state": "began", "command": "c"},
      {"recognizer": "pinch", "state": "ended", "command": "d"}
      """)
    func commands(_ report: GestureReport) -> [String] {
      config.bindings(for: report).map(\.command)
    }

    #expect(commands(swipe(.left)) == ["a", "b"])
    #expect(commands(swipe(.right)) == ["b"])
    #expect(commands(swipe(nil)) == ["b"])
    #expect(commands(pinch(.began)) == ["c"])
    #expect(commands(pinch(.changed)) == [])
    #expect(commands(pinch(.ended)) == ["d"])
    #expect(commands(tap()) == [])
  }

  @Test func labelsNameTheTriggerAndTheDescription() {
    #expect(
      GestureBinding(recognizer: "swipe", state: .recognized, command: "x", direction: .up).label
        == "swipe recognized up")
    #expect(
      GestureBinding(recognizer: "pinch", state: .ended, command: "x", description: "zoom").label
        == "\"zoom\" (pinch ended)")
  }

  @Test(arguments: [
    (
      #"{"recognizer": "tap", "state": "recognized"}"#,
      "bindings[0]: missing required key \"command\""
    ),
    (
      #"{"state": "recognized", "command": "x"}"#,
      "bindings[0]: missing required key \"recognizer\""
    ),
    (
      #"{"recognizer": "tap", "command": "x"}"#,
      "bindings[0]: missing required key \"state\""
    ),
    (
      #"{"recognizer": "tap", "state": "recognized", "command": "x", "when": 1}"#,
      "bindings[0].when: unknown key (expected recognizer, state, command, direction, description)"
    ),
    (
      #"{"recognizer": "hold", "state": "began", "command": "x"}"#,
      "bindings[0].recognizer: no recognizer named \"hold\" in the scene "
        + "(it has \"tap\", \"swipe\", \"pinch\")"
    ),
    (
      #"{"recognizer": "tap", "state": "ended", "command": "x"}"#,
      "bindings[0].state: a tap recognizer reports recognized; got \"ended\""
    ),
    (
      #"{"recognizer": "pinch", "state": "recognized", "command": "x"}"#,
      "bindings[0].state: a pinch recognizer reports began, changed, ended, cancelled; "
        + "got \"recognized\""
    ),
    (
      #"{"recognizer": "pinch", "state": 3, "command": "x"}"#,
      "bindings[0].state: a pinch recognizer reports began, changed, ended, cancelled; got 3"
    ),
    (
      #"{"recognizer": "tap", "state": "recognized", "command": ""}"#,
      "bindings[0].command: expected a non-empty string, got \"\""
    ),
    (
      #"{"recognizer": "tap", "state": "recognized", "command": "x", "direction": "left"}"#,
      "bindings[0].direction: only swipe bindings take a direction (\"tap\" is a tap recognizer)"
    ),
    (
      #"{"recognizer": "swipe", "state": "recognized", "command": "x", "direction": "north"}"#,
      "bindings[0].direction: expected one of right, left, up, down, got \"north\""
    ),
    (
      #"{"recognizer": "tap", "state": "recognized", "command": "x", "description": 1}"#,
      "bindings[0].description: expected a non-empty string, got 1"
    ),
    (#"["tap"]"#, "bindings[0]: expected an object, got an array"),
  ])
  func aBadBindingIsAnErrorNamingItsPath(binding: String, message: String) {
    #expect(Self.error(binding) == "\(Self.file): \(message)")
  }

  @Test func aSwipeBindingMayOnlyNameADirectionTheSwipeReports() throws {
    let json = """
      {"screen": {"width": 100, "height": 100},
       "views": [{"name": "v", "frame": [0, 0, 100, 100], "recognizers": [
         {"name": "flick", "type": "swipe"}]}],
       "bindings": [{"recognizer": "flick", "state": "recognized", "direction": "up",
                     "command": "x"}]}
      """
    #expect(throws: SceneError.self) { try BindingConfig.parse(json: json, file: "f") }
    do {
      _ = try BindingConfig.parse(json: json, file: "f")
    } catch {
      #expect(
        error.description
          == "f: bindings[0].direction: \"flick\" never reports up: its directions are right")
    }
  }

  @Test func bindingsMustBeAList() {
    let json = #"{"screen": {"width": 100, "height": 100}, "views": [], "bindings": {}}"#
    #expect(
      throws: SceneError(
        file: "f", path: "bindings", message: "expected an array of bindings, got an object")
    ) {
      try BindingConfig.parse(json: json, file: "f")
    }
  }

  @Test func sceneErrorsAndOtherUnknownTopLevelKeysAreStillReported() {
    let badScene = #"{"screen": {"width": 0, "height": 100}, "views": [], "bindings": []}"#
    #expect(
      throws: SceneError(
        file: "f", path: "screen.width", message: "expected an integer >= 1, got 0")
    ) {
      try BindingConfig.parse(json: badScene, file: "f")
    }
    let unknown = #"{"screen": {"width": 1, "height": 1}, "views": [], "bindings": [], "x": 1}"#
    #expect(
      throws: SceneError(
        file: "f", path: "x", message: "unknown key (expected screen, views, bindings, lisgd)")
    ) {
      try BindingConfig.parse(json: unknown, file: "f")
    }
  }

  @Test func aPlainSceneFileStillRefusesABindingsKey() {
    let json = #"{"screen": {"width": 1, "height": 1}, "views": [], "bindings": []}"#
    #expect(
      throws: SceneError(
        file: "f", path: "bindings", message: "unknown key (expected screen, views)")
    ) {
      try SceneDescription.parse(json: json, file: "f")
    }
  }

  @Test func syntaxErrorsHaveLineAndColumn() {
    let json = "{\"screen\": {\"width\": 1, \"height\": 1},\n \"views\": [],\n \"bindings\": [,]}"
    #expect(
      throws: SceneError(
        file: "f", line: 3, column: 15, message: "invalid JSON: unexpected ',', expected a value")
    ) {
      try BindingConfig.parse(json: json, file: "f")
    }
  }

  /// Every config in `Examples/configs/` is valid.
  @Test(arguments: ["lisgd.json", "touchegg.json"])
  func theExampleConfigsAreValid(name: String) throws {
    let path = Self.repositoryRoot.appendingPathComponent("Examples/configs/\(name)").path
    let config = try BindingConfig.load(path: path)
    #expect(config.bindings.count >= 5)
  }

  /// The phone-like system-gesture config of docs/system-gestures.md is valid and binds the
  /// bottom edge (overview), three-finger swipes both ways (workspaces) and a four-finger
  /// pinch (app grid).
  @Test func theSystemGestureExampleConfigIsValid() throws {
    let path = Self.repositoryRoot.appendingPathComponent(
      "Examples/configs/system-gestures.json"
    ).path
    let config = try BindingConfig.load(path: path)
    #expect(config.scene.allRecognizers.map(\.name).contains("bottom-edge"))
    #expect(Set(config.bindings.map(\.recognizer)).count == 3)
    #expect(config.bindings.filter { $0.recognizer == "three-finger-swipe" }.count == 2)
    let pinch = try #require(config.scene.allRecognizers.first { $0.name == "four-finger-pinch" })
    #expect(pinch.type == .pinch && pinch.parameters.minimumNumberOfTouches == 4)
  }

  // MARK: Reports

  func swipe(_ direction: SwipeDirection?) -> GestureReport {
    GestureReport(
      timeMicroseconds: 1, recognizer: "swipe", type: .swipe, view: "desktop", state: .recognized,
      location: Point(x: 1, y: 2), touches: 1, values: GestureValues(direction: direction))
  }

  func pinch(_ state: GestureReport.State) -> GestureReport {
    GestureReport(
      timeMicroseconds: 1, recognizer: "pinch", type: .pinch, view: "desktop", state: state,
      location: Point(x: 1, y: 2), touches: 2, values: GestureValues(scale: 2, scaleVelocity: 0))
  }

  func tap() -> GestureReport {
    GestureReport(
      timeMicroseconds: 1, recognizer: "tap", type: .tap, view: "desktop", state: .recognized,
      location: Point(x: 1, y: 2), touches: 1, values: GestureValues(taps: 1))
  }
}
