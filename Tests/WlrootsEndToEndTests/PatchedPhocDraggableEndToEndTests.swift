// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// phoc's own gestures and GestureBridge's, in the patched phoc (`PatchedPhoc`,
/// `Integrations/phoc`'s fourth patch): a drawer anchored to the left edge, made draggable
/// through phoc's private zphoc_layer_shell_effects_v1 (`PhocDraggableClient`, as Phosh's bars
/// are made), and a left-edge system gesture. A drag that starts on the drawer is phoc's: its
/// client gets phoc's drag (`dragged` margins, `drag-end unfolded`) and the system gesture does
/// not run; with `PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge` (the configuration saying otherwise)
/// the same touches reach the bridge. `edge-pan.yml` starts at the left edge (2.5 px on the
/// 960x540 output, on the drawer's 60 visible pixels) and moves 200 px right in 400 ms.
final class PatchedPhocDraggableEndToEndTests: XCTestCase {
  private var running: [PreloadedCompositorSession] = []

  override func tearDown() {
    for session in running { session.stop() }
    running.removeAll()
  }

  private static let built = Result(catching: { try buildClient() })

  /// The draggable client, built with cc from its source and wayland-scanner's code for phoc's
  /// own protocol XML (from the phoc source `PatchedPhoc` fetched).
  private static func buildClient() throws -> String {
    let phoc = try PatchedPhoc.get()
    let root = CompositorSession.sourceRoot.path
    let directory = PreloadedWlrootsCompositor.publicDirectory + "/draggable-client"
    let output = directory + "/gb-phoc-draggable-client"
    let (status, text) = WlrootsKiosk.shell(
      """
      set -e
      mkdir -p '\(directory)' && cd '\(directory)'
      for x in phoc-layer-shell-effects-unstable-v1 wlr-layer-shell-unstable-v1; do
        wayland-scanner client-header '\(phoc.pristineSource)'/protocols/$x.xml $x-client-protocol.h
        wayland-scanner private-code '\(phoc.pristineSource)'/protocols/$x.xml $x-protocol.c
      done
      wayland-scanner private-code \
        "$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml" \
        xdg-shell-protocol.c
      cc -std=c11 -Wall -Wextra -Werror -O2 -I. -o '\(output)' \
        '\(root)/Tests/WlrootsEndToEndTests/PhocDraggableClient/gb-phoc-draggable-client.c' \
        *-protocol.c $(pkg-config --cflags --libs wayland-client)
      """)
    guard status == 0 else { throw E2EFailure("building the draggable client failed:\n\(text)") }
    return output
  }

  /// Starts the patched phoc with two system gestures, a left-edge pan (its `ended` appends
  /// "left ended" to the returned output file) and a long press that begins as soon as a
  /// finger is down ("hold began": the bridge saw the touch), and the draggable drawer, plays `edge-pan.yml`, and returns
  /// the drawer's lines and the commands' lines once the drawer's drag (or touch) has ended.
  private func play(draggable: String?) throws -> (
    drawer: [String], commands: [String], log: String
  ) {
    let client = try Self.built.get()
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-patched-phoc-drag-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("system.json").path
    let output = directory.appendingPathComponent("commands.txt").path
    try """
    {"screen": {"width": 960, "height": 540},
     "views": [{"name": "screen", "frame": [0, 0, 960, 540], "recognizers": [
       {"name": "left", "type": "screen-edge-pan", "edges": ["left"]},
       {"name": "hold", "type": "long-press", "minimumPressDuration": 0,
        "allowableMovement": 10000}]}],
     "bindings": [{"recognizer": "left", "state": "ended",
                   "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"},
                  {"recognizer": "hold", "state": "began",
                   "command": "echo \\"$GESTURE_RECOGNIZER $GESTURE_STATE\\" >> \(output)"}]}
    """.write(toFile: config, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    if let draggable { setenv("PHOC_GESTURE_BRIDGE_DRAGGABLE", draggable, 1) }
    defer { unsetenv("PHOC_GESTURE_BRIDGE_DRAGGABLE") }
    let compositorSession = try PreloadedCompositorSession(.patchedPhoc, systemGestures: config)
    running.append(compositorSession)
    let session = compositorSession.session
    XCTAssertTrue(
      session.log.contains("system gestures: 2 recognizer(s) from \(config)"), session.report)
    let drawer = try session.startClient(client, [], name: "drawer")
    try session.waitFor("the drawer's ready line", timeoutSeconds: 20) {
      drawer.lines.contains("ready")
    }
    try compositorSession.play("edge-pan.yml")
    try session.waitFor("the drawer's touch or drag to end", timeoutSeconds: 30) {
      drawer.lines.contains { $0.hasPrefix("drag-end") || $0 == "touch-up" || $0 == "touch-cancel" }
    }
    usleep(500_000)  // a command or a second line would show
    let commands = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
    return (drawer.lines, commands, compositorSession.log)
  }

  /// The rule: the drag is phoc's, the system gestures never see its touch.
  func testADragThatStartsOnPhocsDraggableSurfaceIsPhocs() throws {
    let (drawer, commands, log) = try play(draggable: nil)
    XCTAssertEqual(commands, [], "no system gesture sees the touch: \(drawer)\n\(log)")
    XCTAssertTrue(drawer.contains { $0.hasPrefix("dragged ") }, "phoc dragged it: \(drawer)")
    XCTAssertTrue(drawer.contains("drag-end unfolded"), "and unfolded it: \(drawer)")
  }

  /// The configuration saying otherwise: the same touches reach the bridge (the long press
  /// begins at once); phoc's drag still starts a few pixels in and cancels them on the seat,
  /// so the slower left-edge pan never ends, and the drawer is dragged open as before.
  func testWithTheDraggableSurfacesBridgedTheSystemGesturesSeeTheTouches() throws {
    let (drawer, commands, log) = try play(draggable: "bridge")
    XCTAssertEqual(commands, ["hold began"], "\(drawer)\n\(log)")
    XCTAssertTrue(drawer.contains("drag-end unfolded"), "\(drawer)")
  }
}
