import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import CWaylandServer
import GestureBridgeTesting
import GestureCore
import XCTest

/// A client that stops reading its socket while ten fingers move at 240 Hz on its surface,
/// where a pan, a pinch and a rotation (recognized simultaneously) send events every frame.
///
/// What libwayland-server 1.21 does (src/connection.c, src/wayland-server.c): events go into
/// the connection's 4096-byte output buffer, flushed to the socket without blocking
/// (MSG_DONTWAIT). When the buffer is full and the socket does not take more (EAGAIN), the
/// event is not queued: the client is marked in error, every later event to it is dropped,
/// and the client is destroyed at its next activity on the socket (a request, or hanging
/// up). So the memory a stuck client costs is bounded by the socket's send buffer plus
/// 4096 bytes, the compositor never waits for it, and the bridge must not queue events of
/// its own (it does not: every event goes straight to wl_resource_post_event).
final class StuckClientTests: AbuseTestCase {
  private static let fingers = 10
  private static let framesPerGesture = 240  // one second at 240 Hz
  private static let gestures = 12

  func testAStuckClientIsDroppedWithinABoundedBufferWhileOthersAreServed() throws {
    let (stuck, surface) = try makeAbuser()
    let types = [
      GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN, GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH,
      GESTURE_BRIDGE_MANAGER_V1_TYPE_ROTATION,
    ]
    let recognizers = types.map { stuck.makeRecognizer(on: surface.client, type: $0) }
    for (index, (recognizer, _)) in recognizers.enumerated() {
      for (other, _) in recognizers[(index + 1)...] {
        gesture_bridge_recognizer_v1_recognize_simultaneously_with(recognizer, other)
      }
      gesture_bridge_recognizer_v1_commit(recognizer)
    }
    try assertAlive(stuck, "setup")
    let serverClient = ServerSide.client(owning: surface.server)
    let sendBuffer = try socketSendBuffer(of: serverClient)
    let before = compositor.server.holdings
    XCTAssertEqual(ServerSide.clientCount(compositor.display), 2)

    // From here on the stuck client never reads. Each gesture: ten fingers land, move for
    // 240 frames 1/240 s apart and lift; then the bystander taps and reads its events.
    var time = compositor.now
    var nextID: Int32 = 1
    for gesture in 0..<Self.gestures {
      let ids = (0..<Self.fingers).map { _ in
        nextID += 1
        return nextID
      }
      time = compositor.play(fingers: ids, frames: Self.framesPerGesture, from: time) {
        finger($0, step: $1)
      }
      try bystander.assertServed("after stuck gesture \(gesture)")
    }
    XCTAssertEqual(
      compositor.server.holdings.touchesDown, 0, "every finger of the stuck client lifted")
    XCTAssertEqual(compositor.server.holdings.engineTouches, 0)

    // The stuck client wakes up: its next request makes libwayland destroy it. It reads
    // what was in its socket, then the connection is closed (no protocol error).
    XCTAssertFalse(try stuck.roundtrip(), "the stuck client should have been disconnected")
    XCTAssertNil(stuck.protocolError, "dropped for its full buffer, not for a protocol error")
    XCTAssertEqual(ServerSide.clientCount(compositor.display), 1, "only the stuck client went")
    let received = recognizers.reduce(0) { $0 + wireBytes(of: $1.1.events) }
    let framesReceived = recognizers.reduce(0) { $0 + $1.1.frameStates.count }
    // Each gesture sends at least one frame event per input frame per recognizer once they
    // have begun: far more than the buffers hold, so the tail must have been dropped.
    let framesSent = Self.gestures * Self.framesPerGesture * types.count
    XCTAssertGreaterThan(framesReceived, 0, "it read what was buffered before it stopped")
    XCTAssertLessThan(framesReceived, framesSent / 2, "the tail was dropped, not queued")
    XCTAssertLessThanOrEqual(
      received, sendBuffer + 2 * 4_096,
      "bytes buffered for the stuck client: at most the socket's send buffer (\(sendBuffer)) "
        + "plus libwayland's 4 KiB buffer and one write")

    print(
      "stuck client: \(framesSent) frame events generated, \(framesReceived) received "
        + "(\(received) bytes; send buffer \(sendBuffer) bytes); bystander served "
        + "\(bystander.taps) taps")
    try bystander.assertServed("after the stuck client went")
    stuck.disconnect()
    let after = compositor.server.holdings
    XCTAssertEqual(after.surfaces, before.surfaces - 1, "the stuck client's surface is gone")
    XCTAssertEqual(after.recognizers, before.recognizers - types.count)
    XCTAssertEqual(after.views, before.views - 1)
  }

  /// SO_SNDBUF of the server's end of `client`'s connection.
  private func socketSendBuffer(of client: OpaquePointer) throws -> Int {
    var size: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(wl_client_get_fd(client), SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else {
      throw TestFailure("getsockopt(SO_SNDBUF) failed: \(errno)")
    }
    return Int(size)
  }

  /// The size on the wire of the events received: an 8-byte header plus 4 bytes per argument.
  private func wireBytes(of events: [RecognizerEvent]) -> Int {
    events.reduce(0) { total, event in
      switch event {
      case .touches, .direction, .taps: total + 12
      case .location, .translation, .velocity, .scale, .rotation: total + 16
      case .frame: total + 20
      }
    }
  }

  /// Finger `index` on a circle around (250, 250) that moves right, grows and turns.
  private func finger(_ index: Int, step: Int) -> Point {
    let angle = Double(index) * 2 * .pi / Double(Self.fingers) + Double(step) * 0.01
    let radius = 50 + Double(step % 120) * 0.5
    return Point(x: 200 + Double(step % 60) + radius * cos(angle), y: 250 + radius * sin(angle))
  }
}
