// SPDX-License-Identifier: MIT
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// Each kind's value events, sent by the scripted manager, arrive as one struct gbc_gesture
/// per frame: the client's callback first, then the recognizer's, values of one group only.
final class EventAssemblyTests: ScriptedTestCase {
  /// Commits a new recognizer of `kind` that the compositor answers with `events`; returns
  /// what its callback got.
  private func gestures(
    _ kind: gbc_kind, for events: [RecognizerEvent], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (OpaquePointer, [RecordedGesture]) {
    let recognizer = try scripted.recognizer(kind, on: surface)
    let before = scripted.log.gestures.count
    scripted.compositor.script(events)
    XCTAssertEqual(
      gbc_recognizer_commit(recognizer), GBC_STATUS_OK.rawValue, file: file, line: line)
    scripted.roundtrip(file: file, line: line)
    return (recognizer, Array(scripted.log.gestures[before...]))
  }

  func testPanValuesArriveAsOneGestureToTheClientThenTheRecognizer() throws {
    let (pan, received) = try gestures(
      GBC_KIND_PAN,
      for: [
        .location(x: 100.5, y: 40.25), .touches(2), .translation(dx: 12.5, dy: -3),
        .velocity(vx: 250, vy: -60.5), .frame(state: 1, utime: 0x1_0000_0010),
        // The next group carries no velocity: nothing of the first group leaks into it.
        .location(x: 7, y: 8), .touches(1), .frame(state: 5, utime: 0x1_0000_0020),
      ])
    XCTAssertEqual(received.count, 2)
    let began = try XCTUnwrap(received.first)
    XCTAssertEqual(began.recognizer, pan)
    XCTAssertEqual(began.userData, scripted.log.pointer)
    XCTAssertEqual(began.kind, GBC_KIND_PAN.rawValue)
    XCTAssertEqual(began.stateName, "began")
    XCTAssertEqual(began.timeMicroseconds, 0x1_0000_0010)
    XCTAssertEqual(began.valueNames, ["location", "touches", "translation", "velocity"])
    XCTAssertEqual(began.location, [100.5, 40.25])
    XCTAssertEqual(began.touches, 2)
    XCTAssertEqual(began.translation, [12.5, -3])
    XCTAssertEqual(began.velocity, [250, -60.5])
    let failed = try XCTUnwrap(received.last)
    XCTAssertEqual(failed.stateName, "failed")
    XCTAssertEqual(failed.valueNames, ["location", "touches"])
    XCTAssertEqual(failed.translation, [0, 0])
    XCTAssertEqual(failed.velocity, [0, 0])
    XCTAssertEqual(
      scripted.log.deliveries.map(\.callback), ["client", "recognizer", "client", "recognizer"])
    XCTAssertEqual(scripted.log.deliveries[0].gesture, began)
  }

  func testEveryKindGetsItsOwnValues() throws {
    let (_, pinch) = try gestures(
      GBC_KIND_PINCH,
      for: [
        .location(x: 1, y: 2), .touches(2), .scale(1.5, velocity: -0.25),
        .frame(state: 2, utime: 10),
      ])
    XCTAssertEqual(pinch.map(\.valueNames), [["location", "touches", "scale"]])
    XCTAssertEqual(pinch.first?.scale, [1.5, -0.25])
    XCTAssertEqual(pinch.first?.stateName, "changed")

    let (_, rotation) = try gestures(
      GBC_KIND_ROTATION,
      for: [
        .location(x: 1, y: 2), .touches(2), .rotation(0.5, velocity: 1.25),
        .frame(state: 3, utime: 20),
      ])
    XCTAssertEqual(rotation.first?.rotation, [0.5, 1.25])
    XCTAssertEqual(rotation.first?.stateName, "ended")

    let (_, swipe) = try gestures(
      GBC_KIND_SWIPE,
      for: [.location(x: 1, y: 2), .touches(0), .direction(8), .frame(state: 6, utime: 30)])
    XCTAssertEqual(swipe.first?.direction, GBC_DIRECTION_DOWN.rawValue)
    XCTAssertEqual(swipe.first?.valueNames, ["location", "touches", "direction"])

    let (_, tap) = try gestures(
      GBC_KIND_TAP,
      for: [.location(x: 3.5, y: 4), .touches(1), .taps(2), .frame(state: 6, utime: 40)])
    XCTAssertEqual(tap.first?.taps, 2)
    XCTAssertEqual(tap.first?.location, [3.5, 4])
    XCTAssertEqual(tap.first?.stateName, "recognized")

    let (_, press) = try gestures(
      GBC_KIND_LONG_PRESS,
      for: [.location(x: 9, y: 9), .touches(1), .frame(state: 4, utime: 50)])
    XCTAssertEqual(press.first?.valueNames, ["location", "touches"])
    XCTAssertEqual(press.first?.stateName, "cancelled")

    let (_, edge) = try gestures(
      GBC_KIND_SCREEN_EDGE_PAN,
      for: [
        .location(x: 0, y: 9), .touches(1), .translation(dx: 30, dy: 0), .velocity(vx: 400, vy: 0),
        .frame(state: 1, utime: 60),
      ])
    XCTAssertEqual(edge.first?.kind, GBC_KIND_SCREEN_EDGE_PAN.rawValue)
    XCTAssertEqual(edge.first?.translation, [30, 0])
    XCTAssertEqual(edge.first?.timeMicroseconds, 60)
  }

  func testAFrameWithAStateTheProtocolDoesNotHaveIsDropped() throws {
    let (_, received) = try gestures(
      GBC_KIND_TAP,
      for: [
        .location(x: 1, y: 1), .touches(1), .frame(state: 99, utime: 1),
        .location(x: 2, y: 2), .touches(1), .frame(state: 5, utime: 2),
      ])
    XCTAssertEqual(received.map(\.stateName), ["failed"])
    XCTAssertEqual(received.first?.location, [2, 2])
  }

  func testTheClientCallbackMayDestroyTheRecognizerAndTheClient() throws {
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    scripted.log.onClientGesture = { gesture in gbc_recognizer_destroy(gesture.recognizer) }
    scripted.compositor.script([
      .location(x: 1, y: 1), .touches(1), .frame(state: 5, utime: 1),
    ])
    XCTAssertEqual(gbc_recognizer_commit(tap), GBC_STATUS_OK.rawValue)
    scripted.roundtrip()
    XCTAssertEqual(
      scripted.log.deliveries.map(\.callback), ["client"], "destroyed: no recognizer callback")

    let client = try XCTUnwrap(scripted.client)
    let pan = try scripted.recognizer(GBC_KIND_PAN, on: surface)
    scripted.log.deliveries.removeAll()
    scripted.log.onClientGesture = { _ in gbc_client_destroy(client) }
    scripted.compositor.script([
      .location(x: 1, y: 1), .touches(1), .frame(state: 5, utime: 1),
      .location(x: 1, y: 1), .touches(1), .frame(state: 5, utime: 2),
    ])
    XCTAssertEqual(gbc_recognizer_commit(pan), GBC_STATUS_OK.rawValue)
    // The destruction completes when the roundtrip returns; nothing is called after it.
    XCTAssertGreaterThanOrEqual(gbc_client_roundtrip(client, 30_000), 0)
    XCTAssertEqual(scripted.log.deliveries.map(\.callback), ["client"])
    scripted.forgetClient()
  }
}
