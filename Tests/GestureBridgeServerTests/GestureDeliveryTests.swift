import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeServer
import GestureBridgeTesting
import GestureCore
import XCTest

/// Gestures evaluated on the bridge reach the owning client only, in surface-local values,
/// with touch delivery regulated through the host.
final class GestureDeliveryTests: BridgeTestCase {
  func testTapReachesOnlyTheOwningClientInSurfaceLocalCoordinates() throws {
    let alice = try TestClient(compositor: compositor)
    let bob = try TestClient(compositor: compositor)
    let aliceSurface = try alice.makeSurface()
    let bobSurface = try bob.makeSurface()
    compositor.host.place(aliceSurface.server, at: Rect(x: 100, y: 200, width: 300, height: 300))
    compositor.host.place(bobSurface.server, at: Rect(x: 500, y: 200, width: 300, height: 300))
    let (aliceTap, aliceEvents) = alice.makeRecognizer(
      on: aliceSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    let (bobTap, bobEvents) = bob.makeRecognizer(
      on: bobSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_commit(aliceTap)
    gesture_bridge_recognizer_v1_commit(bobTap)
    try alice.roundtrip()
    try bob.roundtrip()

    compositor.down(7, 110, 220)
    compositor.up(7)
    try alice.roundtrip()
    try bob.roundtrip()

    XCTAssertEqual(
      Array(aliceEvents.events.dropLast()), [.location(x: 10, y: 20), .touches(1), .taps(1)])
    XCTAssertEqual(aliceEvents.frameStates, [recognized])
    XCTAssertEqual(bobEvents.events, [], "another client's surface hears nothing of the tap")
    // The down went out at once; the up, withheld by delays_touches_ended, was dropped when
    // the recognition cancelled the client's touches (cancels_touches).
    let log = compositor.host.log
    XCTAssertEqual(
      log,
      [
        .down(
          touch: 7, surface: aliceSurface.server, local: Point(x: 10, y: 20),
          time: log.first.downTime),
        .frame(surface: aliceSurface.server), .cancel(surface: aliceSurface.server),
      ])
    // The cancel carries the time of the input that made the tap recognize (its up).
    guard case .frame(_, let recognizedAt)? = aliceEvents.events.last else { return XCTFail() }
    XCTAssertEqual(compositor.host.cancelTimes, [Int64(recognizedAt)])
  }

  func testLongPressBeginsFromTheEventLoopTimerAtTheMomentTheDurationElapsed() throws {
    let (client, events, downTime) = try pressDown()
    XCTAssertTrue(
      try client.pump(timeoutSeconds: 2) { !events.frameStates.isEmpty }, "no began frame")
    XCTAssertEqual(events.frameStates, [began])
    guard case .frame(_, let microseconds) = events.events.last else { return XCTFail() }
    XCTAssertEqual(Int64(microseconds), downTime + 200_000)
    XCTAssertEqual(events.events.first, .location(x: 50, y: 60))
    compositor.up(1)
    try client.roundtrip()
    XCTAssertEqual(events.frameStates, [began, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED.rawValue])
  }

  /// A host forwarding libinput forwards libinput's missing TOUCH_FRAMEs: the bridge closes
  /// such a frame itself, with its own time, when the event loop goes idle, or before a later
  /// touch call.
  func testAFrameTheHostLeavesOpenIsClosedWhenTheLoopIdlesOrByALaterTouch() throws {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 500, height: 500))
    let (pan, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_commit(pan)
    try client.roundtrip()

    let start = compositor.now
    compositor.server.touchDown(id: 1, timeMicroseconds: start, at: Point(x: 100, y: 100))
    compositor.server.touchFrame()
    // No gb_bridge_touch_frame after this motion.
    compositor.server.touchMotion(
      id: 1, timeMicroseconds: start + 10_000, at: Point(x: 200, y: 100))
    compositor.pump()  // the loop goes idle: the open frame is closed
    XCTAssertTrue(
      try client.pump(timeoutSeconds: 2) { !events.frameStates.isEmpty }, "no began frame")
    XCTAssertEqual(events.frameStates, [began])
    guard case .frame(_, let beganTime) = events.events.last else { return XCTFail() }
    XCTAssertEqual(Int64(beganTime), start + 10_000, "closed with the motion's time")

    // Rule 1: a later touch call closes the open frame first, before any idle.
    compositor.server.touchMotion(
      id: 1, timeMicroseconds: start + 20_000, at: Point(x: 260, y: 100))
    compositor.server.touchMotion(
      id: 1, timeMicroseconds: start + 30_000, at: Point(x: 300, y: 100))
    compositor.server.touchUp(id: 1, timeMicroseconds: start + 30_000)
    compositor.server.touchFrame()
    try client.roundtrip()
    let changedTimes = events.events.compactMap { event -> Int64? in
      guard case .frame(_, let time) = event else { return nil }
      return Int64(time)
    }
    XCTAssertEqual(
      changedTimes, [start + 10_000, start + 20_000, start + 30_000, start + 30_000],
      "began, changed at 20 ms (its own frame), changed and ended at 30 ms")
  }

  func testTouchOutsideTheRegionIsNotSeenAndInsideIs() throws {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 400, height: 400))
    let region = wl_compositor_create_region(client.wlCompositor)
    wl_region_add(region, 0, 0, 100, 100)
    let (tap, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_set_region(tap, region)
    wl_region_destroy(region)
    gesture_bridge_recognizer_v1_commit(tap)
    try client.roundtrip()

    compositor.down(1, 200, 200)
    compositor.up(1)
    try client.roundtrip()
    XCTAssertEqual(events.events, [], "a touch outside the region is not seen")
    compositor.down(2, 50, 50)
    compositor.up(2)
    try client.roundtrip()
    XCTAssertEqual(events.frameStates, [recognized])
  }

  func testClientDisconnectingMidGestureLeavesTheServerServingOthers() throws {
    let leaving = try TestClient(compositor: compositor)
    let staying = try TestClient(compositor: compositor)
    let leavingSurface = try leaving.makeSurface()
    let stayingSurface = try staying.makeSurface()
    compositor.host.place(leavingSurface.server, at: Rect(x: 0, y: 0, width: 400, height: 400))
    compositor.host.place(stayingSurface.server, at: Rect(x: 500, y: 0, width: 400, height: 400))
    let (pan, panEvents) = leaving.makeRecognizer(
      on: leavingSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_set_delays_touches_began(pan, 1)
    gesture_bridge_recognizer_v1_commit(pan)
    let (tap, tapEvents) = staying.makeRecognizer(
      on: stayingSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_commit(tap)
    try leaving.roundtrip()
    try staying.roundtrip()

    compositor.down(1, 100, 100)
    compositor.move(1, 140, 100)
    try leaving.roundtrip()
    XCTAssertEqual(panEvents.frameStates, [began])
    leaving.disconnect()
    try staying.run(seconds: 0.05)
    compositor.move(1, 180, 100)
    compositor.up(1)

    compositor.down(2, 600, 100)
    compositor.up(2)
    try staying.roundtrip()
    XCTAssertEqual(tapEvents.frameStates, [recognized])
    XCTAssertEqual(tapEvents.events.first, .location(x: 100, y: 100))
  }

  func testSequenceSpanningTwoClientsCancelsTheirGestures() throws {
    let alice = try TestClient(compositor: compositor)
    let bob = try TestClient(compositor: compositor)
    let aliceSurface = try alice.makeSurface()
    let bobSurface = try bob.makeSurface()
    compositor.host.place(aliceSurface.server, at: Rect(x: 0, y: 0, width: 400, height: 400))
    compositor.host.place(bobSurface.server, at: Rect(x: 500, y: 0, width: 400, height: 400))
    let (alicePan, aliceEvents) = alice.makeRecognizer(
      on: aliceSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    let (bobPan, bobEvents) = bob.makeRecognizer(
      on: bobSurface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN)
    gesture_bridge_recognizer_v1_commit(alicePan)
    gesture_bridge_recognizer_v1_commit(bobPan)
    try alice.roundtrip()
    try bob.roundtrip()

    compositor.down(1, 100, 100)
    compositor.move(1, 150, 100)
    compositor.down(2, 600, 100)
    compositor.move(2, 650, 100)
    compositor.up(1)
    compositor.up(2)
    try alice.roundtrip()
    try bob.roundtrip()
    XCTAssertEqual(aliceEvents.frameStates, [began, cancelled])
    XCTAssertEqual(bobEvents.events, [], "the second client's recognizers sit the sequence out")

    // The next sequence on one client alone is recognized again.
    compositor.down(3, 600, 100)
    compositor.move(3, 650, 100)
    compositor.up(3)
    try bob.roundtrip()
    XCTAssertEqual(bobEvents.frameStates.first, began)
  }

  func testDelayedBeganIsHeldThenDeliveredWithItsOriginalTimeWhenTheRecognizerFails() throws {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 400, height: 400))
    let (swipe, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE)
    gesture_bridge_recognizer_v1_set_delays_touches_began(swipe, 1)
    gesture_bridge_recognizer_v1_commit(swipe)
    try client.roundtrip()

    let downTime = compositor.now
    compositor.server.touchDown(id: 4, timeMicroseconds: downTime, at: Point(x: 10, y: 10))
    compositor.server.touchFrame()
    XCTAssertEqual(compositor.host.log, [.hold(touch: 4, kind: .down)])
    compositor.up(4)  // lifting before any swipe: the swipe fails and releases the touch
    try client.roundtrip()
    XCTAssertEqual(events.frameStates, [failed])
    XCTAssertEqual(
      compositor.host.log,
      [
        .hold(touch: 4, kind: .down),
        .down(touch: 4, surface: surface.server, local: Point(x: 10, y: 10), time: downTime),
        .up(touch: 4, surface: surface.server), .frame(surface: surface.server),
      ])
  }

  // MARK: - Timers never overtake input stamped before their deadline (`EventLoopClock`):
  // the outcome follows the timestamps, as in virtual time, whichever the loop handles first.

  /// A 200 ms long press whose finger went down at the returned time.
  private func pressDown() throws -> (TestClient, RecognizerEventLog, Int64) {
    let client = try TestClient(compositor: compositor)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 500, height: 500))
    let (press, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS)
    gesture_bridge_recognizer_v1_set_minimum_press_duration(press, 200_000)
    gesture_bridge_recognizer_v1_commit(press)
    try client.roundtrip()
    let downTime = compositor.now
    compositor.server.touchDown(id: 1, timeMicroseconds: downTime, at: Point(x: 50, y: 60))
    compositor.server.touchFrame()
    return (client, events, downTime)
  }

  func testAFrameStampedBeforeTheDeadlineHandledAfterTheTimerFiredStillComesFirst() throws {
    let (client, events, downTime) = try pressDown()
    // The deadline passes and the loop dispatches the timer before the late frame (stamped
    // 76 us before the deadline, moving the finger far beyond the allowable movement).
    while compositor.now < downTime + 201_000 { usleep(200) }
    compositor.pump()
    compositor.server.touchMotion(
      id: 1, timeMicroseconds: downTime + 199_924, at: Point(x: 250, y: 60))
    compositor.server.touchFrame()
    try client.roundtrip()
    // In virtual time the finger moved away before 200 ms: the long press fails, never begins.
    XCTAssertEqual(events.frameStates, [failed])
  }

  func testAFrameStampedAfterTheDeadlineAppliesTheTimerBeforeItself() throws {
    let (client, events, downTime) = try pressDown()
    // The deadline passes but the loop has not dispatched the timer when a frame stamped
    // after it arrives (moving the finger): the long press begins at the deadline, where the
    // finger was, then the frame changes it.
    while compositor.now < downTime + 201_000 { usleep(200) }
    compositor.server.touchMotion(
      id: 1, timeMicroseconds: downTime + 200_500, at: Point(x: 52, y: 60))
    compositor.server.touchFrame()
    XCTAssertTrue(try client.pump(timeoutSeconds: 2) { events.frameStates.count >= 2 })
    XCTAssertEqual(Array(events.frameStates.prefix(2)), [began, changed])
    let times = events.events.compactMap { event -> UInt64? in
      if case .frame(_, let microseconds) = event { return microseconds } else { return nil }
    }
    XCTAssertEqual(times.first, UInt64(downTime + 200_000))
    XCTAssertEqual(events.events.first, .location(x: 50, y: 60))
  }
}

extension Optional where Wrapped == RecordingHost.Entry {
  /// The time of a logged down, for comparing entries whose time the test does not fix.
  fileprivate var downTime: Int64 {
    if case .down(_, _, _, let time)? = self { return time }
    return -1
  }
}
