// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// System gestures on a turned output in Debian's sway 1.7 with the loader: the 960x540 output
/// turned 90 degrees (`output HEADLESS-1 transform 90`, a 540x960 portrait screen) with the
/// touchscreen mapped to it (`input type:touch map_to_output HEADLESS-1`, which makes wlroots'
/// `wlr_cursor` turn the touches with the output). The loader takes its layout points from
/// `wlr_cursor` and the screen from the output layout, so the edges a config names are the
/// person's edges of the turned picture. `edge-pan.yml` starts at the panel's left edge and
/// moves right on the panel: sway's `transform 90` turns the picture 90 degrees clockwise, so
/// the panel's left edge is the bottom of the person's portrait screen and moving right on the
/// panel is moving up (as `gesture-bridge run --rotation 90` and lisgd's `-o 1` have it,
/// `Tests/CLITests/DaemonRotationTests.swift`).
final class PreloadedRotationEndToEndTests: XCTestCase {
  private var running: [PreloadedCompositorSession] = []

  override func tearDown() {
    for session in running { session.stop() }
    running.removeAll()
  }

  private static let turned = """
    output HEADLESS-1 transform 90
    input type:touch map_to_output HEADLESS-1

    """

  /// A config in a new directory readable by sway's user; `body(output)` is its JSON, whose
  /// commands append to `output`.
  private func config(_ body: (String) -> String) throws -> (config: String, output: String) {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-preloaded-turned-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    chmod(directory.path, 0o755)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("system.json").path
    let output = directory.appendingPathComponent("commands.txt").path
    try body(output).write(toFile: config, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    chmod(output, 0o666)
    chmod(config, 0o644)
    return (config, output)
  }

  /// Plays `edge-pan.yml` into sway with the turned output and `config`; returns the first
  /// line a command wrote, after waiting a little for a second one (there must be none).
  private func firstCommand(_ config: String, _ output: String) throws -> [String] {
    let compositorSession = try PreloadedCompositorSession(
      .sway, systemGestures: config, extraConfig: Self.turned)
    running.append(compositorSession)
    try compositorSession.play("edge-pan.yml")
    return try compositorSession.session.commandLines(in: output, count: 1)
  }

  /// Four screen-edge pans on a view covering both orientations (960 x 960: the edges are
  /// measured against the compositor's screen, 540 x 960 here): the bottom one begins (not
  /// the left one, which an unturned output gives: `PreloadedCompositorEndToEndTests`).
  func testSwayTurnedTheScreenEdgePansAreThePersonsEdges() throws {
    let (config, output) = try config { output in
      let edges = ["left", "right", "top", "bottom"]
      let recognizers = edges.map {
        #"{"name": "\#($0)", "type": "screen-edge-pan", "edges": ["\#($0)"]}"#
      }
      let bindings = edges.map {
        #"{"recognizer": "\#($0)", "state": "began", "command": "echo edge-\#($0) >> \#(output)"}"#
      }
      return """
        {"screen": {"width": 960, "height": 960},
         "views": [{"name": "screen", "frame": [0, 0, 960, 960], "recognizers": [
           \(recognizers.joined(separator: ",\n"))]}],
         "bindings": [\(bindings.joined(separator: ",\n"))]}
        """
    }
    XCTAssertEqual(try firstCommand(config, output), ["edge-bottom"])
  }

  /// lisgd bindings measure against the turned screen too: the stroke up from the bottom edge
  /// (not the panel's left-to-right one) runs.
  func testSwayTurnedLisgdBindingsAreThePersonsStrokes() throws {
    let (config, output) = try config { output in
      """
      {"screen": {"width": 540, "height": 960}, "views": [], "bindings": [],
       "lisgd": ["-g", "1,LR,L,*,R,echo left-right >> \(output)",
                 "-g", "1,DU,B,*,R,echo bottom-up >> \(output)",
                 "-g", "1,UD,T,*,R,echo top-down >> \(output)",
                 "-g", "1,RL,R,*,R,echo right-left >> \(output)"]}
      """
    }
    XCTAssertEqual(try firstCommand(config, output), ["bottom-up"])
  }
}
