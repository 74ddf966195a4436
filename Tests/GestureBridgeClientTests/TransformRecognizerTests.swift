// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// `recognizer(_:on:name:)` makes a recognizer of any kind's class, and refuses a kind newer
/// than the global (the scripted compositor offers version 2; transform came with 3).
final class TransformRecognizerTests: LibraryTestCase {
  func testAKindsClassMakesItsRecognizerNamedAfterTheKind() throws {
    let pan = try client.recognizer(PanRecognizer.self, on: surface)
    XCTAssertEqual(pan.kind, .pan)
    XCTAssertEqual(pan.name, "pan")
    let edge = try client.recognizer(ScreenEdgePanRecognizer.self, on: surface, name: "edge")
    XCTAssertEqual(edge.name, "edge")
    try client.roundtrip()
    XCTAssertEqual(
      app.compositor.requests.compactMap {
        if case .getRecognizer(_, let type) = $0.kind { type } else { nil }
      },
      [GestureKind.pan.rawValue, GestureKind.screenEdgePan.rawValue])
  }

  func testATransformOnAVersion2GlobalIsRefusedWithoutSending() throws {
    XCTAssertEqual(GestureKind.transform.since, 3)
    XCTAssertThrowsError(try client.recognizer(TransformRecognizer.self, on: surface)) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .unsupportedVersion(request: "get_recognizer(transform)", required: 3, bound: 2))
    }
    try client.roundtrip()
    XCTAssertEqual(
      app.compositor.requests.filter {
        if case .getRecognizer = $0.kind { true } else { false }
      }.count, 0)
  }
}
