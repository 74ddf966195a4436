// SPDX-License-Identifier: MIT
import Foundation
import GestureCore
import GestureScene
import Testing

/// The example scene of the scene-format documentation.
let exampleSceneJSON = """
  {"screen": {"width": 1920, "height": 1080},
   "views": [{"name": "desktop", "frame": [0, 0, 1920, 1080], "children": [],
     "recognizers": [
       {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
       {"name": "tap", "type": "tap", "requiresFailureOf": ["double-tap"]},
       {"name": "hold", "type": "long-press", "minimumPressDuration": 0.5, "allowableMovement": 10},
       {"name": "drag", "type": "pan", "maximumNumberOfTouches": 1},
       {"name": "flick", "type": "swipe", "direction": ["left", "right"]},
       {"name": "zoom", "type": "pinch", "recognizesSimultaneouslyWith": ["turn"]},
       {"name": "turn", "type": "rotation"},
       {"name": "edge", "type": "screen-edge-pan", "edges": ["left"]}]}]}
  """

/// The error message for `json` parsed as `scene.json`, or "no error".
func sceneError(_ json: String) -> String {
  do {
    _ = try SceneDescription.parse(json: json, file: "scene.json")
    return "no error"
  } catch {
    return error.description
  }
}

/// A one-view scene holding `recognizers` (JSON objects, comma-separated).
func sceneWith(recognizers: String) -> String {
  """
  {"screen": {"width": 1920, "height": 1080},
   "views": [{"name": "desktop", "frame": [0, 0, 1920, 1080], "recognizers": [\(recognizers)]}]}
  """
}

@Suite struct SceneParsingTests {
  @Test func theDocumentedExampleParsesWithEveryParameter() throws {
    let scene = try SceneDescription.parse(json: exampleSceneJSON, file: "scene.json")
    #expect(scene.screenWidth == 1920 && scene.screenHeight == 1080)
    #expect(scene.views.count == 1)
    let desktop = scene.views[0]
    #expect(desktop.name == "desktop")
    #expect(desktop.frame == Rect(x: 0, y: 0, width: 1920, height: 1080))
    #expect(
      desktop.recognizers.map(\.name) == [
        "double-tap", "tap", "hold", "drag", "flick", "zoom", "turn", "edge",
      ])
    #expect(
      desktop.recognizers.map(\.type) == [
        .tap, .tap, .longPress, .pan, .swipe, .pinch, .rotation, .screenEdgePan,
      ])
    #expect(desktop.recognizers[0].parameters.numberOfTapsRequired == 2)
    #expect(desktop.recognizers[1].requiresFailureOf == ["double-tap"])
    #expect(desktop.recognizers[2].parameters.minimumPressDuration == 0.5)
    #expect(desktop.recognizers[2].parameters.allowableMovement == 10)
    #expect(desktop.recognizers[3].parameters.maximumNumberOfTouches == 1)
    #expect(desktop.recognizers[4].parameters.direction == [.left, .right])
    #expect(desktop.recognizers[5].recognizesSimultaneouslyWith == ["turn"])
    #expect(desktop.recognizers[7].parameters.edges == [.left])
  }

  @Test func childrenNestAndKeepTheirOrder() throws {
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 800, "height": 600}, "views": [
          {"name": "a", "frame": [0, 0, 800, 600], "children": [
            {"name": "b", "frame": [10, 10, 100, 100], "children": [
              {"name": "c", "frame": [5, 5, 20, 20.5]}]},
            {"name": "d", "frame": [200, 10, 100, 100]}]}]}
        """, file: "nested.json")
    #expect(scene.views[0].children.map(\.name) == ["b", "d"])
    #expect(
      scene.views[0].children[0].children[0].frame == Rect(x: 5, y: 5, width: 20, height: 20.5))
  }

  @Test func everyCommonParameterIsAccepted() throws {
    let scene = try SceneDescription.parse(
      json: sceneWith(
        recognizers: """
          {"name": "a", "type": "pan", "cancelsTouchesInView": false, "delaysTouchesBegan": true,
           "delaysTouchesEnded": false, "enabled": false, "minimumNumberOfTouches": 2,
           "maximumNumberOfTouches": 2},
          {"name": "b", "type": "long-press", "numberOfTapsRequired": 0,
           "numberOfTouchesRequired": 2},
          {"name": "c", "type": "swipe", "numberOfTouchesRequired": 2, "direction": ["up"]},
          {"name": "d", "type": "screen-edge-pan", "edges": ["all"], "maximumNumberOfTouches": 1}
          """), file: "scene.json")
    let a = scene.views[0].recognizers[0].parameters
    #expect(a.cancelsTouchesInView == false && a.delaysTouchesBegan == true)
    #expect(a.delaysTouchesEnded == false && a.isEnabled == false)
    #expect(a.minimumNumberOfTouches == 2 && a.maximumNumberOfTouches == 2)
    #expect(scene.views[0].recognizers[1].parameters.numberOfTapsRequired == 0)
    #expect(scene.views[0].recognizers[2].parameters.direction == [.up])
    #expect(scene.views[0].recognizers[3].parameters.edges == .all)
  }

  @Test func theDefaultSceneHasTwelveRecognizersOnOneFullScreenView() throws {
    let scene = SceneDescription.standard
    #expect(scene.views.map(\.name) == ["desktop"])
    #expect(scene.views[0].frame == Rect(x: 0, y: 0, width: 1920, height: 1080))
    #expect(
      scene.allRecognizers.map(\.name) == [
        "double-tap", "tap", "two-finger-tap", "long-press", "pan", "swipe", "three-finger-swipe",
        "pinch", "rotation", "edge-left", "edge-right", "edge-bottom",
      ])
    #expect(
      scene.allRecognizers[4].requiresFailureOf == [
        "swipe", "edge-left", "edge-right", "edge-bottom",
      ])
  }

  // MARK: Errors, one per kind, with their exact messages

  @Test func aZeroTapCountIsRejectedWithItsPath() {
    let json = exampleSceneJSON.replacingFirst(
      "\"minimumPressDuration\": 0.5", with: "\"numberOfTapsRequired\": -1")
    #expect(
      sceneError(json)
        == "scene.json: views[0].recognizers[2].numberOfTapsRequired: expected an integer >= 0, got -1"
    )
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "t", "type": "tap", "numberOfTapsRequired": 0}"#))
        == "scene.json: views[0].recognizers[0].numberOfTapsRequired: expected an integer >= 1, got 0"
    )
  }

  @Test func unknownKeysAreRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "t", "type": "tap", "taps": 2}"#))
        == "scene.json: views[0].recognizers[0].taps: unknown key")
    #expect(
      sceneError(#"{"screen": {"width": 1, "height": 1}, "views": [], "theme": "dark"}"#)
        == "scene.json: theme: unknown key (expected screen, views)")
    #expect(
      sceneError(#"{"screen": {"width": 1, "height": 1, "depth": 3}, "views": []}"#)
        == "scene.json: screen.depth: unknown key (expected width, height)")
    #expect(
      sceneError(
        #"{"screen": {"width": 1, "height": 1}, "views": [{"name": "v", "frame": [0,0,1,1], "color": 1}]}"#
      )
        == "scene.json: views[0].color: unknown key (expected name, frame, children, recognizers)")
  }

  @Test func aParameterOfAnotherTypeIsRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "p", "type": "pan", "direction": ["left"]}"#))
        == "scene.json: views[0].recognizers[0].direction: does not apply to a pan recognizer")
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "z", "type": "pinch", "numberOfTouchesRequired": 2}"#))
        == "scene.json: views[0].recognizers[0].numberOfTouchesRequired: does not apply to a pinch recognizer"
    )
  }

  @Test func anUnknownTypeIsRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "x", "type": "wiggle"}"#))
        == "scene.json: views[0].recognizers[0].type: expected a recognizer type (tap, long-press, pan, pinch, rotation, swipe, screen-edge-pan, transform), got \"wiggle\""
    )
  }

  @Test func aRelationToAnUnknownRecognizerIsRejected() {
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "t", "type": "tap", "requiresFailureOf": ["dbl"]}"#))
        == "scene.json: views[0].recognizers[0].requiresFailureOf[0]: no recognizer named \"dbl\" in the scene"
    )
    #expect(
      sceneError(
        sceneWith(
          recognizers: #"{"name": "z", "type": "pinch", "recognizesSimultaneouslyWith": ["z"]}"#))
        == "scene.json: views[0].recognizers[0].recognizesSimultaneouslyWith[0]: a recognizer cannot name itself (\"z\")"
    )
  }

  @Test func duplicateNamesAreRejected() {
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "t", "type": "tap"}, {"name": "t", "type": "swipe"}"#))
        == "scene.json: views[0].recognizers[1].name: duplicate recognizer name \"t\" (first used at views[0].recognizers[0].name)"
    )
    #expect(
      sceneError(
        #"{"screen": {"width": 9, "height": 9}, "views": [{"name": "v", "frame": [0,0,1,1]}, {"name": "v", "frame": [0,0,1,1]}]}"#
      )
        == "scene.json: views[1].name: duplicate view name \"v\" (first used at views[0].name)")
  }

  @Test func wrongJSONTypesAreRejected() {
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "t", "type": "tap", "numberOfTapsRequired": "2"}"#))
        == "scene.json: views[0].recognizers[0].numberOfTapsRequired: expected an integer >= 1, got \"2\""
    )
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "t", "type": "tap", "numberOfTapsRequired": 1.5}"#))
        == "scene.json: views[0].recognizers[0].numberOfTapsRequired: expected an integer >= 1, got 1.5"
    )
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "t", "type": "tap", "enabled": 1}"#))
        == "scene.json: views[0].recognizers[0].enabled: expected true or false, got 1")
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": 7, "type": "tap"}"#))
        == "scene.json: views[0].recognizers[0].name: expected a non-empty string, got 7")
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "t", "type": "tap", "requiresFailureOf": "x"}"#))
        == "scene.json: views[0].recognizers[0].requiresFailureOf: expected an array of recognizer names, got \"x\""
    )
    #expect(
      sceneError(#"{"screen": {"width": 1920, "height": 1080}, "views": {}}"#)
        == "scene.json: views: expected an array, got an object")
    #expect(sceneError("[1, 2]") == "scene.json: expected an object, got an array")
  }

  @Test func missingRequiredKeysAreRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "t"}"#))
        == "scene.json: views[0].recognizers[0]: missing required key \"type\"")
    #expect(
      sceneError(#"{"views": []}"#) == "scene.json: missing required key \"screen\"")
  }

  @Test func negativeAndZeroCountsAreRejected() {
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "p", "type": "pan", "maximumNumberOfTouches": 0}"#))
        == "scene.json: views[0].recognizers[0].maximumNumberOfTouches: expected an integer >= 1, got 0"
    )
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "s", "type": "swipe", "numberOfTouchesRequired": -2}"#))
        == "scene.json: views[0].recognizers[0].numberOfTouchesRequired: expected an integer >= 1, got -2"
    )
    #expect(
      sceneError(
        sceneWith(
          recognizers: #"{"name": "h", "type": "long-press", "minimumPressDuration": -0.1}"#))
        == "scene.json: views[0].recognizers[0].minimumPressDuration: expected a finite number >= 0, got -0.1"
    )
    #expect(
      sceneError(#"{"screen": {"width": 0, "height": 1080}, "views": []}"#)
        == "scene.json: screen.width: expected an integer >= 1, got 0")
  }

  @Test func aMinimumAboveTheMaximumIsRejected() {
    #expect(
      sceneError(
        sceneWith(
          recognizers:
            #"{"name": "p", "type": "pan", "minimumNumberOfTouches": 3, "maximumNumberOfTouches": 2}"#
        ))
        == "scene.json: views[0].recognizers[0].minimumNumberOfTouches: 3 is greater than maximumNumberOfTouches 2"
    )
  }

  @Test func nonFiniteNumbersAreRejected() {
    #expect(
      sceneError(
        sceneWith(recognizers: #"{"name": "h", "type": "long-press", "allowableMovement": 1e999}"#))
        == "scene.json: views[0].recognizers[0].allowableMovement: expected a finite number >= 0, got 1e999"
    )
    #expect(
      sceneError(
        #"{"screen": {"width": 9, "height": 9}, "views": [{"name": "v", "frame": [0, -1e400, 1, 1]}]}"#
      )
        == "scene.json: views[0].frame[1]: expected a finite number, got -1e400")
  }

  @Test func anEmptyDirectionListIsRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "s", "type": "swipe", "direction": []}"#))
        == "scene.json: views[0].recognizers[0].direction: expected at least one of right, left, up, down, got an empty list"
    )
    #expect(
      sceneError(
        sceneWith(
          recognizers: #"{"name": "s", "type": "swipe", "direction": ["left", "sideways"]}"#))
        == "scene.json: views[0].recognizers[0].direction[1]: expected one of right, left, up, down, got \"sideways\""
    )
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "e", "type": "screen-edge-pan", "edges": []}"#))
        == "scene.json: views[0].recognizers[0].edges: expected at least one of top, left, bottom, right, all, got an empty list"
    )
  }

  @Test func aFrameThatIsNotFourNumbersIsRejected() {
    #expect(
      sceneError(
        #"{"screen": {"width": 9, "height": 9}, "views": [{"name": "v", "frame": [0, 0, 1]}]}"#)
        == "scene.json: views[0].frame: expected 4 numbers [x, y, width, height], got 3 element(s)")
    #expect(
      sceneError(
        #"{"screen": {"width": 9, "height": 9}, "views": [{"name": "v", "frame": "full"}]}"#)
        == "scene.json: views[0].frame: expected 4 numbers [x, y, width, height], got \"full\"")
    #expect(
      sceneError(
        #"{"screen": {"width": 9, "height": 9}, "views": [{"name": "v", "frame": [0, 0, -1, 1]}]}"#)
        == "scene.json: views[0].frame[2]: expected a finite number >= 0, got -1")
  }

  @Test func invalidJSONNamesTheLineAndColumn() {
    #expect(
      sceneError("{\"screen\": {\"width\": 1920,\n  \"height\": 1080,}}")
        == "scene.json:2:18: invalid JSON: unexpected '}', expected a key in double quotes")
    #expect(
      sceneError("") == "scene.json:1:1: invalid JSON: unexpected end of file, expected a value")
    #expect(
      sceneError(#"{"a": 1, "a": 2}"#) == "scene.json:1:10: invalid JSON: duplicate key \"a\"")
    #expect(
      sceneError("{} x")
        == "scene.json:1:4: invalid JSON: unexpected 'x' after the end of the JSON value")
  }

  @Test func anUnreadableFileIsNamedInTheError() {
    #expect(throws: SceneError.self) { try SceneDescription.load(path: "/nonexistent/scene.json") }
    do {
      _ = try SceneDescription.load(path: "/nonexistent/scene.json")
    } catch {
      #expect(
        error.description
          == "/nonexistent/scene.json: cannot read the file: No such file or directory")
    }
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
