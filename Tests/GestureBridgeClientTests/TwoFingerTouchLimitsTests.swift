// SPDX-License-Identifier: MIT
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// Pinch's and rotation's finger counts (protocol version 4): sent from version 4 on, refused
/// without sending before it unless they are the defaults (2 and 2), which the compositor of
/// every version uses.
final class TwoFingerTouchLimitsTests: LibraryTestCase {
  /// The requests the compositor received for `recognizer` after a roundtrip.
  private func requests(of recognizer: CompositorGestureRecognizer) throws
    -> [RecordedRequest.Kind]
  {
    try client.roundtrip()
    return app.compositor.requests.filter { $0.recognizer == recognizer.objectID }.map(\.kind)
  }

  /// Replaces the scripted compositor (version 2) with one offering `version`.
  private func reconnect(offering version: UInt32) throws {
    client = nil
    app.close()
    app = try .app(of: .scripted(version: version))
    client = try GestureBridgeClient(display: app.display)
    surface = try app.makeSurfaceProxy()
    XCTAssertEqual(client.version, version)
  }

  func testOnAVersion2GlobalTheDefaultsSendNothingAndOtherCountsAreRefused() throws {
    let pinch = try client.pinchRecognizer(on: surface)
    let rotation = try client.rotationRecognizer(on: surface)
    try pinch.commit()
    XCTAssertEqual(try requests(of: pinch), [.commit])
    pinch.maximumNumberOfTouches = nil
    XCTAssertThrowsError(try pinch.commit()) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .unsupportedVersion(
          request: "set_maximum_number_of_touches(pinch)", required: 4, bound: 2))
    }
    rotation.minimumNumberOfTouches = 3
    XCTAssertThrowsError(try rotation.commit()) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .unsupportedVersion(
          request: "set_minimum_number_of_touches(rotation)", required: 4, bound: 2))
    }
    XCTAssertEqual(try requests(of: pinch), [.commit], "nothing more was sent")
    XCTAssertEqual(try requests(of: rotation), [])
  }

  func testOnAVersion4GlobalCountsAreSentAndADefaultMaximumFollowsTheMinimum() throws {
    try reconnect(offering: 4)
    let pinch = try client.pinchRecognizer(on: surface)
    try pinch.commit()
    XCTAssertEqual(try requests(of: pinch), [.commit], "the defaults are the compositor's")
    pinch.minimumNumberOfTouches = 4
    try pinch.commit()
    let rotation = try client.rotationRecognizer(on: surface)
    rotation.maximumNumberOfTouches = nil
    try rotation.commit()
    XCTAssertEqual(
      try requests(of: pinch),
      [
        .commit, .setMinimumNumberOfTouches(touches: 4), .setMaximumNumberOfTouches(touches: 4),
        .commit,
      ])
    XCTAssertEqual(try requests(of: rotation), [.setMaximumNumberOfTouches(touches: 0), .commit])
  }

  func testAMaximumSetBelowTheMinimumIsRefusedWithoutSending() throws {
    try reconnect(offering: 4)
    let rotation = try client.rotationRecognizer(on: surface)
    rotation.minimumNumberOfTouches = 4
    rotation.maximumNumberOfTouches = 3
    XCTAssertThrowsError(try rotation.commit()) {
      XCTAssertEqual(
        $0 as? GestureBridgeError,
        .invalidValue(
          recognizer: "rotation", parameter: "maximumNumberOfTouches", value: "3",
          requirement: "must be at least minimumNumberOfTouches (4)"))
    }
    XCTAssertEqual(try requests(of: rotation), [])
  }
}
