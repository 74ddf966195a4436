import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// Every value-carrying request, on every recognizer type: a request that does not apply is
/// not_applicable, every out-of-range value is invalid_value (both on
/// gesture_bridge_recognizer_v1), extreme valid values are accepted and survive touch
/// sequences; after each error the bystander client is still served.
///
/// Non-finite values cannot be sent: the wire carries wl_fixed_t and 32-bit integers only
/// (the XML says so); the most extreme wire words (Int32.min/max, UInt32.max) stand in.
final class ParameterAbuseTests: AbuseTestCase {
  func testARequestThatDoesNotApplyIsNotApplicableOnEveryType() throws {
    var cases = 0
    for request in ParameterRequest.all {
      for type in ParameterRequest.allTypes where !request.appliesTo.contains(type) {
        let (abuser, surface) = try makeAbuser()
        let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: type)
        request.send(recognizer, request.validExtremes(request.appliesTo[0]).last!)
        try assertDies(
          abuser, of: Self.recognizerInterface, code: Self.notApplicable,
          "\(request.name) on type \(type.rawValue)")
        cases += 1
      }
    }
    XCTAssertEqual(cases, 43, "requests x types that do not apply")
  }

  func testEveryOutOfRangeValueIsInvalidValue() throws {
    var cases = 0
    for request in ParameterRequest.all {
      for type in request.appliesTo {
        for value in request.invalid(type) {
          let (abuser, surface) = try makeAbuser()
          let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: type)
          request.send(recognizer, value)
          try assertDies(
            abuser, of: Self.recognizerInterface, code: Self.invalidValue,
            "\(request.name)(\(value)) on type \(type.rawValue)")
          cases += 1
        }
      }
    }
    XCTAssertGreaterThan(cases, 60)
  }

  /// Every accepted extreme, committed, then ten fingers landing, moving and lifting on it:
  /// no error, no crash, nothing left down, and the client can still destroy the recognizer.
  func testExtremeValidValuesAreAcceptedAndSurviveTouchSequences() throws {
    for type in ParameterRequest.allTypes {
      let (abuser, surface) = try makeAbuser()
      let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: type)
      for request in ParameterRequest.all where request.appliesTo.contains(type) {
        for value in request.validExtremes(type) {
          request.send(recognizer, value)
          gesture_bridge_recognizer_v1_commit(recognizer)
          try assertAlive(abuser, "\(request.name)(\(value)) on type \(type.rawValue)")
          tenFingerSequence()
          try assertAlive(abuser, "touches after \(request.name)(\(value))")
        }
      }
      // A region far larger than any surface, reaching the ends of the wire's range.
      let region = wl_compositor_create_region(abuser.wlCompositor)
      wl_region_add(region, Int32.min, Int32.min, Int32.max, Int32.max)
      wl_region_add(region, 0, 0, Int32.max, Int32.max)
      gesture_bridge_recognizer_v1_set_region(recognizer, region)
      wl_region_destroy(region)
      gesture_bridge_recognizer_v1_commit(recognizer)
      tenFingerSequence()
      try assertAlive(abuser, "a huge region on type \(type.rawValue)")
      gesture_bridge_recognizer_v1_destroy(recognizer)
      try assertAlive(abuser, "destroy on type \(type.rawValue)")
      abuser.disconnect()
      try bystander.assertServed("after type \(type.rawValue)")
      let holdings = compositor.server.holdings
      XCTAssertEqual(holdings.touchesDown, 0)
      XCTAssertEqual(holdings.engineTouches, 0, "no touch stuck in the engine")
    }
  }

  private var nextTouchID: Int32 = 1

  /// Ten fingers land on the abuser's surface, spread and move for 30 frames, and lift.
  private func tenFingerSequence() {
    let ids = (0..<10).map { _ in
      nextTouchID += 1
      return nextTouchID
    }
    compositor.play(fingers: ids, frames: 30, from: compositor.now) { finger($0, step: $1) }
  }

  /// Finger `index` of ten on a circle around (250, 250) that grows and turns with `step`.
  private func finger(_ index: Int, step: Int) -> Point {
    let angle = Double(index) * .pi / 5 + Double(step) * 0.02
    let radius = 60 + Double(step) * 2
    return Point(x: 250 + radius * cos(angle), y: 250 + radius * sin(angle))
  }
}
