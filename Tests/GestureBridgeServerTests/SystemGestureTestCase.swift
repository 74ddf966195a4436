// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import GestureBridgeTesting
import GestureCore
import XCTest

/// A system gesture test on the real server (`replaceSystemGestures`): a 1000x800 screen, the
/// system recognizers' reports collected in `reports`, and a client whose window covers the
/// screen.
class SystemGestureTestCase: BridgeTestCase {
  /// What the system recognizers reported, in the form each test's `install` writes.
  var reports: [String] = []

  override func setUpWithError() throws {
    try super.setUpWithError()
    reports = []
    compositor.server.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
  }

  /// A client (binding the manager unless `bindsManager` is false) with one surface placed
  /// over the whole screen.
  func fullScreenClient(bindsManager: Bool = true) throws -> (
    TestClient, (client: OpaquePointer, server: OpaquePointer)
  ) {
    let client = try TestClient(compositor: compositor, bindsManager: bindsManager)
    let surface = try client.makeSurface()
    compositor.host.place(surface.server, at: Rect(x: 0, y: 0, width: 1000, height: 800))
    return (client, surface)
  }

  /// `fullScreenClient()` with a committed recognizer of `type` that does
  /// not cancel touches itself, after a roundtrip.
  func fullScreenClient(recognizer type: gesture_bridge_manager_v1_type) throws -> (
    TestClient, (client: OpaquePointer, server: OpaquePointer), RecognizerEventLog
  ) {
    let (client, surface) = try fullScreenClient()
    let (recognizer, events) = client.makeRecognizer(on: surface.client, type: type)
    gesture_bridge_recognizer_v1_set_cancels_touches(recognizer, 0)
    gesture_bridge_recognizer_v1_commit(recognizer)
    try client.roundtrip()
    return (client, surface, events)
  }

  /// Whether the client was sent an up.
  func hasUp(_ log: [RecordingHost.Entry]) -> Bool {
    log.contains { if case .up = $0 { true } else { false } }
  }
}
