// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeClient

/// Typed properties, relations and region become the right protocol requests.
final class ClientRequestTests: LibraryTestCase {
  /// The requests the compositor received for `recognizer` after a roundtrip.
  private func requests(of recognizer: CompositorGestureRecognizer) throws
    -> [RecordedRequest.Kind]
  {
    try client.roundtrip()
    return app.compositor.requests.filter { $0.recognizer == recognizer.objectID }.map(\.kind)
  }

  func testTapParametersAreSentAtCommit() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface, name: "double-tap")
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 3
    XCTAssertEqual(try requests(of: tap), [], "nothing is sent before commit")

    try tap.commit()

    XCTAssertEqual(
      try requests(of: tap),
      [.setNumberOfTapsRequired(taps: 2), .setNumberOfTouchesRequired(touches: 3), .commit])
    XCTAssertEqual(
      app.compositor.requests.filter { $0.recognizer == 0 }.map(\.kind),
      [.getRecognizer(surface: wl_proxy_get_id(surface), type: 1)])
  }

  func testLongPressDurationInSecondsIsSentInMicrosecondsAndMovementAsFixed() throws {
    let press = try client.recognizer(LongPressRecognizer.self, on: surface)
    press.numberOfTapsRequired = 1
    press.numberOfTouchesRequired = 2
    press.minimumPressDuration = 0.75
    press.allowableMovement = 12.5

    try press.commit()

    XCTAssertEqual(
      try requests(of: press),
      [
        .setNumberOfTapsRequired(taps: 1), .setNumberOfTouchesRequired(touches: 2),
        .setMinimumPressDuration(durationUsec: 750_000), .setAllowableMovement(distance: 3200),
        .commit,
      ])
  }

  func testLongPressDurationLeftOutIsTheCompositorsAndAnExplicitOneIsSent() throws {
    let press = try client.recognizer(LongPressRecognizer.self, on: surface)
    try press.commit()
    press.minimumPressDuration = 0.5

    try press.commit()

    XCTAssertEqual(
      try requests(of: press),
      [.commit, .setMinimumPressDuration(durationUsec: 500_000), .commit],
      "nil keeps the compositor's default; the client holds no copy of it")
  }

  func testPanTouchLimitsAndScreenEdgesAreSent() throws {
    let pan = try client.recognizer(PanRecognizer.self, on: surface)
    pan.minimumNumberOfTouches = 2
    pan.maximumNumberOfTouches = 3
    let edgePan = try client.recognizer(ScreenEdgePanRecognizer.self, on: surface)
    edgePan.edges = [.left, .right]

    try pan.commit()
    try edgePan.commit()

    XCTAssertEqual(
      try requests(of: pan),
      [.setMinimumNumberOfTouches(touches: 2), .setMaximumNumberOfTouches(touches: 3), .commit])
    XCTAssertEqual(try requests(of: edgePan), [.setEdges(edges: 10), .commit])
  }

  func testRemovingThePanMaximumSendsZeroForNoLimit() throws {
    let pan = try client.recognizer(PanRecognizer.self, on: surface)
    pan.maximumNumberOfTouches = 2
    try pan.commit()
    pan.maximumNumberOfTouches = nil

    try pan.commit()

    XCTAssertEqual(
      try requests(of: pan),
      [
        .setMaximumNumberOfTouches(touches: 2), .commit, .setMaximumNumberOfTouches(touches: 0),
        .commit,
      ])
  }

  func testSwipeDirectionsAreSentAsTheProtocolBitfield() throws {
    let swipe = try client.recognizer(SwipeRecognizer.self, on: surface)
    swipe.direction = [.left, .up]
    swipe.numberOfTouchesRequired = 2

    try swipe.commit()

    XCTAssertEqual(
      try requests(of: swipe),
      [.setDirection(direction: 6), .setNumberOfTouchesRequired(touches: 2), .commit])
  }

  func testDeliveryPropertiesAndEnabledAreSent() throws {
    let pinch = try client.recognizer(PinchRecognizer.self, on: surface)
    pinch.cancelsTouchesInView = false
    pinch.delaysTouchesBegan = true
    pinch.delaysTouchesEnded = false
    pinch.isEnabled = false

    try pinch.commit()

    XCTAssertEqual(
      try requests(of: pinch),
      [
        .setCancelsTouches(enabled: 0), .setDelaysTouchesBegan(enabled: 1),
        .setDelaysTouchesEnded(enabled: 0),
        .setEnabled(enabled: 0), .commit,
      ])
  }

  func testDefaultsSendOnlyTheCommitAndUnchangedValuesAreNotResent() throws {
    let rotation = try client.recognizer(RotationRecognizer.self, on: surface)
    try rotation.commit()
    rotation.isEnabled = false
    try rotation.commit()
    try rotation.commit()

    XCTAssertEqual(
      try requests(of: rotation), [.commit, .setEnabled(enabled: 0), .commit, .commit])
  }

  func testRelationsNameTheOtherRecognizer() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface, name: "tap")
    let doubleTap = try client.recognizer(TapRecognizer.self, on: surface, name: "double-tap")
    let pinch = try client.recognizer(PinchRecognizer.self, on: surface)
    let rotation = try client.recognizer(RotationRecognizer.self, on: surface)
    try tap.require(toFail: doubleTap)
    try pinch.recognizeSimultaneously(with: rotation)

    try tap.commit()
    try pinch.commit()

    XCTAssertEqual(
      try requests(of: tap), [.requireFailureOf(other: doubleTap.objectID), .commit])
    XCTAssertEqual(
      try requests(of: pinch),
      [.recognizeSimultaneouslyWith(other: rotation.objectID), .commit])
  }

  func testRegionIsSentAtOnceSoTheAppMayDestroyIt() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface)
    let region = try app.makeRegion()
    let regionID = wl_proxy_get_id(region)

    try tap.setRegion(region)
    wl_region_destroy(region)
    try tap.setRegion(nil)

    XCTAssertEqual(
      try requests(of: tap), [.setRegion(region: regionID), .setRegion(region: 0)])
  }

  func testDestroySendsDestroyAndTheRecognizerCannotCommitAfterwards() throws {
    let tap = try client.recognizer(TapRecognizer.self, on: surface, name: "gone")
    let id = tap.objectID

    tap.destroy()

    XCTAssertTrue(tap.isDestroyed)
    XCTAssertThrowsError(try tap.commit()) {
      XCTAssertEqual($0 as? GestureBridgeError, .recognizerDestroyed(recognizer: "gone"))
    }
    try client.roundtrip()
    XCTAssertEqual(app.compositor.requests.filter { $0.recognizer == id }.map(\.kind), [.destroy])
  }

  func testRecognizerFromTheAppsOwnRegistryWorksWithoutBlocking() throws {
    let global = try XCTUnwrap(app.global(GestureBridgeClient.interfaceName))
    let registryClient = GestureBridgeClient(
      display: app.display, registry: app.registry, name: global.name,
      version: global.version)
    let tap = try registryClient.recognizer(TapRecognizer.self, on: surface)
    tap.numberOfTapsRequired = 3

    try tap.commit()
    try registryClient.roundtrip()

    XCTAssertEqual(
      app.compositor.requests.filter { $0.recognizer == tap.objectID }.map(\.kind),
      [.setNumberOfTapsRequired(taps: 3), .commit])
  }
}
