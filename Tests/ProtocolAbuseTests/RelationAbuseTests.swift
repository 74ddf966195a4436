import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeTesting
import GestureCore
import XCTest

@testable import GestureBridgeServer

/// require_failure_of and recognize_simultaneously_with naming what they must not: the
/// recognizer itself, a destroyed recognizer, an object of another interface, an inert
/// recognizer, another client's recognizer. Each is the error the XML names; the bystander
/// is served after each. Relations whose target goes away later are simply removed.
final class RelationAbuseTests: AbuseTestCase {
  private typealias Relation = (name: String, send: (OpaquePointer, OpaquePointer) -> Void)
  private let relations: [Relation] = [
    ("require_failure_of", { gesture_bridge_recognizer_v1_require_failure_of($0, $1) }),
    (
      "recognize_simultaneously_with",
      { gesture_bridge_recognizer_v1_recognize_simultaneously_with($0, $1) }
    ),
  ]
  private let tap = GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP
  private let pan = GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN
  /// wl_display.error.invalid_method, which libwayland-server sends for a request whose
  /// object argument is unknown or of the wrong interface.
  private let invalidArguments = UInt32(WL_DISPLAY_ERROR_INVALID_METHOD.rawValue)

  func testRelationToItselfIsInvalidRelation() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      relation.send(recognizer, recognizer)
      try assertDies(
        abuser, of: Self.recognizerInterface, code: Self.invalidRelation, relation.name)
    }
  }

  /// The id of a destroyed recognizer is unknown to the server: libwayland-server 1.21
  /// refuses the request before the bridge sees it, with wl_display error 1
  /// (invalid_method, "invalid arguments for gesture_bridge_recognizer_v1@N.require_failure_of";
  /// the XML's "invalid_object" is what libwayland sends for an unknown target object, not an
  /// unknown argument).
  func testRelationToADestroyedRecognizerIsInvalidArguments() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      let (doomed, _) = abuser.makeRecognizer(on: surface.client, type: pan)
      // The destroy request without destroying the proxy, so the stale id can still be sent.
      var noArguments = wl_argument()
      wl_proxy_marshal_array_flags(
        doomed, UInt32(GESTURE_BRIDGE_RECOGNIZER_V1_DESTROY), nil, 1, 0, &noArguments)
      try assertAlive(abuser, "destroy")
      relation.send(recognizer, doomed)
      wl_proxy_destroy(doomed)
      try assertDies(abuser, of: "wl_display", code: invalidArguments, relation.name)
    }
  }

  func testRelationToAnObjectOfAnotherInterfaceIsInvalidArguments() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      relation.send(recognizer, surface.client)
      try assertDies(abuser, of: "wl_display", code: invalidArguments, relation.name)
    }
  }

  func testRelationToAnInertRecognizerIsInertRelation() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let doomedSurface = try abuser.makeSurface()
      let (recognizer, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      let (inert, _) = abuser.makeRecognizer(on: doomedSurface.client, type: pan)
      wl_surface_destroy(doomedSurface.client)
      try assertAlive(abuser, "surface destroyed")
      relation.send(recognizer, inert)
      try assertDies(
        abuser, of: Self.recognizerInterface, code: Self.inertRelation, relation.name)
    }
  }

  /// The wire cannot name another client's object, so the request reaches the server's
  /// handler directly, as a compositor-internal caller would.
  func testRelationToAnotherClientsRecognizerIsForeignRecognizer() throws {
    let handlers: [(OpaquePointer, OpaquePointer, OpaquePointer) -> Void] = [
      { recognizerImplementation.pointee.require_failure_of($0, $1, $2) },
      { recognizerImplementation.pointee.recognize_simultaneously_with($0, $1, $2) },
    ]
    for (relation, handler) in zip(relations, handlers) {
      let (abuser, surface) = try makeAbuser()
      let (mine, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      try assertAlive(abuser, "setup")
      let client = ServerSide.client(owning: surface.server)
      let bystanderClient = ServerSide.client(owning: bystander.surface.server)
      let bystanderTap = try XCTUnwrap(
        (1..<100).lazy.compactMap { id -> OpaquePointer? in
          guard let resource = wl_client_get_object(bystanderClient, UInt32(id)) else {
            return nil
          }
          return RecognizerResource.from(resource) != nil ? resource : nil
        }.first)
      let myResource = try XCTUnwrap(ServerSide.resource(of: mine, client: client))
      handler(client, myResource, bystanderTap)
      try assertDies(
        abuser, of: Self.recognizerInterface, code: Self.foreignRecognizer, relation.name)
    }
  }

  /// A relation whose target is destroyed before the commit is dropped at commit: no error,
  /// and the recognizer works without it.
  func testPendingRelationToARecognizerDestroyedBeforeCommitIsDropped() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let (single, events) = abuser.makeRecognizer(on: surface.client, type: tap)
      let (double, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      gesture_bridge_recognizer_v1_set_number_of_taps_required(double, 2)
      gesture_bridge_recognizer_v1_commit(double)
      relation.send(single, double)
      gesture_bridge_recognizer_v1_destroy(double)
      gesture_bridge_recognizer_v1_commit(single)
      try assertAlive(abuser, relation.name)
      compositor.down(1, 100, 100)
      compositor.up(1)
      try assertAlive(abuser, relation.name)
      XCTAssertEqual(events.frameStates, [Self.recognized], relation.name)
      abuser.disconnect()
    }
  }

  /// A single tap waiting for a double tap to fail is released when the double tap is
  /// destroyed: its relation is gone, so the single tap is recognized.
  func testARecognizerWaitingForADestroyedOneIsReleased() throws {
    let (abuser, surface) = try makeAbuser()
    let (single, events) = abuser.makeRecognizer(on: surface.client, type: tap)
    let (double, _) = abuser.makeRecognizer(on: surface.client, type: tap)
    gesture_bridge_recognizer_v1_set_number_of_taps_required(double, 2)
    gesture_bridge_recognizer_v1_commit(double)
    gesture_bridge_recognizer_v1_require_failure_of(single, double)
    gesture_bridge_recognizer_v1_commit(single)
    try assertAlive(abuser, "setup")
    compositor.down(1, 100, 100)
    compositor.up(1)
    gesture_bridge_recognizer_v1_destroy(double)
    XCTAssertTrue(
      try abuser.pump(timeoutSeconds: 5) { !events.frameStates.isEmpty },
      "the single tap never reported")
    XCTAssertEqual(events.frameStates, [Self.recognized])
  }

  /// A require_failure_of chain broken by a destroy no longer counts for cycles.
  func testADestroyedRecognizerNoLongerClosesACycle() throws {
    let (abuser, surface) = try makeAbuser()
    let (a, _) = abuser.makeRecognizer(on: surface.client, type: tap)
    let (b, _) = abuser.makeRecognizer(on: surface.client, type: tap)
    let (c, _) = abuser.makeRecognizer(on: surface.client, type: tap)
    gesture_bridge_recognizer_v1_require_failure_of(a, b)
    gesture_bridge_recognizer_v1_commit(a)
    gesture_bridge_recognizer_v1_require_failure_of(b, c)
    gesture_bridge_recognizer_v1_commit(b)
    try assertAlive(abuser, "chain a -> b -> c")
    gesture_bridge_recognizer_v1_destroy(b)
    gesture_bridge_recognizer_v1_require_failure_of(c, a)
    gesture_bridge_recognizer_v1_commit(c)
    try assertAlive(abuser, "c -> a after b is gone is no cycle")
    // With b still there the same request closes a cycle.
    let (d, _) = abuser.makeRecognizer(on: surface.client, type: tap)
    gesture_bridge_recognizer_v1_require_failure_of(d, c)
    gesture_bridge_recognizer_v1_commit(d)
    gesture_bridge_recognizer_v1_require_failure_of(a, d)
    gesture_bridge_recognizer_v1_commit(a)
    try assertDies(abuser, of: Self.recognizerInterface, code: Self.invalidRelation, "a->d->c->a")
  }

  /// A client sending the same relation a million times without committing holds no more
  /// memory in the server than one relation.
  func testRepeatedRelationRequestsDoNotAccumulate() throws {
    for relation in relations {
      let (abuser, surface) = try makeAbuser()
      let (a, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      let (b, _) = abuser.makeRecognizer(on: surface.client, type: tap)
      try assertAlive(abuser, "setup")
      let client = ServerSide.client(owning: surface.server)
      let server = try XCTUnwrap(
        RecognizerResource.from(ServerSide.resource(of: a, client: client)))
      for batch in 0..<50 {
        for _ in 0..<2_000 { relation.send(a, b) }
        try assertAlive(abuser, "\(relation.name) batch \(batch)")
      }
      XCTAssertEqual(server.pendingRelationCount, 1, relation.name)
      gesture_bridge_recognizer_v1_commit(a)
      try assertAlive(abuser, "commit")
      XCTAssertEqual(server.pendingRelationCount, 0, relation.name)
      abuser.disconnect()
    }
  }
}
