// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// phoc's own gestures and GestureBridge's, in the patched phoc (`PatchedPhoc`,
/// `Integrations/phoc`'s fifth patch), with the draggable drawer and the left-edge system
/// gestures of `PhocDraggableDrawer`. A drag that starts on the drawer is phoc's: its client
/// gets phoc's drag (`dragged` margins, `drag-end unfolded`) and the system gestures do not
/// run; with `PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge` (the configuration saying otherwise) the
/// same touches reach the bridge.
final class PatchedPhocDraggableEndToEndTests: XCTestCase {
  private var running: [PreloadedCompositorSession] = []

  override func tearDown() {
    for session in running { session.stop() }
    running.removeAll()
  }

  private func play(draggable: String?) throws -> (
    drawer: [String], commands: [String], log: String
  ) {
    try PhocDraggableDrawer.play(.patchedPhoc, draggable: draggable, test: self) {
      running.append($0)
    }
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
