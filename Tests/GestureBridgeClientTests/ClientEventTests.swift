// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// Events from the compositor become typed gestures; its errors become Swift errors.
final class ClientEventTests: XCTestCase {
  private var app: TestClient!

  override func tearDown() {
    app?.close()
    app = nil
  }

  func testScriptedPanEventsBecomeOneGestureDeliveredToBothHandlers() throws {
    app = try .app()
    let client = try GestureBridgeClient(display: app.display)
    let pan = try client.recognizer(
      PanRecognizer.self, on: try app.makeSurfaceProxy(), name: "drag")
    var fromClient: [Gesture] = []
    var fromRecognizer: [Gesture] = []
    client.onGesture = { fromClient.append($0) }
    pan.onGesture = { fromRecognizer.append($0) }
    app.compositor.script([
      .location(x: 100.5, y: 40.25), .touches(2), .translation(dx: 12.5, dy: -3),
      .velocity(vx: 250, vy: -60.5), .frame(state: 1, utime: 0x1_0000_0010),
    ])

    try pan.commit()
    try client.roundtrip()

    let expected = Gesture(
      recognizerName: "drag", kind: .pan, state: .began,
      location: SurfacePoint(x: 100.5, y: 40.25), touches: 2,
      timestampMicroseconds: 0x1_0000_0010,
      values: GestureValues(
        translation: SurfaceVector(dx: 12.5, dy: -3),
        velocityPerSecond: SurfaceVector(dx: 250, dy: -60.5)))
    XCTAssertEqual(fromClient, [expected])
    XCTAssertEqual(fromRecognizer, [expected])
  }

  func testPinchRotationSwipeAndTapValuesArriveTyped() throws {
    app = try .app()
    let client = try GestureBridgeClient(display: app.display)
    let surface = try app.makeSurfaceProxy()
    var gestures: [Gesture] = []
    client.onGesture = { gestures.append($0) }
    let pinch = try client.recognizer(PinchRecognizer.self, on: surface)
    let rotation = try client.recognizer(RotationRecognizer.self, on: surface)
    let swipe = try client.recognizer(SwipeRecognizer.self, on: surface)
    let tap = try client.recognizer(TapRecognizer.self, on: surface)

    app.compositor.script([
      .location(x: 1, y: 2), .touches(2), .scale(1.5, velocity: -0.25),
      .frame(state: 2, utime: 10),
    ])
    try pinch.commit()
    try client.roundtrip()
    app.compositor.script([
      .location(x: 1, y: 2), .touches(2), .rotation(0.5, velocity: 1.25),
      .frame(state: 3, utime: 20),
    ])
    try rotation.commit()
    try client.roundtrip()
    app.compositor.script([
      .location(x: 1, y: 2), .touches(0), .direction(8), .frame(state: 6, utime: 30),
    ])
    try swipe.commit()
    try client.roundtrip()
    app.compositor.script([
      .location(x: 1, y: 2), .touches(0), .taps(2), .frame(state: 6, utime: 40),
    ])
    try tap.commit()
    try client.roundtrip()

    XCTAssertEqual(
      gestures.map(\.values),
      [
        GestureValues(scale: 1.5, scalePerSecond: -0.25),
        GestureValues(rotationRadians: 0.5, radiansPerSecond: 1.25),
        GestureValues(direction: .down),
        GestureValues(taps: 2),
      ])
    XCTAssertEqual(gestures.map(\.state), [.changed, .ended, .recognized, .recognized])
    XCTAssertEqual(gestures.map(\.kind), [.pinch, .rotation, .swipe, .tap])
  }

  func testProtocolErrorSurfacesWithInterfaceObjectCodeAndMessage() throws {
    app = try .app()
    let client = try GestureBridgeClient(display: app.display)
    let tap = try client.recognizer(TapRecognizer.self, on: try app.makeSurfaceProxy())
    app.compositor.script(
      [], thenError: (code: 1, message: "set_number_of_taps_required: 0 is below 1"))

    try tap.commit()

    XCTAssertThrowsError(try client.roundtrip()) { error in
      guard case .protocolError(let protocolError) = error as? GestureBridgeError else {
        return XCTFail("expected a protocol error, got \(error)")
      }
      XCTAssertEqual(protocolError.interfaceName, "gesture_bridge_recognizer_v1")
      XCTAssertEqual(protocolError.objectID, tap.objectID)
      XCTAssertEqual(protocolError.code, 1)
      XCTAssertEqual(protocolError.codeName, "invalid_value")
      XCTAssertEqual(protocolError.message, "set_number_of_taps_required: 0 is below 1")
    }
    XCTAssertNotNil(client.connectionError)
    XCTAssertThrowsError(try client.recognizer(TapRecognizer.self, on: try app.makeSurfaceProxy()))
  }

  func testMissingGlobalGivesTheClearError() throws {
    app = try .app(of: .none)

    XCTAssertThrowsError(try GestureBridgeClient(display: app.display)) { error in
      XCTAssertEqual(error as? GestureBridgeError, .managerNotAdvertised)
      XCTAssertEqual(
        "\(error)", "compositor does not support gesture_bridge_manager_v1")
    }
  }

  func testCompositorGoingAwayIsAConnectionErrorNotAHang() throws {
    app = try .app()
    let client = try GestureBridgeClient(display: app.display)
    XCTAssertTrue(app.compositor.close(timeoutSeconds: 5))

    XCTAssertThrowsError(try client.roundtrip(timeoutMilliseconds: 2_000)) { error in
      guard case .connectionLost = error as? GestureBridgeError else {
        return XCTFail("expected connectionLost, got \(error)")
      }
    }
  }
}
