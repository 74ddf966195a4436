// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// The bridge's timers, held touches and serials inside phoc and sway through the loader: a
/// long press begins on the compositor's own event loop at the in-core replay's time, touches a
/// recognizer delays (delaysTouchesBegan) are held back from the client and dropped when the
/// pinch is recognized, and a drag starts on the serial of a delivered down.
extension PreloadedCompositorEndToEndTests {
  private func assertALongPressBeginsAsTheInCoreReplaySays(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    let (compositorSession, client, expected) = try playToOneClient(
      compositor, "long-press.yml",
      recognizers: #"{"name": "long-press", "type": "long-press"}"#,
      arguments: ["--recognizer", "long-press"])
    XCTAssertEqual(expected.first?["state"] as? String, "began")
    WlrootsKioskEndToEndTests.assertMatches(
      client.gestures, expected, report: compositorSession.session.report)
  }

  func testPhocALongPressBeginsAsTheInCoreReplaySays() throws {
    try assertALongPressBeginsAsTheInCoreReplaySays(.phoc)
  }

  func testSwayALongPressBeginsAsTheInCoreReplaySays() throws {
    try assertALongPressBeginsAsTheInCoreReplaySays(.sway)
  }

  private func assertDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    let (compositorSession, client, expected) = try playToOneClient(
      compositor, "pinch.yml", recognizers: #"{"name": "pinch", "type": "pinch"}"#,
      arguments: ["--recognizer", "pinch", "--delays-touches-began", "true"])
    WlrootsKioskEndToEndTests.assertMatches(
      client.gestures, expected, report: compositorSession.session.report)
    // Held back from the first down, then dropped by the recognition: nothing at all.
    XCTAssertEqual(client.events.filter { $0.hasPrefix("touch-") }, [], client.text)
  }

  func testPhocDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient() throws {
    try assertDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient(.phoc)
  }

  func testSwayDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient() throws {
    try assertDelaysTouchesBeganKeepsThePinchsTouchesFromTheClient(.sway)
  }
}

extension PreloadedCompositorEndToEndTests {
  /// A client starting a touch drag-and-drop with the serial of the wl_touch.down the bridge
  /// delivered: phoc and sway accept it only on the seat's touch grab serial
  /// (`wlr_seat_validate_touch_grab_serial`), so the drag happening (its drop on the window)
  /// shows the serial is one wlroots accepts; the drag's grab cancels the client's touch. On a
  /// sway that never drops a touch drag (1.9 and later, `dropsTouchDrags`) the drag entering
  /// the window shows it.
  private func assertATouchDragStartsOnTheSerialOfTheDeliveredDown(
    _ compositor: PreloadedWlrootsCompositor
  ) throws {
    let compositorSession = try PreloadedCompositorSession(compositor)
    defer { compositorSession.stop() }
    let client = try compositorSession.startDemoClient(
      ["--recognizer", "tap", "--drag-on-touch-down"], name: "client")
    try compositorSession.play("tap.yml")
    let drops = compositor.dropsTouchDrags
    try compositorSession.session.waitFor(
      drops ? "the drop" : "the drag entering the window", timeoutSeconds: 20
    ) {
      client.events.contains(drops ? "drag-source-drop-performed" : "drag-enter")
    }
    XCTAssertTrue(client.events.contains("drag-started"), client.text)
    if drops { XCTAssertTrue(client.events.contains("drag-drop"), client.text) }
    XCTAssertTrue(client.events.contains("touch-cancel"), client.text)
    XCTAssertFalse(client.events.contains("touch-up"), client.text)
    XCTAssertEqual(client.gestures.count, 0, client.text)
  }

  func testPhocATouchDragStartsOnTheSerialOfTheDeliveredDown() throws {
    try assertATouchDragStartsOnTheSerialOfTheDeliveredDown(.phoc)
  }

  func testSwayATouchDragStartsOnTheSerialOfTheDeliveredDown() throws {
    try assertATouchDragStartsOnTheSerialOfTheDeliveredDown(.sway)
  }
}
