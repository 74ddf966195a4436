// SPDX-License-Identifier: MIT
import CWaylandClient
import GestureBridgeClientC
import GestureBridgeTesting
import GestureCore
import GestureScene
import XCTest

@testable import GestureBridgeServer

/// The C library against the real `GestureBridgeServer` in process, touches fed by the test:
/// gestures with the server's values, relations that change what is recognized, and the
/// version 2 deferral that takes effect at the app's wl_surface.commit.
final class RealServerTests: XCTestCase {
  private var compositor: TestCompositor!
  private var app: TestClient!
  private var client: OpaquePointer!
  private var surface: (client: OpaquePointer, server: OpaquePointer)!
  private let log = CallbackLog()
  /// The input clock (CLOCK_MONOTONIC microseconds from setUp on, so the server's timers,
  /// due by the same clock, fire at the input's times).
  private var time: Int64 = 0

  override func setUpWithError() throws {
    compositor = try TestCompositor(manager: .bridge)
    app = try TestClient(compositor: compositor, bindsManager: false)
    let global = try XCTUnwrap(app.global("gesture_bridge_manager_v1"))
    client = try XCTUnwrap(
      gbc_client_create_from_global(app.display, app.registry, global.name, global.version))
    gbc_client_set_error_callback(client, recordConnectionError, log.pointer)
    surface = try app.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 1000, height: 800))
    time = compositor.now
  }

  override func tearDown() {
    gbc_client_destroy(client)
    client = nil
    app?.disconnect()
    app = nil
    compositor?.close()
    compositor = nil
  }

  /// The library's kind checks come from the XML's "Applies to" sentences: on a binding of
  /// every version, for every kind of the compositor's catalogue the version has (transform
  /// from 3 on) and every parameter call, the library refuses exactly what the compositor
  /// would refuse (pinch's and rotation's finger counts before version 4 included), and what
  /// it sends the compositor takes.
  func testEachKindTakesOnTheLibrarysCallsExactlyTheParametersTheCompositorTakes() throws {
    typealias Setter = (OpaquePointer) -> Int32
    let setters: [(RecognizerParameter, Setter)] = [
      (.numberOfTapsRequired, { gbc_recognizer_set_number_of_taps_required($0, 1) }),
      (.numberOfTouchesRequired, { gbc_recognizer_set_number_of_touches_required($0, 1) }),
      (.minimumPressDuration, { gbc_recognizer_set_minimum_press_duration($0, 1000) }),
      (.allowableMovement, { gbc_recognizer_set_allowable_movement($0, 1) }),
      (.minimumNumberOfTouches, { gbc_recognizer_set_minimum_number_of_touches($0, 1) }),
      (.maximumNumberOfTouches, { gbc_recognizer_set_maximum_number_of_touches($0, 0) }),
      (.direction, { gbc_recognizer_set_direction($0, 1) }),
      (.edges, { gbc_recognizer_set_edges($0, 1) }),
    ]
    XCTAssertEqual(Set(setters.map(\.0)), Set(RecognizerParameter.allCases))
    let global = try XCTUnwrap(app.global("gesture_bridge_manager_v1"))
    XCTAssertEqual(global.version, UInt32(GBC_MANAGER_VERSION))
    // Each version's client lives to the end, so the server's count of committed recognizers
    // only grows.
    var clients: [OpaquePointer] = []
    defer { clients.forEach(gbc_client_destroy) }
    for version in 1...global.version {
      let versioned = try XCTUnwrap(
        gbc_client_create_from_global(app.display, app.registry, global.name, version))
      clients.append(versioned)
      var made: [OpaquePointer] = []
      for kind in RecognizerKind.allCases {
        let wire = try XCTUnwrap(kind.wireType, "\(kind) is not in the protocol")
        guard wire.since <= version else { continue }
        let recognizer = try self.recognizer(gbc_kind(wire.rawValue), of: versioned)
        for (parameter, set) in setters {
          let expected =
            kind.takesOnTheWire(parameter, version: version)
            ? GBC_STATUS_OK : GBC_STATUS_NOT_APPLICABLE
          XCTAssertEqual(set(recognizer), expected.rawValue, "\(kind).\(parameter), v\(version)")
        }
        made.append(recognizer)
      }
      try commit(made)
      XCTAssertTrue(log.errors.isEmpty, "version \(version): \(log.errors)")
    }
  }

  // MARK: Helpers

  private func recognizer(_ kind: gbc_kind, of client: OpaquePointer? = nil) throws
    -> OpaquePointer
  {
    var status = GBC_STATUS_OK
    let recognizer = try XCTUnwrap(
      gbc_recognizer_create(client ?? self.client, surface.client, kind, &status))
    gbc_recognizer_set_callback(recognizer, recordRecognizerGesture, log.pointer)
    return recognizer
  }

  /// Commits and waits until the server counts `count` committed recognizers.
  private func commit(
    _ recognizers: [OpaquePointer], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for recognizer in recognizers {
      XCTAssertEqual(
        gbc_recognizer_commit(recognizer), GBC_STATUS_OK.rawValue, file: file, line: line)
    }
    let expected = compositor.server.committedRecognizerCount + recognizers.count
    try wait("the server has \(expected) committed recognizers", file: file, line: line) {
      compositor.server.committedRecognizerCount == expected
    }
  }

  /// Pumps the compositor (its timers too) and dispatches the library until `condition` holds
  /// (at most 30 s; the machine may be slow).
  private func wait(
    _ what: String, file: StaticString = #filePath, line: UInt = #line, until condition: () -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(30)
    while !condition() {
      guard Date() < deadline else {
        XCTFail("timed out waiting until \(what); got \(states)", file: file, line: line)
        return
      }
      compositor.pump()
      XCTAssertGreaterThanOrEqual(gbc_client_dispatch(client), 0, file: file, line: line)
      usleep(1_000)
    }
  }

  /// "name state" of each gesture (name: the recognizer's index in `names`).
  private var names: [OpaquePointer: String] = [:]
  private var states: [String] {
    log.gestures.map { "\(names[$0.recognizer!] ?? "?") \($0.stateName)" }
  }

  private func tap(at point: Point, id: Int32 = 1) {
    compositor.server.touchDown(id: id, timeMicroseconds: time, at: point)
    compositor.server.touchFrame()
    time += 50_000
    compositor.server.touchUp(id: id, timeMicroseconds: time)
    compositor.server.touchFrame()
    time += 50_000
  }

  /// A drag from `start` by `step` per frame, `frames` frames 10 ms apart, then a lift.
  private func drag(from start: Point, step: Point, frames: Int = 8) {
    compositor.server.touchDown(id: 1, timeMicroseconds: time, at: start)
    compositor.server.touchFrame()
    for index in 1...frames {
      time += 10_000
      compositor.server.touchMotion(
        id: 1, timeMicroseconds: time,
        at: Point(x: start.x + step.x * Double(index), y: start.y + step.y * Double(index)))
      compositor.server.touchFrame()
    }
    time += 10_000
    compositor.server.touchUp(id: 1, timeMicroseconds: time)
    compositor.server.touchFrame()
    time += 10_000
  }

  // MARK: Gestures

  func testAPanHasTheServersValuesPerFrame() throws {
    let pan = try recognizer(GBC_KIND_PAN)
    names[pan] = "pan"
    try commit([pan])
    drag(from: Point(x: 100, y: 200), step: Point(x: 10, y: 5))
    try wait("the pan ended") { log.gestures.last?.stateName == "ended" }
    XCTAssertEqual(log.gestures.first?.stateName, "began")
    XCTAssertTrue(
      log.gestures.dropFirst().dropLast().allSatisfy { $0.stateName == "changed" }, "\(states)")
    let ended = try XCTUnwrap(log.gestures.last)
    XCTAssertEqual(ended.valueNames, ["location", "touches", "translation", "velocity"])
    XCTAssertEqual(ended.translation[0], 80, accuracy: 1.0 / 256)
    XCTAssertEqual(ended.translation[1], 40, accuracy: 1.0 / 256)
    XCTAssertEqual(ended.location[0], 180, accuracy: 1.0 / 256)
    XCTAssertEqual(ended.location[1], 240, accuracy: 1.0 / 256)
    XCTAssertEqual(ended.touches, 1)
    XCTAssertEqual(Int64(ended.timeMicroseconds), time - 10_000, "the lift's time")
  }

  // MARK: Relations

  func testRequireFailureMakesTheSingleTapWaitForTheDoubleTapToFail() throws {
    let single = try recognizer(GBC_KIND_TAP)
    let double = try recognizer(GBC_KIND_TAP)
    names[single] = "tap"
    names[double] = "double-tap"
    XCTAssertEqual(gbc_recognizer_set_number_of_taps_required(double, 2), GBC_STATUS_OK.rawValue)
    XCTAssertEqual(gbc_recognizer_require_failure_of(single, double), GBC_STATUS_OK.rawValue)
    try commit([single, double])

    tap(at: Point(x: 300, y: 300))
    // The double tap fails when its interval has passed (the server's timer); then the tap.
    try wait("the single tap is recognized") { states.contains("tap recognized") }
    XCTAssertEqual(states, ["double-tap failed", "tap recognized"])

    log.deliveries.removeAll()
    time = max(time, compositor.now)
    tap(at: Point(x: 300, y: 300))
    tap(at: Point(x: 300, y: 300))
    try wait("the double tap is recognized and the tap failed") { states.count == 2 }
    XCTAssertEqual(Set(states), ["double-tap recognized", "tap failed"])
  }

  func testSimultaneousRecognitionLetsPinchAndPanBothBegin() throws {
    // Without the relation the first to begin makes the other fail.
    let pinch = try recognizer(GBC_KIND_PINCH)
    let pan = try recognizer(GBC_KIND_PAN)
    names[pinch] = "pinch"
    names[pan] = "pan"
    XCTAssertEqual(gbc_recognizer_recognize_simultaneously_with(pinch, pan), GBC_STATUS_OK.rawValue)
    try commit([pinch, pan])
    compositor.play(fingers: [1, 2], frames: 20, from: time) { finger, frame in
      let spread = 50 + 4 * Double(frame)
      return Point(x: 400 + (finger == 0 ? -spread : spread) + 3 * Double(frame), y: 400)
    }
    try wait("both ended") { states.contains("pinch ended") && states.contains("pan ended") }
    XCTAssertTrue(states.contains("pinch began"), "\(states)")
    XCTAssertTrue(states.contains("pan began"), "\(states)")
    XCTAssertFalse(states.contains { $0.hasSuffix("failed") }, "\(states)")
    let scale = try XCTUnwrap(log.gestures.last { names[$0.recognizer!] == "pinch" }?.scale.first)
    XCTAssertEqual(scale, 130.0 / 50.0, accuracy: 0.02)
  }

  // MARK: Version 2: deferral applied at the app's wl_surface.commit

  /// A system bottom-edge pan; returns the list its reports go to.
  private func installSystemBottomEdgePan() throws -> SystemReports {
    let reports = SystemReports()
    let scene = try SceneDescription.parse(
      json: """
        {"screen": {"width": 1000, "height": 800},
         "views": [{"name": "screen", "frame": [0, 0, 1000, 800], "recognizers": [
           {"name": "bottom", "type": "screen-edge-pan", "edges": ["bottom"]}]}]}
        """, file: "system.json")
    compositor.server.replaceSystemGestures(with: scene) { report, _ in
      if report.state.rawValue != "changed" {
        reports.lines.append("\(report.recognizer) \(report.state.rawValue)")
      }
    }
    return reports
  }

  /// The app commits its surface, and the compositor has handled the commit.
  private func commitSurface() throws {
    wl_surface_commit(surface.client)
    XCTAssertTrue(try app.roundtrip())
  }

  private func bottomSwipe(x: Double) throws {
    log.deliveries.removeAll()
    time = max(time, compositor.now)
    drag(from: Point(x: x, y: 795), step: Point(x: 0, y: -30))
    try wait("the app's pan reported its last state") {
      ["ended", "cancelled", "failed"].contains(log.gestures.last?.stateName ?? "")
    }
  }

  func testDeferredEdgesAndExclusionReachTheServerAtTheAppsSurfaceCommit() throws {
    let reports = try installSystemBottomEdgePan()
    let pan = try recognizer(GBC_KIND_PAN)
    names[pan] = "pan"
    XCTAssertEqual(gbc_recognizer_set_cancels_touches(pan, false), GBC_STATUS_OK.rawValue)
    try commit([pan])
    var status = GBC_STATUS_OK
    let deferral = try XCTUnwrap(gbc_system_gesture_surface_create(client, surface.client, &status))
    XCTAssertEqual(
      gbc_system_gesture_surface_set_deferred_edges(deferral, GBC_EDGES_BOTTOM.rawValue),
      GBC_STATUS_OK.rawValue)

    // Pending until the app commits the surface: the system takes the swipe.
    XCTAssertTrue(try app.roundtrip())
    try bottomSwipe(x: 500)
    XCTAssertEqual(reports.lines, ["bottom began", "bottom ended"])
    XCTAssertNotEqual(states.last, "pan ended")

    try commitSurface()
    reports.lines.removeAll()
    time += 2_000_000  // well after the 1000 ms of a second edge swipe
    try bottomSwipe(x: 500)
    XCTAssertEqual(reports.lines, [], "the deferred edge's first swipe is the app's")
    XCTAssertEqual(states.first, "pan began")
    XCTAssertEqual(states.last, "pan ended")

    // An exclusion region instead of the deferral, applied by the next commit.
    XCTAssertEqual(
      gbc_system_gesture_surface_set_deferred_edges(deferral, 0), GBC_STATUS_OK.rawValue)
    let region = try app.makeRegion()
    wl_region_add(region, 400, 600, 200, 200)
    XCTAssertEqual(
      gbc_system_gesture_surface_set_exclusion_region(deferral, region), GBC_STATUS_OK.rawValue)
    wl_region_destroy(region)
    try commitSurface()
    reports.lines.removeAll()
    time += 2_000_000
    try bottomSwipe(x: 500)
    XCTAssertEqual(reports.lines, [], "inside the exclusion region")
    XCTAssertEqual(states.last, "pan ended")
    reports.lines.removeAll()
    time += 2_000_000
    try bottomSwipe(x: 800)
    XCTAssertEqual(reports.lines, ["bottom began", "bottom ended"], "outside it")

    // Destroyed: both removed at the next commit.
    gbc_system_gesture_surface_destroy(deferral)
    try commitSurface()
    reports.lines.removeAll()
    time += 2_000_000
    try bottomSwipe(x: 500)
    XCTAssertEqual(reports.lines, ["bottom began", "bottom ended"])
    XCTAssertTrue(log.errors.isEmpty, "\(log.errors)")
  }
}

/// The system gestures' reports (written on the test's thread by the server's callback).
private final class SystemReports: @unchecked Sendable {
  var lines: [String] = []
}
