// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// A phone's panel (1920 x 1080 in its own orientation) held so that its picture is turned:
/// `run --rotation` maps the raw touches into the person's screen, so the edge swipes and
/// swipe directions bound in the config are the person's (lisgd's `-o`).
@Suite(.serialized, .enabled(if: DaemonSession.umockdevInstalled, "needs the umockdev package"))
struct DaemonRotationTests {
  /// A screen of `width` x `height` with the four edge pans and a four-way swipe, each bound
  /// to a command appending its name (and the swipe's direction) to `$OUT/gestures`.
  private func config(width: Int, height: Int) -> String {
    let edges = ["left", "right", "top", "bottom"]
    let recognizers =
      edges.map {
        "{\"name\": \"edge-\($0)\", \"type\": \"screen-edge-pan\", \"edges\": [\"\($0)\"]}"
      } + [
        "{\"name\": \"swipe\", \"type\": \"swipe\", \"direction\": [\"left\", \"right\", \"up\", \"down\"]}"
      ]
    let bindings =
      edges.map { binding("edge-\($0)", "began", "echo edge-\($0) >> \"$OUT/gestures\"") } + [
        binding("swipe", "recognized", "echo \"swipe $GESTURE_DIRECTION\" >> \"$OUT/gestures\"")
      ]
    return """
      {"screen": {"width": \(width), "height": \(height)},
       "views": [{"name": "screen", "frame": [0, 0, \(width), \(height)], "recognizers": [
         \(recognizers.joined(separator: ",\n   "))]}],
       "bindings": [\(bindings.joined(separator: ",\n"))]}
      """
  }

  /// What the daemon ran for edge-pan.yml (a finger from the panel's left edge moving right)
  /// and swipe-right.yml, with the picture turned `degrees`.
  private func gestures(rotation degrees: Int, width: Int, height: Int) throws -> [String] {
    let session = try DaemonSession(
      config: config(width: width, height: height), arguments: ["--rotation", "\(degrees)"])
    defer { session.close() }
    try session.play("edge-pan.yml")
    try session.play("swipe-right.yml")
    #expect(session.waitUntil { session.lines("gestures").count == 2 }, "\(session.log)")
    #expect(session.waitUntil { session.daemonChildren.isEmpty }, "commands never reaped")
    return session.lines("gestures")
  }

  @Test func unturnedThePanelsLeftEdgeIsTheLeftEdge() throws {
    #expect(try gestures(rotation: 0, width: 1920, height: 1080) == ["edge-left", "swipe right"])
  }

  /// Turned 90 degrees clockwise (sway's `transform 90`, lisgd's `-o 1`), the panel's left
  /// edge is the bottom of the person's portrait screen and moving right on the panel is
  /// moving up for them.
  @Test func turned90DegreesThePanelsLeftEdgeIsThePersonsBottomEdge() throws {
    #expect(try gestures(rotation: 90, width: 1080, height: 1920) == ["edge-bottom", "swipe up"])
  }

  @Test func turned270DegreesThePanelsLeftEdgeIsThePersonsTopEdge() throws {
    #expect(try gestures(rotation: 270, width: 1080, height: 1920) == ["edge-top", "swipe down"])
  }

  @Test func upsideDownThePanelsLeftEdgeIsThePersonsRightEdge() throws {
    #expect(try gestures(rotation: 180, width: 1920, height: 1080) == ["edge-right", "swipe left"])
  }

  @Test func aRotationThatIsNotAQuarterTurnIsRefused() {
    let result = GestureBridgeProcess.run([
      "run", "--config", "/nonexistent.json", "--rotation", "45",
    ])
    #expect(result.status != 0)
    #expect(
      result.stderr.contains("--rotation must be 0, 90, 180 or 270, not 45"), "\(result.stderr)")
  }
}
