// SPDX-License-Identifier: MIT
import CWaylandServer
import Foundation
import GestureBridgeServer
import GestureCore
import TouchInput

/// The in-process compositor of the Wayland tests: a real `wl_display` on a socket in a
/// `PrivateRuntimeDirectory`, with `wl_compositor` (surfaces whose requests are accepted and
/// ignored; regions that record the rectangles added to them) and one of three
/// `gesture_bridge_manager_v1` globals (`Manager`).
///
/// Two ways to dispatch it:
/// - `pump()` on the test's own thread (a `TestClient` pumps it at every wait), so the test
///   can feed touches to the bridge between requests and events: the server tests.
/// - `start()`: `wl_display_run` on a thread of its own, for clients that block on their
///   socket (the client library's roundtrip) until `close()`. Touches are not fed then.
public final class TestCompositor: @unchecked Sendable {
  /// Which `gesture_bridge_manager_v1` the compositor offers.
  public enum Manager: Sendable {
    /// The real `GestureBridgeServer`, with a `RecordingHost` and a 1000 x 800 screen.
    case bridge
    /// A manager that records requests and answers commits with scripted events
    /// (`requests`, `script(_:thenError:)`); it validates nothing. It offers `version` of the
    /// global (2 unless given: the client libraries' version checks are tested against it).
    case scripted(version: UInt32 = 2)
    /// No manager global at all.
    case none
  }

  public let display: OpaquePointer
  public let runtimeDirectory: PrivateRuntimeDirectory
  /// The absolute path of the socket, for `wl_display_connect`.
  public let socketPath: String
  public let host = RecordingHost()
  private let bridge: GestureBridgeServer?
  private let scripted: ScriptedManager?
  private let lock = NSLock()
  private var createdSurfaces: [OpaquePointer] = []
  private var thread: (finished: DispatchSemaphore, isRunning: Bool)?
  private var isClosed = false

  public init(manager: Manager = .bridge) throws {
    runtimeDirectory = try PrivateRuntimeDirectory()
    guard let display = wl_display_create() else {
      runtimeDirectory.remove()
      throw TestFailure("TestCompositor: wl_display_create failed")
    }
    self.display = display
    let socketName = "gesture-bridge-test-\(getpid())"
    socketPath = "\(runtimeDirectory.path)/\(socketName)"
    let previous = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    setenv("XDG_RUNTIME_DIR", runtimeDirectory.path, 1)
    let added = wl_display_add_socket(display, socketName)
    if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
    var failure: String?
    switch manager {
    case .bridge:
      bridge = GestureBridgeServer(display: display, host: host)
      bridge?.screenRectangle = Rect(x: 0, y: 0, width: 1000, height: 800)
      scripted = nil
      if bridge == nil { failure = "GestureBridgeServer creation failed" }
    case .scripted(let version):
      bridge = nil
      scripted = ScriptedManager(version: Int32(clamping: version))
      if scripted?.addGlobal(to: display) != true { failure = "wl_global_create(manager) failed" }
    case .none:
      bridge = nil
      scripted = nil
    }
    if added != 0 { failure = "wl_display_add_socket(\(socketName)) failed" }
    if failure == nil, !addCompositorGlobal(to: display, compositor: self) {
      failure = "wl_global_create(wl_compositor) failed"
    }
    if let failure {
      // Every stored property is set: throwing releases self, and deinit closes the display.
      throw TestFailure("TestCompositor: \(failure) in \(runtimeDirectory.path)")
    }
  }

  /// A compositor dropped without `close()` (a test that threw early) still goes away.
  deinit { close() }

  /// The real server (`Manager.bridge` only).
  public var server: GestureBridgeServer {
    guard let bridge else { preconditionFailure("this TestCompositor has no GestureBridgeServer") }
    return bridge
  }

  /// The server-side resources of the surfaces created, in order.
  public var surfaces: [OpaquePointer] { lock.withLock { createdSurfaces } }

  func surfaceCreated(_ surface: OpaquePointer) {
    lock.withLock { createdSurfaces.append(surface) }
  }

  /// A client committed `surface`: the bridge applies its double-buffered state.
  func surfaceCommitted(_ surface: OpaquePointer) {
    bridge?.surfaceCommitted(surface)
  }

  // MARK: Dispatching

  /// Whether the display runs on a thread of its own (`start()`), so that nobody else may
  /// dispatch it.
  public var runsOnItsOwnThread: Bool { lock.withLock { thread?.isRunning == true } }

  /// Dispatches whatever is ready without blocking and flushes events to the clients.
  public func pump() {
    wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
    wl_display_flush_clients(display)
  }

  /// Runs the display's event loop on a new thread until `close(timeoutSeconds:)`.
  public func start() {
    let finished = DispatchSemaphore(value: 0)
    lock.withLock { thread = (finished, true) }
    Thread { [self] in
      wl_display_run(display)
      finished.signal()
    }.start()
  }

  /// Stops the thread of `start()`, if any, then destroys the clients and the display (closing
  /// the socket) and removes the runtime directory. Returns false, leaving everything alive,
  /// if the thread did not stop within the timeout. Later calls do nothing and return true.
  @discardableResult
  public func close(timeoutSeconds: Double = 30) -> Bool {
    if isClosed { return true }
    if let thread = lock.withLock({ thread }), thread.isRunning {
      wl_display_terminate(display)
      guard thread.finished.wait(timeout: .now() + timeoutSeconds) == .success else {
        return false
      }
      lock.withLock { self.thread?.isRunning = false }
    }
    wl_display_destroy_clients(display)
    wl_display_destroy(display)
    runtimeDirectory.remove()
    isClosed = true
    return true
  }

  // MARK: The scripted manager

  /// Every request the scripted manager received so far, in arrival order.
  public var requests: [RecordedRequest] { scriptedManager.requests }

  /// The events to send to the next recognizer that commits, then, if given, the protocol
  /// error to post on it (its connection dies).
  public func script(
    _ events: [RecognizerEvent], thenError error: (code: UInt32, message: String)? = nil
  ) {
    scriptedManager.setScript(ScriptedManager.Script(events: events, error: error))
  }

  private var scriptedManager: ScriptedManager {
    guard let scripted else { preconditionFailure("this TestCompositor has no scripted manager") }
    return scripted
  }

  // MARK: Touches for the bridge (screen coordinates, each call one input frame)

  public var now: Int64 { MonotonicTime.nowMicroseconds() }

  public func down(_ id: Int32, _ x: Double, _ y: Double) {
    server.touchDown(id: id, timeMicroseconds: now, at: Point(x: x, y: y))
    server.touchFrame()
  }

  public func move(_ id: Int32, _ x: Double, _ y: Double) {
    server.touchMotion(id: id, timeMicroseconds: now, at: Point(x: x, y: y))
    server.touchFrame()
  }

  public func up(_ id: Int32) {
    server.touchUp(id: id, timeMicroseconds: now)
    server.touchFrame()
  }

  /// One multi-finger sequence at 240 Hz: the fingers `ids` land at `start`, move for
  /// `frames` input frames 4,167 us apart (the display dispatched after each) and lift at the
  /// last frame's time. `position(finger, frame)` is the screen point of the finger at index
  /// `finger` of `ids` (frame 0 is where it lands). Returns the last frame's time.
  @discardableResult
  public func play(
    fingers ids: [Int32], frames: Int, from start: Int64, at position: (Int, Int) -> Point
  ) -> Int64 {
    var time = start
    for (finger, id) in ids.enumerated() {
      server.touchDown(id: id, timeMicroseconds: time, at: position(finger, 0))
    }
    server.touchFrame()
    for frame in stride(from: 1, through: frames, by: 1) {
      time += 4_167
      for (finger, id) in ids.enumerated() {
        server.touchMotion(id: id, timeMicroseconds: time, at: position(finger, frame))
      }
      server.touchFrame()
      pump()
    }
    for id in ids { server.touchUp(id: id, timeMicroseconds: time) }
    server.touchFrame()
    return time
  }
}
