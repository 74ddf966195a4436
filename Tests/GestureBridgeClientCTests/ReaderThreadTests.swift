// SPDX-License-Identifier: MIT
import CWaylandClient
import Foundation
import GestureBridgeClientC
import GestureBridgeTesting
import XCTest

/// A toolkit that reads the display in a thread of its own (Qt's event thread holds a prepared
/// read while it polls): the library, dispatched from the test's thread as the Qt pattern of
/// docs/client.md does it (the fd for wake-ups, `gbc_client_prepare` before sleeping), still gets
/// every gesture and never waits forever on the other reader.
final class ReaderThreadTests: ScriptedTestCase {
  /// 50 pan groups answering a commit.
  private func script50Groups() {
    var events: [RecognizerEvent] = []
    for index in 0..<50 {
      events += [
        .location(x: Double(index), y: 1), .touches(1), .translation(dx: Double(index), dy: 0),
        .velocity(vx: 0, vy: 0), .frame(state: index == 0 ? 1 : 2, utime: UInt64(index)),
      ]
    }
    scripted.compositor.script(events)
  }

  /// Runs `step` until `count` gestures arrived (at most 60 s).
  private func pump(until count: Int, _ step: (OpaquePointer) -> Void) throws {
    let client = try XCTUnwrap(scripted.client)
    let deadline = Date().addingTimeInterval(60)
    while scripted.log.gestures.count < count, Date() < deadline { step(client) }
  }

  func testGesturesReadByTheToolkitsThreadAreDispatchedByPrepareAndDispatchPending() throws {
    let pan = try scripted.recognizer(GBC_KIND_PAN, on: surface)
    let reader = ToolkitReader(display: scripted.app.display)
    reader.start()
    defer { reader.stop() }
    script50Groups()
    XCTAssertEqual(gbc_recognizer_commit(pan), GBC_STATUS_OK.rawValue)
    // This thread never reads: the aboutToBlock half of the Qt pattern.
    try pump(until: 50) { client in
      if gbc_client_prepare(client) == 1 {
        XCTAssertGreaterThan(gbc_client_dispatch_pending(client), 0)
      } else {
        usleep(1_000)
      }
    }
    XCTAssertEqual(scripted.log.gestures.map(\.translation[0]), (0..<50).map(Double.init))
    XCTAssertGreaterThan(reader.reads, 0)
  }

  func testDispatchWhileAnotherThreadReadsGetsEveryGestureAndNeverHangs() throws {
    let pan = try scripted.recognizer(GBC_KIND_PAN, on: surface)
    let reader = ToolkitReader(display: scripted.app.display)
    reader.start()
    defer { reader.stop() }
    script50Groups()
    XCTAssertEqual(gbc_recognizer_commit(pan), GBC_STATUS_OK.rawValue)
    // Both threads read: the library's reads wait for the other reader, never forever.
    try pump(until: 50) { client in
      var descriptor = pollfd(fd: gbc_client_get_fd(client), events: Int16(POLLIN), revents: 0)
      let waiting = gbc_client_prepare(client)
      XCTAssertGreaterThanOrEqual(waiting, 0)
      _ = poll(&descriptor, 1, waiting == 1 ? 0 : 10)
      XCTAssertGreaterThanOrEqual(gbc_client_dispatch(client), 0)
    }
    XCTAssertEqual(scripted.log.gestures.map(\.translation[0]), (0..<50).map(Double.init))
  }
}

/// A thread that reads the display like a toolkit's event thread: prepare_read on the
/// display's default queue, poll, read_events or cancel_read, dispatch the default queue.
private final class ToolkitReader: @unchecked Sendable {
  private let display: OpaquePointer
  private let lock = NSLock()
  private var stopping = false
  private var readCount = 0
  private let finished = DispatchSemaphore(value: 0)

  init(display: OpaquePointer) { self.display = display }

  var reads: Int { lock.withLock { readCount } }

  func start() {
    Thread { [self] in
      while !lock.withLock({ stopping }) {
        while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 50) > 0 {
          if wl_display_read_events(display) < 0 { break }
          lock.withLock { readCount += 1 }
        } else {
          wl_display_cancel_read(display)
        }
        wl_display_dispatch_pending(display)
      }
      finished.signal()
    }.start()
  }

  /// Stops the thread and waits for it (at most 30 s).
  func stop() {
    lock.withLock { stopping = true }
    XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the reader thread did not stop")
  }
}
