// SPDX-License-Identifier: MIT
import GestureCore
import GestureReplay
import GestureScene
import Testing

/// The scene-format documentation's example scene (tap requires double-tap to fail).
private let exampleScene = """
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

@Suite struct ReplayBehaviourTests {
  @Test func aDoubleTapGivesOneDoubleTapAndNoTapWhenTapWaitsForIt() throws {
    let path = try RecordingFixture.doubleTap.write(named: "double-tap.yml")
    let scene = try SceneDescription.parse(json: exampleScene, file: "example.json")
    let outcome = replay(path, scene: scene)
    #expect(outcome.error == nil)
    #expect(outcome.names == ["double-tap"])
    #expect(outcome.reports.first?.state == .recognized)
    #expect(outcome.reports.first?.values == GestureValues(taps: 2))
  }

  @Test func withoutTheFailureRequirementTheTapComesFirstThenTheDoubleTap() throws {
    let path = try RecordingFixture.doubleTap.write(named: "double-tap.yml")
    let json = exampleScene.replacingOccurrences(
      of: #", "requiresFailureOf": ["double-tap"]"#, with: "")
    let scene = try SceneDescription.parse(json: json, file: "example.json")
    let outcome = replay(path, scene: scene)
    #expect(outcome.error == nil)
    #expect(outcome.names.first == "tap")
    #expect(outcome.names.filter { $0 == "double-tap" }.count == 1)
    #expect(outcome.names.firstIndex(of: "tap")! < outcome.names.firstIndex(of: "double-tap")!)
  }

  @Test func aSingleTapIsReportedAfterTheDoubleTapIntervalRunsOut() throws {
    var fixture = RecordingFixture()
    fixture.frame(0, [])
    fixture.tap(at: 500_000, x: 400, y: 300, id: 1)
    let outcome = replay(try fixture.write(named: "tap.yml"))
    #expect(outcome.error == nil)
    #expect(outcome.names == ["tap"])
    let report = try #require(outcome.reports.first)
    // Lifted at 0.58 s; the double-tap waits 300 ms for a second tap, then fails.
    #expect(report.timeMicroseconds == 880_000)
    #expect(report.location.x == 400 && report.location.y == 300)
  }

  /// A four-finger drag whose fingers land far apart: the one-finger swipe that failed when
  /// the second finger landed stays failed for the rest of that sequence, so a later finger's
  /// flick while the others rest is no `swipe`; a flick after every finger lifted is one.
  @Test func aSwipeThatFailedOnAnExtraFingerStaysFailedForTheSequence() throws {
    typealias F = RecordingFixture
    var fixture = RecordingFixture()
    fixture.frame(0, F.down(slot: 0, id: 1, x: 500, y: 500))
    fixture.frame(30_000, F.down(slot: 1, id: 2, x: 700, y: 500))
    fixture.frame(200_000, F.down(slot: 2, id: 3, x: 1500, y: 300))
    for step in 1...10 {
      fixture.frame(200_000 + UInt64(step) * 10_000, F.move(slot: 2, x: 1500, y: 300 + step * 30))
    }
    fixture.frame(311_000, F.down(slot: 3, id: 4, x: 900, y: 500))
    fixture.frame(600_000, F.lift(slot: 0) + F.lift(slot: 1) + F.lift(slot: 2) + F.lift(slot: 3))
    // A new sequence: the same flick alone.
    fixture.frame(1_000_000, F.down(slot: 0, id: 5, x: 1500, y: 300))
    for step in 1...10 {
      fixture.frame(
        1_000_000 + UInt64(step) * 10_000, F.move(slot: 0, x: 1500, y: 300 + step * 30))
    }
    fixture.frame(1_110_000, F.lift(slot: 0))
    let outcome = replay(try fixture.write(named: "swipe-after-extra-finger.yml"))
    #expect(outcome.error == nil)
    let swipes = outcome.reports.filter { $0.recognizer == "swipe" }
    #expect(swipes.count == 1, "one swipe, for the second sequence: \(outcome.names)")
    #expect((swipes.first?.timeMicroseconds ?? 0) >= 1_000_000)
  }

  @Test func identicalInputGivesByteIdenticalOutput() throws {
    let path = try RecordingFixture.doubleTap.write(named: "double-tap.yml")
    let first = replay(path)
    let second = replay(path)
    #expect(!first.reports.isEmpty)
    #expect(first.jsonLines == second.jsonLines)
  }

  // MARK: Hostile recordings

  @Test func aKeyboardOnlyRecordingIsAnErrorNamingTheDeviceAndWhy() throws {
    var fixture = RecordingFixture()
    fixture.devices = [.keyboard]
    fixture.frame(0, [(1, 30, 1)])
    fixture.frame(50_000, [(1, 30, 0)])
    let path = try fixture.write(named: "keyboard.yml")
    let outcome = replay(path)
    #expect(outcome.reports.isEmpty)
    #expect(
      outcome.error
        == "\(path): no touchscreen in the recording: device 0 \"Test Keyboard\" is not a touchscreen: keyboard"
    )
  }

  @Test func aKeyboardBesideATouchscreenIsIgnoredWithAWarning() throws {
    var fixture = RecordingFixture()
    fixture.devices = [.keyboard, .touchscreen]
    fixture.frames = [[], []]
    fixture.frame(0, device: 0, [(1, 30, 1)])
    fixture.frame(500_000, device: 1, RecordingFixture.down(slot: 0, id: 1, x: 100, y: 100))
    fixture.frame(560_000, device: 1, RecordingFixture.lift(slot: 0))
    let path = try fixture.write(named: "mixed.yml")
    let outcome = replay(path)
    #expect(outcome.error == nil)
    #expect(outcome.names == ["tap"])
    #expect(
      outcome.warnings.contains(
        "\(path): ignoring device 0 \"Test Keyboard\" is not a touchscreen: keyboard"))
  }

  @Test func aRecordingWithoutDevicesIsAnError() throws {
    var fixture = RecordingFixture()
    fixture.devices = []
    let path = try fixture.write(named: "empty.yml")
    let outcome = replay(path)
    #expect(outcome.error?.hasPrefix(path + ":") == true)
    #expect(outcome.error?.contains("\n") == false)
  }

  @Test func aWrongVersionIsAnErrorNamingTheFile() throws {
    var fixture = RecordingFixture.doubleTap
    fixture.version = 2
    let path = try fixture.write(named: "v2.yml")
    let outcome = replay(path)
    #expect(outcome.reports.isEmpty)
    #expect(outcome.error?.hasPrefix(path + ":") == true)
    #expect(outcome.error?.contains("version") == true)
  }

  @Test func aTruncatedFileIsAOneLineErrorNamingTheFile() throws {
    let text = RecordingFixture.doubleTap.text
    let cut = String(text.prefix(text.count - 30))
    let path = try RecordingFixture.write(cut, named: "truncated.yml")
    let outcome = replay(path)
    let error = try #require(outcome.error)
    #expect(error.hasPrefix(path + ":"))
    #expect(!error.contains("\n"))
  }

  @Test func aMissingFileIsAnErrorNamingIt() {
    let outcome = replay("/nonexistent/recording.yml")
    #expect(outcome.error?.hasPrefix("/nonexistent/recording.yml") == true)
  }

  @Test func aReleaseNeverSentCancelsTheTouchAndWarns() throws {
    var fixture = RecordingFixture()
    fixture.frame(0, [])
    fixture.frame(100_000, RecordingFixture.down(slot: 0, id: 1, x: 800, y: 600))
    fixture.frame(900_000, RecordingFixture.move(slot: 0, x: 801, y: 600))
    let path = try fixture.write(named: "stuck.yml")
    let outcome = replay(path)
    #expect(outcome.error == nil)
    #expect(outcome.names == ["long-press", "long-press", "long-press"])
    #expect(outcome.reports.map(\.state) == [.began, .changed, .cancelled])
    #expect(outcome.warnings.contains { $0.contains("sent TOUCH_CANCEL") })
  }

  @Test func aTrackingIDOnABusySlotIsAWarningNotACrash() throws {
    var fixture = RecordingFixture()
    fixture.frame(0, [])
    fixture.frame(100_000, RecordingFixture.down(slot: 0, id: 1, x: 800, y: 600))
    fixture.frame(150_000, RecordingFixture.down(slot: 0, id: 2, x: 800, y: 600))
    fixture.frame(180_000, RecordingFixture.lift(slot: 0))
    let path = try fixture.write(named: "busy.yml")
    let outcome = replay(path)
    #expect(outcome.error == nil)
    #expect(outcome.warnings.contains { $0.hasPrefix(path + ": kernel bug") })
    #expect(outcome.names == ["tap"])
  }
}
