// SPDX-License-Identifier: MIT
import GestureCore
import GestureScene
import Testing

@Suite struct SceneBuildingTests {
  @Test func theExampleBuildsViewsAndRecognizersWithTheirParameters() throws {
    let scene = Scene(try SceneDescription.parse(json: exampleSceneJSON, file: "scene.json"))
    #expect(scene.rootView.frame == Rect(x: 0, y: 0, width: 1920, height: 1080))
    #expect(scene.rootView.subviews.map(\.name) == ["desktop"])
    let doubleTap = try #require(
      scene.recognizer(named: "double-tap")?.recognizer as? TapGestureRecognizer)
    #expect(doubleTap.numberOfTapsRequired == 2)
    let tap = try #require(scene.recognizer(named: "tap")?.recognizer)
    #expect(tap.requiresFailure(of: doubleTap))
    let hold = try #require(
      scene.recognizer(named: "hold")?.recognizer as? LongPressGestureRecognizer)
    #expect(hold.minimumPressDuration == 0.5 && hold.allowableMovement == 10)
    let drag = try #require(scene.recognizer(named: "drag")?.recognizer as? PanGestureRecognizer)
    #expect(drag.maximumNumberOfTouches == 1)
    let flick = try #require(
      scene.recognizer(named: "flick")?.recognizer as? SwipeGestureRecognizer)
    #expect(flick.direction == [.left, .right])
    let edge = try #require(
      scene.recognizer(named: "edge")?.recognizer as? ScreenEdgePanGestureRecognizer)
    #expect(edge.edges == .left)
    #expect(scene.recognizers.allSatisfy { $0.recognizer.view === scene.rootView.subviews[0] })
  }

  @Test func simultaneousRecognitionIsAllowedInBothDirectionsForNamedPairsOnly() throws {
    let scene = Scene(try SceneDescription.parse(json: exampleSceneJSON, file: "scene.json"))
    let zoom = try #require(scene.recognizer(named: "zoom")?.recognizer)
    let turn = try #require(scene.recognizer(named: "turn")?.recognizer)
    let drag = try #require(scene.recognizer(named: "drag")?.recognizer)
    let delegate = try #require(zoom.delegate)
    #expect(delegate.gestureRecognizer(zoom, shouldRecognizeSimultaneouslyWith: turn))
    #expect(delegate.gestureRecognizer(turn, shouldRecognizeSimultaneouslyWith: zoom))
    #expect(!delegate.gestureRecognizer(zoom, shouldRecognizeSimultaneouslyWith: drag))
  }

  @Test func commonFlagsAreApplied() throws {
    let scene = Scene(
      try SceneDescription.parse(
        json: sceneWith(
          recognizers: """
            {"name": "p", "type": "pan", "cancelsTouchesInView": false, "delaysTouchesBegan": true,
             "delaysTouchesEnded": false, "enabled": false}
            """), file: "scene.json"))
    let pan = try #require(scene.recognizer(named: "p")?.recognizer)
    #expect(!pan.cancelsTouchesInView && pan.delaysTouchesBegan && !pan.delaysTouchesEnded)
    #expect(!pan.isEnabled)
    #expect(pan.name == "p")
  }

  @Test func childViewsNestUnderTheirParents() throws {
    let scene = Scene(
      try SceneDescription.parse(
        json: """
          {"screen": {"width": 800, "height": 600}, "views": [
            {"name": "a", "frame": [0, 0, 800, 600], "children": [
              {"name": "b", "frame": [100, 50, 200, 200],
               "recognizers": [{"name": "t", "type": "tap"}]}]}]}
          """, file: "scene.json"))
    let b = try #require(scene.recognizer(named: "t")?.view)
    #expect(b.name == "b" && b.superview?.name == "a" && b.superview?.superview === scene.rootView)
    #expect(scene.rootView.hitTest(Point(x: 150, y: 100)) === b)
  }

  @Test func aScreenEdgePanWithoutEdgesIsRejected() {
    #expect(
      sceneError(sceneWith(recognizers: #"{"name": "e", "type": "screen-edge-pan"}"#))
        == "scene.json: views[0].recognizers[0]: missing required key \"edges\" (a screen-edge-pan needs its edges)"
    )
  }
}

@Suite struct GestureReportRenderingTests {
  private func report(_ values: GestureValues, type: RecognizerKind) -> GestureReport {
    GestureReport(
      timeMicroseconds: 1_234_567, recognizer: "r", type: type, view: "v", state: .changed,
      location: Point(x: 10.005, y: -0.001), touches: 2, values: values)
  }

  @Test func jsonLinesHaveFixedKeysAndDecimals() {
    #expect(
      report(
        GestureValues(translation: Point(x: 1.5, y: -2.25), velocity: Point(x: 100.04, y: -0.04)),
        type: .pan
      )
      .jsonLine
        == #"{"time":1.234567,"recognizer":"r","type":"pan","view":"v","state":"changed","location":[10.01,0.00],"touches":2,"translation":[1.50,-2.25],"velocity":[100.0,0.0]}"#
    )
    #expect(
      report(GestureValues(scale: 2.5, scaleVelocity: -0.12345), type: .pinch).jsonLine.hasSuffix(
        #""touches":2,"scale":2.5000,"velocity":-0.1235}"#))
    #expect(
      report(GestureValues(rotation: .pi / 2, rotationVelocity: 1), type: .rotation).jsonLine
        .hasSuffix(
          #""rotation":1.5708,"velocity":1.0000}"#))
    #expect(
      report(GestureValues(direction: .up), type: .swipe).jsonLine.hasSuffix(#""direction":"up"}"#))
    #expect(
      report(GestureValues(taps: 3), type: .tap).jsonLine.hasSuffix(#""touches":2,"taps":3}"#))
    #expect(report(GestureValues(), type: .longPress).jsonLine.hasSuffix(#""touches":2}"#))
  }

  @Test func nonFiniteNumbersBecomeNull() {
    #expect(
      report(GestureValues(scale: .infinity, scaleVelocity: .nan), type: .pinch).jsonLine.hasSuffix(
        #""scale":null,"velocity":null}"#))
  }

  @Test func namesAreEscapedInJSON() {
    var item = report(GestureValues(), type: .longPress)
    item.recognizer = "a\"b\\c\n"
    #expect(item.jsonLine.contains(#""recognizer":"a\"b\\c\n""#))
  }

  @Test func textLinesReadNaturally() {
    #expect(
      report(GestureValues(taps: 1), type: .tap).textLine
        == "1.234567 r (tap) changed in v at (10.01, 0.00), 2 touches, taps 1")
    #expect(
      report(GestureValues(rotation: -0.5, rotationVelocity: 2), type: .rotation).textLine
        .hasSuffix(
          "rotation -0.5000 rad, velocity 2.0000 rad/s"))
  }
}
