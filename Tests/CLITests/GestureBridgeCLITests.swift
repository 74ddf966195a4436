// SPDX-License-Identifier: MIT
import Foundation
import Testing

private func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
}

@Suite struct GestureBridgeCLITests {
  @Test func replayPrintsTheTapOfTheBundledTapRecordingAsJSON() {
    let result = GestureBridgeProcess.run([
      "replay", "--format", "json", "Examples/recordings/tap.yml",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout
        == #"{"time":0.880000,"recognizer":"tap","type":"tap","view":"desktop","state":"recognized","location":[960.00,540.00],"touches":1,"taps":1}"#
        + "\n")
  }

  @Test func replayPrintsReadableTextByDefault() {
    let result = GestureBridgeProcess.run(["replay", "Examples/recordings/double-tap.yml"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "0.730000 double-tap (tap) recognized in desktop at (960.00, 540.00), 1 touch, taps 2\n")
  }

  @Test func replayOutputIsByteIdenticalAcrossRuns() {
    let first = GestureBridgeProcess.run([
      "replay", "--format", "json", "Examples/recordings/pinch.yml",
    ])
    let second = GestureBridgeProcess.run([
      "replay", "--format", "json", "Examples/recordings/pinch.yml",
    ])
    #expect(first.status == 0)
    #expect(lines(first.stdout).count > 10)
    #expect(first.stdout == second.stdout)
  }

  @Test func replayWithASceneFileUsesItsRecognizers() throws {
    let scene = try GestureBridgeProcess.temporaryFile(
      "scene.json",
      """
      {"screen": {"width": 1920, "height": 1080},
       "views": [{"name": "board", "frame": [0, 0, 1920, 1080],
         "recognizers": [{"name": "poke", "type": "tap"}]}]}
      """)
    let result = GestureBridgeProcess.run([
      "replay", "--scene", scene, "Examples/recordings/tap.yml",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("0.580000 poke (tap) recognized in board at (960.00, 540.00)"))
  }

  @Test func aBadSceneFileExitsOneWithAOneLineError() throws {
    let scene = try GestureBridgeProcess.temporaryFile(
      "scene.json",
      """
      {"screen": {"width": 1920, "height": 1080},
       "views": [{"name": "board", "frame": [0, 0, 1920, 1080],
         "recognizers": [{"name": "poke", "type": "tap", "numberOfTapsRequired": 0}]}]}
      """)
    let result = GestureBridgeProcess.run([
      "replay", "--scene", scene, "Examples/recordings/tap.yml",
    ])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: \(scene): views[0].recognizers[0].numberOfTapsRequired: expected an integer >= 1, got 0\n"
    )
  }

  @Test func aMissingRecordingExitsOneNamingTheFile() {
    let result = GestureBridgeProcess.run(["replay", "/nonexistent/none.yml"])
    #expect(result.status == 1)
    #expect(lines(result.stderr).count == 1)
    #expect(result.stderr.hasPrefix("error: /nonexistent/none.yml"))
  }

  @Test func aRecordingThatIsNotYAMLExitsOne() throws {
    let path = try GestureBridgeProcess.temporaryFile("junk.yml", "this is not a recording\n")
    let result = GestureBridgeProcess.run(["replay", path])
    #expect(result.status == 1)
    #expect(lines(result.stderr).count == 1)
    #expect(result.stderr.hasPrefix("error: \(path)"))
  }

  @Test func badUsageExitsTwo() {
    for arguments in [
      ["replay"], ["replay", "--format", "xml", "Examples/recordings/tap.yml"], ["frobnicate"],
      ["scene"], ["scene", "--default", "--check", "x.json"],
      ["replay", "--no-such-flag", "Examples/recordings/tap.yml"],
    ] {
      let result = GestureBridgeProcess.run(arguments)
      #expect(result.status == 2, "gesture-bridge \(arguments.joined(separator: " "))")
      #expect(result.stdout == "")
      #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"))
    }
  }

  @Test func helpExitsZeroAndDescribesTheSubcommands() {
    let result = GestureBridgeProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("replay"))
    #expect(result.stdout.contains("scene"))
    let replayHelp = GestureBridgeProcess.run(["replay", "--help"])
    #expect(replayHelp.status == 0)
    #expect(replayHelp.stdout.contains("--format"))
    #expect(replayHelp.stdout.contains("--scene"))
  }

  @Test func sceneDefaultPrintsTheDefaultSceneWhichChecksOK() throws {
    let printed = GestureBridgeProcess.run(["scene", "--default"])
    #expect(printed.status == 0)
    #expect(printed.stdout.contains(#""name": "three-finger-swipe""#))
    let path = try GestureBridgeProcess.temporaryFile("default.json", printed.stdout)
    let checked = GestureBridgeProcess.run(["scene", "--check", path])
    #expect(checked.status == 0)
    #expect(checked.stdout == "\(path): ok (screen 1920x1080, 1 view(s), 12 recognizer(s))\n")
  }

  @Test func sceneCheckOfABadFileExitsOneWithThePath() throws {
    let path = try GestureBridgeProcess.temporaryFile(
      "bad.json", #"{"screen": {"width": 1920, "height": 1080}, "views": [{"name": "v"}]}"#)
    let result = GestureBridgeProcess.run(["scene", "--check", path])
    #expect(result.status == 1)
    #expect(result.stderr == "error: \(path): views[0]: missing required key \"frame\"\n")
  }
}
