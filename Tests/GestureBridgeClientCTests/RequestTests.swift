// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// Parameters, relations and system gesture surfaces become the protocol's requests, and what
/// the compositor would reject with a protocol error is refused with a status, unsent.
final class RequestTests: ScriptedTestCase {
  private let ok = GBC_STATUS_OK.rawValue
  private let notApplicable = GBC_STATUS_NOT_APPLICABLE.rawValue
  private let invalidValue = GBC_STATUS_INVALID_VALUE.rawValue
  private let invalidRelation = GBC_STATUS_INVALID_RELATION.rawValue

  /// The id of `recognizer`: it commits, and the commit's record names it.
  private func id(of recognizer: OpaquePointer) throws -> UInt32 {
    let before = scripted.compositor.requests.count
    XCTAssertEqual(gbc_recognizer_commit(recognizer), ok)
    scripted.roundtrip()
    let commit = scripted.compositor.requests[before...].first { $0.kind == .commit }
    return try XCTUnwrap(commit?.recognizer)
  }

  func testEveryParameterOfEveryKindIsSentAsItsRequest() throws {
    let press = try scripted.recognizer(GBC_KIND_LONG_PRESS, on: surface)
    let pressID = try id(of: press)
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(press, 0), ok)
    XCTAssertEqual(gbc_recognizer_set_number_of_touches_required(press, 2), ok)
    XCTAssertEqual(gbc_recognizer_set_minimum_press_duration(press, 800_000), ok)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(press, 15.5), ok)
    XCTAssertEqual(gbc_recognizer_set_cancels_touches(press, false), ok)
    XCTAssertEqual(gbc_recognizer_set_delays_touches_began(press, true), ok)
    XCTAssertEqual(gbc_recognizer_set_delays_touches_ended(press, false), ok)
    XCTAssertEqual(gbc_recognizer_set_enabled(press, false), ok)
    let region = try scripted.app.makeRegion()
    let regionID = wl_proxy_get_id(region)
    XCTAssertEqual(gbc_recognizer_set_region(press, region), ok)
    wl_region_destroy(region)
    XCTAssertEqual(gbc_recognizer_set_region(press, nil), ok)
    XCTAssertEqual(gbc_recognizer_commit(press), ok)
    XCTAssertEqual(
      scripted.requests(of: pressID),
      [
        .commit, .setNumberOfTapsRequired(taps: 0), .setNumberOfTouchesRequired(touches: 2),
        .setMinimumPressDuration(durationUsec: 800_000), .setAllowableMovement(distance: 3968),
        .setCancelsTouches(enabled: 0), .setDelaysTouchesBegan(enabled: 1),
        .setDelaysTouchesEnded(enabled: 0),
        .setEnabled(enabled: 0), .setRegion(region: regionID), .setRegion(region: 0), .commit,
      ])

    let pan = try scripted.recognizer(GBC_KIND_PAN, on: surface)
    let panID = try id(of: pan)
    XCTAssertEqual(gbc_recognizer_set_minimum_number_of_touches(pan, 2), ok)
    XCTAssertEqual(gbc_recognizer_set_maximum_number_of_touches(pan, 3), ok)
    let swipe = try scripted.recognizer(GBC_KIND_SWIPE, on: surface)
    let swipeID = try id(of: swipe)
    XCTAssertEqual(
      gbc_recognizer_set_direction(swipe, GBC_DIRECTION_LEFT.rawValue | GBC_DIRECTION_UP.rawValue),
      ok)
    let edge = try scripted.recognizer(GBC_KIND_SCREEN_EDGE_PAN, on: surface)
    let edgeID = try id(of: edge)
    XCTAssertEqual(gbc_recognizer_set_edges(edge, GBC_EDGES_BOTTOM.rawValue), ok)
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    let tapID = try id(of: tap)
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(tap, 2), ok)
    XCTAssertEqual(
      scripted.requests(of: panID),
      [.commit, .setMinimumNumberOfTouches(touches: 2), .setMaximumNumberOfTouches(touches: 3)])
    XCTAssertEqual(scripted.requests(of: swipeID), [.commit, .setDirection(direction: 6)])
    XCTAssertEqual(scripted.requests(of: edgeID), [.commit, .setEdges(edges: 4)])
    XCTAssertEqual(scripted.requests(of: tapID), [.commit, .setNumberOfTapsRequired(taps: 2)])
    XCTAssertEqual(
      scripted.compositor.requests.filter { $0.recognizer == 0 }.map(\.kind),
      [2, 3, 6, 7, 1].map { .getRecognizer(surface: wl_proxy_get_id(surface), type: $0) })
  }

  func testWhatTheCompositorWouldRejectIsRefusedWithoutSending() throws {
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    let tapID = try id(of: tap)
    let pan = try scripted.recognizer(GBC_KIND_PAN, on: surface)
    let panID = try id(of: pan)
    // Parameters of other kinds.
    XCTAssertEqual(gbc_recognizer_set_minimum_press_duration(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_minimum_number_of_touches(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_maximum_number_of_touches(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_direction(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_edges(tap, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(pan, 1), notApplicable)
    XCTAssertEqual(gbc_recognizer_set_number_of_touches_required(pan, 1), notApplicable)
    // Values out of range.
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(tap, 0), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_number_of_touches_required(tap, 0), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_minimum_number_of_touches(pan, 0), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_maximum_number_of_touches(pan, -1), invalidValue)
    let swipe = try scripted.recognizer(GBC_KIND_SWIPE, on: surface)
    let swipeID = try id(of: swipe)
    XCTAssertEqual(gbc_recognizer_set_direction(swipe, 0), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_direction(swipe, 16), invalidValue)
    let press = try scripted.recognizer(GBC_KIND_LONG_PRESS, on: surface)
    let pressID = try id(of: press)
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(press, -1), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_minimum_press_duration(press, -1), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(press, -0.5), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(press, .nan), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(press, .infinity), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_allowable_movement(press, 9e6), invalidValue)
    let edge = try scripted.recognizer(GBC_KIND_SCREEN_EDGE_PAN, on: surface)
    let edgeID = try id(of: edge)
    XCTAssertEqual(gbc_recognizer_set_edges(edge, 16), invalidValue)
    // The minimum above a non-zero maximum: the values are sent, commit is refused.
    XCTAssertEqual(gbc_recognizer_set_minimum_number_of_touches(pan, 3), ok)
    XCTAssertEqual(gbc_recognizer_set_maximum_number_of_touches(pan, 2), ok)
    XCTAssertEqual(gbc_recognizer_commit(pan), invalidValue)
    XCTAssertEqual(gbc_recognizer_set_maximum_number_of_touches(pan, 0), ok)
    XCTAssertEqual(gbc_recognizer_commit(pan), ok)
    // An unknown kind.
    var status = GBC_STATUS_OK
    XCTAssertNil(gbc_recognizer_create(scripted.client, surface, gbc_kind(rawValue: 99), &status))
    XCTAssertEqual(status, GBC_STATUS_INVALID_ARGUMENT)

    XCTAssertEqual(scripted.requests(of: tapID), [.commit])
    XCTAssertEqual(scripted.requests(of: swipeID), [.commit])
    XCTAssertEqual(scripted.requests(of: pressID), [.commit])
    XCTAssertEqual(scripted.requests(of: edgeID), [.commit])
    XCTAssertEqual(
      scripted.requests(of: panID),
      [
        .commit, .setMinimumNumberOfTouches(touches: 3), .setMaximumNumberOfTouches(touches: 2),
        .setMaximumNumberOfTouches(touches: 0), .commit,
      ])
    XCTAssertEqual(wl_display_get_error(scripted.app.display), 0)
  }

  func testRelationsAreSentAndSelfForeignAndCyclicOnesRefused() throws {
    let tap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    let doubleTap = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    let triple = try scripted.recognizer(GBC_KIND_TAP, on: surface)
    let (tapID, doubleID, tripleID) = (try id(of: tap), try id(of: doubleTap), try id(of: triple))
    XCTAssertEqual(gbc_recognizer_require_failure_of(tap, doubleTap), ok)
    XCTAssertEqual(gbc_recognizer_require_failure_of(doubleTap, triple), ok)
    // triple -> tap would close tap -> double -> triple -> tap.
    XCTAssertEqual(gbc_recognizer_require_failure_of(triple, tap), invalidRelation)
    XCTAssertEqual(gbc_recognizer_require_failure_of(tap, tap), invalidRelation)
    XCTAssertEqual(gbc_recognizer_recognize_simultaneously_with(tap, tap), invalidRelation)
    XCTAssertEqual(gbc_recognizer_recognize_simultaneously_with(triple, tap), ok)
    // A recognizer of another client of the same display.
    let other = try XCTUnwrap(gbc_client_create(scripted.app.display, 30_000, nil))
    defer { gbc_client_destroy(other) }
    var status = GBC_STATUS_OK
    let foreign = try XCTUnwrap(gbc_recognizer_create(other, surface, GBC_KIND_PAN, &status))
    XCTAssertEqual(gbc_recognizer_require_failure_of(tap, foreign), invalidRelation)
    XCTAssertEqual(gbc_recognizer_recognize_simultaneously_with(tap, foreign), invalidRelation)
    XCTAssertEqual(gbc_recognizer_commit(tap), ok)

    XCTAssertEqual(
      scripted.requests(of: tapID), [.commit, .requireFailureOf(other: doubleID), .commit])
    XCTAssertEqual(
      scripted.requests(of: doubleID), [.commit, .requireFailureOf(other: tripleID)])
    XCTAssertEqual(
      scripted.requests(of: tripleID), [.commit, .recognizeSimultaneouslyWith(other: tapID)])
    // Once the middle one is destroyed, the relation is no cycle any more.
    gbc_recognizer_destroy(doubleTap)
    XCTAssertEqual(gbc_recognizer_require_failure_of(triple, tap), ok)
    XCTAssertEqual(
      scripted.requests(of: tripleID),
      [
        .commit, .recognizeSimultaneouslyWith(other: tapID),
        .requireFailureOf(other: tapID),
      ])
    XCTAssertEqual(scripted.requests(of: doubleID).last, .destroy)
  }

  func testTheSurfaceLimitIsCheckedBeforeSending() throws {
    var recognizers: [OpaquePointer] = []
    for _ in 0..<64 { recognizers.append(try scripted.recognizer(GBC_KIND_TAP, on: surface)) }
    var status = GBC_STATUS_OK
    XCTAssertNil(gbc_recognizer_create(scripted.client, surface, GBC_KIND_TAP, &status))
    XCTAssertEqual(status, GBC_STATUS_LIMIT)
    gbc_recognizer_destroy(recognizers.removeLast())
    XCTAssertNotNil(gbc_recognizer_create(scripted.client, surface, GBC_KIND_TAP, &status))
    scripted.roundtrip()
    XCTAssertEqual(
      scripted.compositor.requests.filter {
        if case .getRecognizer = $0.kind { return true } else { return false }
      }.count, 65)
  }

  func testTheClientLimitIsCheckedBeforeSending() throws {
    var status = GBC_STATUS_OK
    for _ in 0..<16 {
      let other = try scripted.app.makeSurfaceProxy()
      for _ in 0..<64 { _ = try scripted.recognizer(GBC_KIND_PAN, on: other) }
    }
    XCTAssertNil(gbc_recognizer_create(scripted.client, surface, GBC_KIND_TAP, &status))
    XCTAssertEqual(status, GBC_STATUS_LIMIT, "the 1025th of the client")
    scripted.roundtrip()
    XCTAssertEqual(scripted.compositor.requests.count, 1024)
    // Destroying the client sends 1024 destroy requests in a row, then the manager's (recorded
    // as object 0's).
    gbc_client_destroy(scripted.client)
    scripted.forgetClient()
    XCTAssertTrue(try scripted.app.roundtrip())
    let destroyed = scripted.compositor.requests.filter { $0.kind == .destroy }
    XCTAssertEqual(destroyed.filter { $0.recognizer != 0 }.count, 1024)
    XCTAssertEqual(destroyed.last, RecordedRequest(recognizer: 0, kind: .destroy))
    XCTAssertEqual(wl_display_get_error(scripted.app.display), 0)
  }

  func testSystemGestureSurfaceRequestsAreSentAndMistakesRefused() throws {
    var status = GBC_STATUS_OK
    let deferral = try XCTUnwrap(
      gbc_system_gesture_surface_create(scripted.client, surface, &status))
    XCTAssertNil(gbc_system_gesture_surface_create(scripted.client, surface, &status))
    XCTAssertEqual(status, GBC_STATUS_LIMIT, "one per surface")
    let region = try scripted.app.makeRegion()
    let regionID = wl_proxy_get_id(region)
    XCTAssertEqual(gbc_system_gesture_surface_set_exclusion_region(deferral, region), ok)
    wl_region_destroy(region)
    XCTAssertEqual(
      gbc_system_gesture_surface_set_deferred_edges(
        deferral, GBC_EDGES_BOTTOM.rawValue | GBC_EDGES_LEFT.rawValue), ok)
    XCTAssertEqual(gbc_system_gesture_surface_set_deferred_edges(deferral, 16), invalidValue)
    XCTAssertEqual(gbc_system_gesture_surface_set_exclusion_region(deferral, nil), ok)
    scripted.roundtrip()
    let objectID = try XCTUnwrap(scripted.objectIDs.first)
    gbc_system_gesture_surface_destroy(deferral)
    XCTAssertEqual(
      scripted.requests(of: objectID),
      [
        .setExclusionRegion(region: regionID), .setDeferredEdges(edges: 6),
        .setExclusionRegion(region: 0), .destroy,
      ])
    // After destroy, a new one for the surface is allowed.
    let again = gbc_system_gesture_surface_create(scripted.client, surface, &status)
    XCTAssertNotNil(again)
    scripted.roundtrip()
    XCTAssertEqual(
      scripted.compositor.requests.filter { $0.recognizer == 0 }.map(\.kind),
      Array(repeating: .getSystemGestureSurface(surface: wl_proxy_get_id(surface)), count: 2))
  }
}
