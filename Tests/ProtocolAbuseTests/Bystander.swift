// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// A well-behaved client next to the abusive one: one surface at (600, 0, 300 x 300) on
/// screen carrying a committed tap recognizer. `assertServed()` taps it and checks that the
/// client, still connected, got the tap recognized.
final class Bystander {
  static let frame = Rect(x: 600, y: 0, width: 300, height: 300)
  let client: TestClient
  let surface: (client: OpaquePointer, server: OpaquePointer)
  let tapEvents: RecognizerEventLog
  private let compositor: TestCompositor
  private(set) var taps = 0
  private static let recognized = GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue

  init(compositor: TestCompositor) throws {
    self.compositor = compositor
    client = try TestClient(compositor: compositor)
    surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Self.frame)
    let (tap, events) = client.makeRecognizer(
      on: surface.client, type: GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP)
    tapEvents = events
    gesture_bridge_recognizer_v1_commit(tap)
    guard try client.roundtrip() else { throw TestFailure("the bystander could not set up") }
  }

  /// Taps the middle of the bystander's surface.
  func tap() {
    taps += 1
    let id = Int32(1_000_000 + taps)
    compositor.down(id, Self.frame.origin.x + 150, Self.frame.origin.y + 150)
    compositor.up(id)
  }

  /// Taps and checks that the bystander is still connected and got every tap recognized.
  func assertServed(
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
  ) throws {
    tap()
    XCTAssertTrue(
      try client.roundtrip(), "the bystander's connection died. \(message())", file: file,
      line: line)
    XCTAssertEqual(
      tapEvents.frameStates, Array(repeating: Self.recognized, count: taps),
      "the bystander's taps. \(message())", file: file, line: line)
  }
}
