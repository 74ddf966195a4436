// SPDX-License-Identifier: MIT
import XCTest

@testable import GestureBridgeClient

/// Gestures print with the schema and number formats of `gesture-bridge replay --format json`.
final class JSONLineTests: XCTestCase {
  private func gesture(
    _ kind: GestureKind, _ state: GestureState, _ values: GestureValues,
    name: String? = nil
  ) -> Gesture {
    Gesture(
      recognizerName: name ?? kind.jsonName, kind: kind, state: state,
      location: SurfacePoint(x: 960, y: 540.125), touches: 1,
      timestampMicroseconds: 12_000_412, values: values)
  }

  func testTapLineHasTheReplayKeysInOrder() {
    XCTAssertEqual(
      JSONLine.gesture(gesture(.tap, .recognized, GestureValues(taps: 2), name: "double-tap")),
      "{\"time\":12.000412,\"recognizer\":\"double-tap\",\"type\":\"tap\",\"view\":\"surface\","
        + "\"state\":\"recognized\",\"location\":[960.00,540.13],\"touches\":1,\"taps\":2}")
  }

  func testPanLineRoundsTranslationToTwoAndVelocityToOneDecimal() {
    let line = JSONLine.gesture(
      gesture(
        .pan, .changed,
        GestureValues(
          translation: SurfaceVector(dx: -0.001, dy: 3.14159),
          velocityPerSecond: SurfaceVector(dx: 250.25, dy: -0.04))))
    XCTAssertTrue(
      line.hasSuffix(
        "\"type\":\"pan\",\"view\":\"surface\",\"state\":\"changed\","
          + "\"location\":[960.00,540.13],\"touches\":1,"
          + "\"translation\":[0.00,3.14],\"velocity\":[250.3,0.0]}"), line)
  }

  func testPinchRotationSwipeAndLongPressFields() {
    XCTAssertTrue(
      JSONLine.gesture(gesture(.pinch, .began, GestureValues(scale: 1.23456, scalePerSecond: -0.5)))
        .hasSuffix(",\"scale\":1.2346,\"velocity\":-0.5000}"))
    XCTAssertTrue(
      JSONLine.gesture(
        gesture(.rotation, .ended, GestureValues(rotationRadians: 0.785398, radiansPerSecond: 2))
      )
      .hasSuffix(",\"rotation\":0.7854,\"velocity\":2.0000}"))
    XCTAssertTrue(
      JSONLine.gesture(gesture(.swipe, .recognized, GestureValues(direction: .left)))
        .hasSuffix(",\"touches\":1,\"direction\":\"left\"}"))
    XCTAssertTrue(
      JSONLine.gesture(gesture(.longPress, .cancelled, .none))
        .hasSuffix(
          "\"type\":\"long-press\",\"view\":\"surface\",\"state\":\"cancelled\","
            + "\"location\":[960.00,540.13],\"touches\":1}"))
    XCTAssertTrue(
      JSONLine.gesture(gesture(.screenEdgePan, .began, .none))
        .contains("\"type\":\"screen-edge-pan\""))
  }

  func testTouchLines() {
    XCTAssertEqual(
      JSONLine.touch(
        "touch-down", timeMilliseconds: 1500, id: 3, location: SurfacePoint(x: 1, y: 2.5)),
      "{\"event\":\"touch-down\",\"time\":1.500000,\"id\":3,\"location\":[1.00,2.50]}")
    XCTAssertEqual(JSONLine.touch("touch-cancel"), "{\"event\":\"touch-cancel\"}")
  }

  func testRecognizerNamesAreEscaped() {
    XCTAssertTrue(
      JSONLine.gesture(gesture(.tap, .recognized, GestureValues(taps: 1), name: "a\"b\\c\n"))
        .contains("\"recognizer\":\"a\\\"b\\\\c\\n\""))
  }
}
