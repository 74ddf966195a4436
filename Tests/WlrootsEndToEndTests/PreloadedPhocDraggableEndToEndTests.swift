// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// phoc's own gestures and GestureBridge's in Debian's phoc, unmodified, with the loader
/// (`PreloadedCompositorSession`), with the draggable drawer and the left-edge system gestures
/// of `PhocDraggableDrawer`: the rule of the patched phoc (`PatchedPhocDraggableEndToEndTests`)
/// holds with the loader too. The loader learns that the drawer is draggable when phoc makes its
/// zphoc_draggable_layer_surface_v1 (`wlr_layer_surface_v1_from_resource`, then
/// `wl_resource_create`, both interposed; docs/system-gestures.md) and leaves a sequence whose
/// first down phoc gives to it to phoc.
final class PreloadedPhocDraggableEndToEndTests: XCTestCase {
  private var running: [PreloadedCompositorSession] = []

  override func tearDown() {
    for session in running { session.stop() }
    running.removeAll()
  }

  private func play(draggable: String?) throws -> (
    drawer: [String], commands: [String], log: String
  ) {
    try PhocDraggableDrawer.play(.phoc, draggable: draggable, test: self) { running.append($0) }
  }

  /// The rule: the drag is phoc's, the system gestures never see its touch; the loader says
  /// it saw the draggable surface and left the sequence to phoc.
  func testADragThatStartsOnPhocsDraggableSurfaceIsPhocs() throws {
    let (drawer, commands, log) = try play(draggable: nil)
    XCTAssertEqual(commands, [], "no system gesture sees the touch: \(drawer)\n\(log)")
    XCTAssertTrue(drawer.contains { $0.hasPrefix("dragged ") }, "phoc dragged it: \(drawer)")
    XCTAssertTrue(drawer.contains("drag-end unfolded"), "and unfolded it: \(drawer)")
    XCTAssertTrue(
      log.contains(
        "gesture-bridge-wlroots: a draggable layer surface: touch sequences that start on it "
          + "are the compositor's"), log)
    XCTAssertTrue(
      log.contains(
        "gesture-bridge-wlroots: a touch sequence on a draggable layer surface: left to the "
          + "compositor"), log)
    XCTAssertFalse(log.contains("the compositor took the touches"), log)
  }

  /// `PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge` in phoc's environment: the touches reach the bridge
  /// (the long press begins at once) until phoc's drag starts 16 px in and cancels the
  /// drawer's touch (`wlr_seat_touch_notify_cancel`), which cancels the bridge's touches
  /// through the adapter's grab (the long press, which only a cancel ends before the up, is
  /// cancelled), so the left-edge pan never ends; the drawer opens as before.
  func testWithTheDraggableSurfacesBridgedTheSystemGesturesSeeTheTouchesUntilPhocsDrag() throws {
    let (drawer, commands, log) = try play(draggable: "bridge")
    XCTAssertEqual(commands, ["hold began"], "\(drawer)\n\(log)")
    XCTAssertTrue(drawer.contains("drag-end unfolded"), "\(drawer)")
    let states = log.split(separator: "\n").filter {
      $0.hasPrefix("gesture-bridge-wlroots: system gesture ")
    }
    XCTAssertEqual(
      states,
      [
        "gesture-bridge-wlroots: system gesture hold began",
        "gesture-bridge-wlroots: system gesture hold cancelled",
      ], log)
    XCTAssertFalse(log.contains("a touch sequence on a draggable layer surface"), log)
  }
}
