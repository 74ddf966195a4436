import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import XCTest

@testable import GestureBridgeServer
@testable import GestureCore

/// 10,000 create/destroy cycles of recognizers, and of surfaces carrying recognizers, each
/// related to a long-lived anchor recognizer: every object the server made for them is freed
/// (weak references go nil), the server's counts end where they started, the anchor's
/// relation lists stay bounded, and gestures still work.
final class ChurnTests: AbuseTestCase {
  private static let cycles = 10_000
  private static let batch = 50
  private let types = ParameterRequest.allTypes

  private struct Anchor {
    let proxy: OpaquePointer
    let events: RecognizerEventLog
    let object: RecognizerResource
  }

  /// The abuser's anchor: a tap on its surface, committed.
  private func makeAnchor(
    _ client: TestClient, _ surface: (client: OpaquePointer, server: OpaquePointer)
  ) throws -> Anchor {
    let (proxy, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    gesture_bridge_recognizer_v1_commit(proxy)
    try assertAlive(client, "anchor")
    let resource = ServerSide.resource(of: proxy, client: ServerSide.client(owning: surface.server))
    return Anchor(
      proxy: proxy, events: events, object: try XCTUnwrap(RecognizerResource.from(resource)))
  }

  /// Relates `recognizer` and the anchor (simultaneous both ways, the anchor requiring its
  /// failure) and commits both.
  private func relate(_ recognizer: OpaquePointer, _ anchor: Anchor) {
    gesture_bridge_recognizer_v1_recognize_simultaneously_with(recognizer, anchor.proxy)
    gesture_bridge_recognizer_v1_commit(recognizer)
    gesture_bridge_recognizer_v1_recognize_simultaneously_with(anchor.proxy, recognizer)
    gesture_bridge_recognizer_v1_require_failure_of(anchor.proxy, recognizer)
    gesture_bridge_recognizer_v1_commit(anchor.proxy)
  }

  /// Weak references to the server's objects of a batch, checked after the batch is gone.
  private final class WeakObjects {
    private var objects: [() -> AnyObject?] = []
    func add(_ object: AnyObject?) {
      weak let weakObject = object
      objects.append { weakObject }
    }
    var alive: Int { objects.reduce(0) { $0 + ($1() == nil ? 0 : 1) } }
    var aliveDescription: String {
      objects.compactMap { $0() }.map { "\($0)" }.joined(separator: ", ")
    }
    var count: Int { objects.count }
  }

  func testTenThousandRecognizersCreatedAndDestroyedLeaveNothingBehind() throws {
    let (client, surface) = try makeAbuser()
    let anchor = try makeAnchor(client, surface)
    let serverClient = ServerSide.client(owning: surface.server)
    let before = compositor.server.holdings
    let weak = WeakObjects()
    for start in stride(from: 0, to: Self.cycles, by: Self.batch) {
      var proxies: [OpaquePointer] = []
      for index in start..<(start + Self.batch) {
        let (proxy, _) = client.makeRecognizer(
          on: surface.client, type: types[index % types.count])
        relate(proxy, anchor)
        proxies.append(proxy)
      }
      try assertAlive(client, "batch at \(start) created")
      for proxy in proxies {
        let object = RecognizerResource.from(ServerSide.resource(of: proxy, client: serverClient))
        XCTAssertNotNil(object)
        weak.add(object)
        weak.add(object?.core)
      }
      if start % 1_000 == 0 { tapAnchor() }
      for proxy in proxies { gesture_bridge_recognizer_v1_destroy(proxy) }
      try assertAlive(client, "batch at \(start) destroyed")
      // The engine lets go of the recognizers of its last input frame only at its next
      // frame, so the objects of the last batch that saw a touch may still be alive.
      XCTAssertLessThanOrEqual(weak.alive, weak.count / (start / Self.batch + 1), "at \(start)")
      if weak.alive > weak.count / (start / Self.batch + 1) { break }
    }
    XCTAssertEqual(weak.count, 2 * Self.cycles)
    try assertNothingLeft(client, anchor, weak, before)
  }

  func testTenThousandSurfacesWithRecognizersCreatedAndDestroyedLeaveNothingBehind() throws {
    let (client, surface) = try makeAbuser()
    let anchor = try makeAnchor(client, surface)
    let serverClient = ServerSide.client(owning: surface.server)
    let before = compositor.server.holdings
    let weak = WeakObjects()
    for start in stride(from: 0, to: Self.cycles, by: Self.batch) {
      var created: [(surface: OpaquePointer, recognizers: [OpaquePointer])] = []
      for index in start..<(start + Self.batch) {
        guard let proxy = wl_compositor_create_surface(client.wlCompositor) else {
          throw TestFailure("wl_compositor_create_surface failed")
        }
        let first = client.makeRecognizer(on: proxy, type: types[index % types.count]).0
        let second = client.makeRecognizer(on: proxy, type: types[(index + 3) % types.count]).0
        gesture_bridge_recognizer_v1_require_failure_of(first, second)
        relate(first, anchor)
        gesture_bridge_recognizer_v1_commit(second)
        created.append((proxy, [first, second]))
      }
      try assertAlive(client, "batch at \(start) created")
      for (index, entry) in created.enumerated() {
        for proxy in entry.recognizers {
          let object = RecognizerResource.from(
            ServerSide.resource(of: proxy, client: serverClient))
          XCTAssertNotNil(object)
          weak.add(object)
          weak.add(object?.core)
          weak.add(object?.surface)
        }
        // Every tenth surface gets a tap on screen before it goes.
        if index % 10 == 0,
          let resource = ServerSide.resource(of: entry.surface, client: serverClient)
        {
          compositor.host.place(resource, at: Rect(x: 0, y: 0, width: 100, height: 100))
          compositor.down(1, 50, 50)
          compositor.up(1)
          compositor.host.unplace(resource)
        }
      }
      // Half the surfaces go first (their recognizers turn inert, then are destroyed), half
      // after their recognizers.
      for (index, entry) in created.enumerated() {
        if index % 2 == 0 {
          wl_surface_destroy(entry.surface)
          for proxy in entry.recognizers { gesture_bridge_recognizer_v1_destroy(proxy) }
        } else {
          for proxy in entry.recognizers { gesture_bridge_recognizer_v1_destroy(proxy) }
          wl_surface_destroy(entry.surface)
        }
      }
      try assertAlive(client, "batch at \(start) destroyed")
      // The engine lets go of the recognizers of its last input frame only at its next
      // frame, so the objects of the last batch that saw a touch may still be alive.
      XCTAssertLessThanOrEqual(weak.alive, weak.count / (start / Self.batch + 1), "at \(start)")
      if weak.alive > weak.count / (start / Self.batch + 1) { break }
    }
    XCTAssertEqual(weak.count, 6 * Self.cycles)
    try assertNothingLeft(client, anchor, weak, before)
  }

  /// After the churn: the server's counts are back to `before`, the anchor's relation lists
  /// are bounded, the anchor still recognizes a tap, every weakly held object is freed and
  /// the bystander is still served.
  private func assertNothingLeft(
    _ client: TestClient, _ anchor: Anchor, _ weak: WeakObjects,
    _ before: ServerHoldings, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(compositor.server.holdings, before, file: file, line: line)
    assertAnchorRelationsAreBounded(anchor, file: file, line: line)

    anchor.events.events.removeAll()
    tapAnchor()
    try assertAlive(client, "after the churn", file: file, line: line)
    XCTAssertEqual(
      anchor.events.frameStates, [Self.recognized], "the anchor still recognizes", file: file,
      line: line)
    XCTAssertEqual(
      weak.alive, 0, "objects still alive: \(weak.aliveDescription)", file: file, line: line)
    try bystander.assertServed(file: file, line: line)
  }

  /// The anchor's relation lists hold at most the last batch (dropped at its next commit),
  /// not one entry per recognizer it was ever related to; its core recognizer's list also
  /// holds the batch before, whose cores the engine keeps until its next input frame.
  private func assertAnchorRelationsAreBounded(
    _ anchor: Anchor, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertLessThanOrEqual(
      anchor.object.committedRelationCount, 2 * Self.batch, "the bridge's relation lists",
      file: file, line: line)
    XCTAssertLessThanOrEqual(
      anchor.object.core?.failureRequirements.count ?? 0, 2 * Self.batch,
      "the core recognizer's failure requirements", file: file, line: line)
  }

  private func tapAnchor() {
    compositor.down(2, 250, 250)
    compositor.up(2)
  }
}
