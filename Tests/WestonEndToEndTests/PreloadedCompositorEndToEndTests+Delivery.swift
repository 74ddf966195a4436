// SPDX-License-Identifier: MIT
import Foundation
import XCTest

/// The bridge's timers and held touches inside phoc and sway through the loader: a long press
/// begins on the compositor's own event loop at the in-core replay's time, and touches a
/// recognizer delays (delaysTouchesBegan) are held back from the client and dropped when the
/// pinch is recognized.
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
