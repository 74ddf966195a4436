// SPDX-License-Identifier: MIT
import GestureCore
import GestureReplay
import GestureScene
import Testing

/// Whole hands on the glass (issue 40): the bundled hand recordings (4, 5 and 10 fingers
/// landing within 150 ms, resting, sliding, spreading and turning a little as real hands do)
/// and the palm begin no pinch, rotation or swipe in the default scene, where pinch and
/// rotation are two-finger gestures; a two-finger pinch that a third finger joins late ends as
/// a pinch.
@Suite struct HandRecordingTests {
  private static let hands = ["hand-rest", "hand-drag", "two-hands"]

  private func path(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Examples/recordings/\(name).yml").path
  }

  /// The default scene with pinch and rotation measuring every finger (the rule before issue
  /// 40: no maximum).
  private func sceneWithoutMaximum() throws -> SceneDescription {
    var scene = SceneDescription.standard
    for index in scene.views[0].recognizers.indices
    where [.pinch, .rotation].contains(scene.views[0].recognizers[index].type) {
      scene.views[0].recognizers[index].parameters.maximumNumberOfTouches = Int.max
    }
    return scene
  }

  @Test(arguments: hands + ["palm"])
  func aHandBeginsNoPinchRotationOrSwipeInTheDefaultScene(name: String) {
    let outcome = replay(path(name))
    #expect(outcome.error == nil)
    let gestures = ["pinch", "rotation", "swipe", "three-finger-swipe"]
    #expect(
      outcome.reports.filter { gestures.contains($0.recognizer) }.isEmpty, "\(outcome.jsonLines)")
  }

  /// The recordings are hands that the rule before issue 40 took for gestures: with pinch and
  /// rotation measuring every finger, the resting hand turns the content and the two hands
  /// zoom and turn it.
  @Test func withoutAMaximumTheHandsBeginRotationsAndAPinch() throws {
    let scene = try sceneWithoutMaximum()
    #expect(replay(path("hand-rest"), scene: scene).names.first == "rotation")
    let twoHands = replay(path("two-hands"), scene: scene)
    #expect(twoHands.reports.contains { $0.recognizer == "pinch" && $0.state == .began })
    #expect(twoHands.reports.contains { $0.recognizer == "rotation" && $0.state == .began })
  }

  @Test func aPinchThatAThirdFingerJoinsLateEndsAsATwoFingerPinch() throws {
    let outcome = replay(path("pinch-late-finger"))
    #expect(outcome.error == nil)
    #expect(Set(outcome.names) == ["pinch"])
    #expect(outcome.reports.first?.state == .began)
    #expect(outcome.reports.last?.state == .ended)
    #expect(outcome.reports.allSatisfy { $0.touches == 2 })
    let scale = try #require(outcome.reports.last?.values.scale)
    #expect(abs(scale - 2.5) < 0.01, "the spread went from 200 to 500 px")
    let plain = replay(path("pinch"))
    #expect(outcome.jsonLines == plain.jsonLines, "the late finger changes nothing")
  }
}
