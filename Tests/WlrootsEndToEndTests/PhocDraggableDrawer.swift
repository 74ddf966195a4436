// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// phoc's own gestures against GestureBridge's: a drawer anchored to the left edge, made
/// draggable through phoc's private zphoc_layer_shell_effects_v1 (`PhocDraggableClient`, as
/// Phosh's bars are made), and two system gestures, a left-edge pan and a long press that
/// begins as soon as a finger is down (so any touch the bridge sees shows). `edge-pan.yml`
/// starts at the left edge (2.5 px on the 960x540 output, on the drawer's 60 visible pixels)
/// and moves 200 px right in 400 ms. Used by `PatchedPhocDraggableEndToEndTests` (the patched
/// phoc) and `PreloadedPhocDraggableEndToEndTests` (Debian's phoc with the loader).
enum PhocDraggableDrawer {
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

  /// Starts `compositor` (Debian's phoc with the loader, or the patched phoc) with the two
  /// system gestures (the pan's `ended` and the long press's `began` append
  /// "left ended" / "hold began" to a file) and the draggable rule `draggable` when given
  /// (Debian's phoc: the loader's `PHOC_GESTURE_BRIDGE_DRAGGABLE`; the patched phoc: its
  /// phoc.ini's `[gesture-bridge]` `draggable` key), then the drawer; plays `edge-pan.yml` and returns the drawer's lines and the
  /// commands' lines once the drawer's drag (or touch) has ended, and the compositor's log.
  /// The session goes to `register` (stopped by the test's tearDown).
  static func play(
    _ compositor: PreloadedWlrootsCompositor, draggable: String?, test: XCTestCase,
    register: (PreloadedCompositorSession) -> Void
  ) throws -> (drawer: [String], commands: [String], log: String) {
    let client = try built.get()
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("gb-phoc-drag-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
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
    var extraConfig = ""
    if let draggable {
      if compositor.embedsTheBridge {
        extraConfig = "\n[gesture-bridge]\ndraggable = \(draggable)\n"
      } else {
        setenv("PHOC_GESTURE_BRIDGE_DRAGGABLE", draggable, 1)
      }
    }
    defer { unsetenv("PHOC_GESTURE_BRIDGE_DRAGGABLE") }
    let compositorSession = try PreloadedCompositorSession(
      compositor, systemGestures: config, extraConfig: extraConfig)
    register(compositorSession)
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
}
