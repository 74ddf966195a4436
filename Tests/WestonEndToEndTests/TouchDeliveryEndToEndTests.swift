// SPDX-License-Identifier: MIT
import Foundation
import GestureBridgeTesting
import XCTest

/// Delivery regulation seen by the real demo client's wl_touch under real weston: the
/// touches come from the module's touch scripts; the demo client runs with --print-touches.
///
/// Layout: two 1024x640 outputs side by side (`extra-outputs=1`), kiosk-shell places the
/// client with app id "left" on output "headless" (x 0) and "right" on "gesture-bridge-1"
/// (x 1024); each 400x300 window is centred on its output, so screen (512, 320) is
/// surface-local (200, 150) on the left window and (1536, 320) the same on the right one.
final class TouchDeliveryEndToEndTests: XCTestCase {
  private var session: CompositorSession?

  override func tearDown() {
    session?.stop()
    session = nil
  }

  func testARecognizedPanWithCancelsTouchesInViewCancelsTheClientsTouchAndWithoutItDoesNot()
    throws
  {
    let session = try Self.startTwoOutputs()
    self.session = session
    let cancelling = try session.startDemoClient(
      Self.window("left") + ["--recognizer", "pan", "--print-touches"], name: "cancelling")
    let keeping = try session.startDemoClient(
      Self.window("right")
        + ["--recognizer", "pan", "--print-touches", "--cancels-touches-in-view", "false"],
      name: "keeping")

    try session.play(Self.drag(id: 0, x: 512))
    try session.play(Self.drag(id: 1, x: 1536))
    try session.waitFor("both pans to end", timeoutSeconds: 20) {
      cancelling.gestures.contains { $0["state"] as? String == "ended" }
        && keeping.gestures.contains { $0["state"] as? String == "ended" }
    }
    try cancelling.sync(in: session)
    try keeping.sync(in: session)

    let cancelled = touchEvents(cancelling)
    XCTAssertEqual(cancelled.first?.event, "touch-down", session.report)
    XCTAssertEqual(cancelled.first?.location ?? [], [200, 150])
    XCTAssertEqual(cancelled.map(\.event).last, "touch-cancel", session.report)
    XCTAssertFalse(cancelled.contains { $0.event == "touch-up" }, session.report)
    XCTAssertEqual(
      cancelling.gestures.compactMap { $0["state"] as? String }.first, "began", session.report)

    let kept = touchEvents(keeping)
    XCTAssertEqual(kept.first?.event, "touch-down", session.report)
    XCTAssertEqual(kept.last?.event, "touch-up", session.report)
    XCTAssertFalse(kept.contains { $0.event == "touch-cancel" }, session.report)
    XCTAssertEqual(kept.filter { $0.event == "touch-motion" }.last?.location ?? [], [260, 150])
  }

  func testWithDelaysTouchesBeganTheDownArrivesOnlyWhenTheRecognizerFailsThenTheRest() throws {
    let session = try Self.startTwoOutputs()
    self.session = session
    let delayed = try session.startDemoClient(
      Self.window("left")
        + [
          "--recognizer", "pan", "--print-touches", "--print-failed",
          "--delays-touches-began", "true",
        ], name: "delayed")
    let immediate = try session.startDemoClient(
      Self.window("right") + ["--recognizer", "pan", "--print-touches", "--print-failed"],
      name: "immediate")

    // A finger rests (moving 2 px, under the pan's threshold): the pan stays possible.
    try session.play("0 down 0 512 320\n40 motion 0 514 320\n")
    try delayed.sync(in: session)
    XCTAssertEqual(touchEvents(delayed).count, 0, "no touch event while possible: \(delayed.text)")
    // It lifts without panning: the pan fails, then the withheld down, then the rest.
    try session.play("0 motion 0 516 320\n40 up 0\n")
    try session.waitFor("the pan to fail", timeoutSeconds: 20) {
      delayed.gestures.contains { $0["state"] as? String == "failed" }
    }
    try delayed.sync(in: session)
    // The pan fails (nothing left to decide it) before its touch's events are released; then
    // the down where the finger landed, one motion to where it is, the up.
    XCTAssertEqual(
      objectKinds(delayed), ["failed", "touch-down", "touch-motion", "touch-up"], delayed.text)
    let events = touchEvents(delayed)
    XCTAssertEqual(events.first?.location ?? [], [200, 150])
    XCTAssertEqual(events.dropFirst().first?.location ?? [], [204, 150])

    // Control: without delaysTouchesBegan the resting finger's down arrives at once.
    try session.play("0 down 1 1536 320\n40 motion 1 1538 320\n")
    try immediate.sync(in: session)
    XCTAssertEqual(touchEvents(immediate).first?.event, "touch-down", immediate.text)
    try session.play("0 up 1\n")
  }

  func testADelayedTouchReleasedInTheFrameThatMovesItGetsThatMotionOnce() throws {
    let session = try Self.startTwoOutputs()
    self.session = session
    let delayed = try session.startDemoClient(
      Self.window("left")
        + [
          "--recognizer", "tap", "--print-touches", "--print-failed",
          "--delays-touches-began", "true",
        ], name: "delayed")

    // 2 px: within the tap's slop, the tap stays possible and holds the down.
    try session.play("0 down 0 512 320\n40 motion 0 514 320\n")
    try delayed.sync(in: session)
    XCTAssertEqual(touchEvents(delayed).count, 0, "no touch event while possible: \(delayed.text)")
    // 48 px from the landing point: the tap fails in this motion's frame, which releases the
    // down and carries the client to the new point once (not a released motion and the
    // frame's own, same point and time).
    try session.play("0 motion 0 560 320\n40 motion 0 570 320\n80 up 0\n")
    try session.waitFor("the touch to lift", timeoutSeconds: 20) {
      touchEvents(delayed).contains { $0.event == "touch-up" }
    }
    try delayed.sync(in: session)
    XCTAssertEqual(
      objectKinds(delayed),
      ["failed", "touch-down", "touch-motion", "touch-motion", "touch-up"], delayed.text)
    XCTAssertEqual(
      touchEvents(delayed).map { $0.location ?? [] },
      [[200, 150], [248, 150], [258, 150], []], delayed.text)
  }

  // MARK: - Helpers

  /// The client's touch events and gestures in the order it printed them: the event name
  /// ("touch-down", ...) or the gesture's state ("failed", ...).
  func objectKinds(_ client: ClientProcess) -> [String] {
    client.objects.compactMap { object in
      if let event = object["event"] as? String, event.hasPrefix("touch-") { return event }
      return object["recognizer"] != nil ? object["state"] as? String : nil
    }
  }

  struct TouchEvent {
    var event: String
    var location: [Double]?
  }

  /// The client's wl_touch events in order.
  func touchEvents(_ client: ClientProcess) -> [TouchEvent] {
    client.objects.compactMap { object in
      guard let event = object["event"] as? String, event.hasPrefix("touch-") else { return nil }
      let location = (object["location"] as? [Any])?.compactMap {
        ($0 as? NSNumber)?.doubleValue
      }
      return TouchEvent(event: event, location: location)
    }
  }

  /// weston with two 1024x640 outputs and kiosk-shell's app ids "left" and "right".
  static func startTwoOutputs() throws -> CompositorSession {
    let session = try CompositorSession()
    do {
      try session.startWeston(
        gestureBridgeKeys: ["extra-outputs=1"],
        moreSections: """
          [output]
          name=headless
          app-ids=left

          [output]
          name=gesture-bridge-1
          app-ids=right
          """)
    } catch {
      session.stop()
      throw error
    }
    return session
  }

  /// Demo client arguments for a 400x300 window on the output of `appID`.
  static func window(_ appID: String) -> [String] {
    ["--app-id", appID, "--width", "400", "--height", "300"]
  }

  /// A one-finger drag of 60 px to the right from (x, 320), then a lift.
  static func drag(id: Int, x: Int) -> String {
    (0...6).map { "\($0 * 20) \($0 == 0 ? "down" : "motion") \(id) \(x + $0 * 10) 320" }
      .joined(separator: "\n") + "\n140 up \(id)\n"
  }
}
