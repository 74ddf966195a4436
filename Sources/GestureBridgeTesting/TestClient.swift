import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import Foundation

/// The libwayland client of the Wayland tests, connected to a `TestCompositor` from the
/// test's thread. Every wait is bounded by a timeout (a silent compositor fails the test
/// instead of hanging it) and, unless the compositor runs on a thread of its own, pumps the
/// compositor and the client in turn.
public final class TestClient {
  public let display: OpaquePointer
  public let compositor: TestCompositor
  public let registry: OpaquePointer
  public private(set) var wlCompositor: OpaquePointer?
  /// The bound `gesture_bridge_manager_v1` (nil if the client was made without it).
  public private(set) var manager: OpaquePointer?
  private let globals = GlobalList()
  private var recognizerLogs: [RecognizerEventLog] = []
  private var isDisconnected = false

  /// Connects, learns the globals and binds `wl_compositor` (version 4) and, if
  /// `bindsManager`, `gesture_bridge_manager_v1` (version `managerVersion`, 1 by default; 2
  /// for get_system_gesture_surface); throws if one is missing.
  public init(
    compositor: TestCompositor, bindsManager: Bool = true, managerVersion: UInt32 = 1
  ) throws {
    self.compositor = compositor
    guard let display = wl_display_connect(compositor.socketPath) else {
      throw TestFailure("TestClient: wl_display_connect(\(compositor.socketPath)) failed")
    }
    self.display = display
    guard let registry = wl_display_get_registry(display) else {
      wl_display_disconnect(display)
      throw TestFailure("TestClient: wl_display_get_registry failed")
    }
    self.registry = registry
    wl_registry_add_listener(
      registry, registryListener, Unmanaged.passUnretained(globals).toOpaque())
    try roundtrip()
    guard let compositorGlobal = globals.named["wl_compositor"] else {
      throw TestFailure("TestClient: no wl_compositor in \(globals.named.keys.sorted())")
    }
    wlCompositor = OpaquePointer(
      wl_registry_bind(registry, compositorGlobal.name, cwl_client_compositor_interface(), 4))
    if bindsManager {
      guard let managerGlobal = globals.named["gesture_bridge_manager_v1"] else {
        throw TestFailure("TestClient: no manager in \(globals.named.keys.sorted())")
      }
      manager = OpaquePointer(
        wl_registry_bind(
          registry, managerGlobal.name, gesture_bridge_manager_v1_interface_pointer(),
          managerVersion))
    }
    try roundtrip()
  }

  deinit { disconnect() }

  /// Frees the client's own proxies and closes the connection (the compositor sees the client
  /// go away at its next dispatch). Later calls do nothing.
  public func disconnect() {
    guard !isDisconnected else { return }
    isDisconnected = true
    if let manager { wl_proxy_destroy(manager) }
    if let wlCompositor { wl_proxy_destroy(wlCompositor) }
    wl_proxy_destroy(registry)
    wl_display_disconnect(display)
  }

  /// The registry name and version of a global the compositor advertised.
  public func global(_ interface: String) -> (name: UInt32, version: UInt32)? {
    globals.named[interface]
  }

  /// A new surface and its compositor-side resource (after a roundtrip).
  public func makeSurface() throws -> (client: OpaquePointer, server: OpaquePointer) {
    let before = compositor.surfaces.count
    let surface = try makeSurfaceProxy()
    try roundtrip()
    let surfaces = compositor.surfaces
    guard surfaces.count == before + 1, let resource = surfaces.last else {
      throw TestFailure("TestClient: the compositor did not create the surface")
    }
    return (surface, resource)
  }

  /// A new surface, sent without waiting for the compositor (nor looking at its resource).
  public func makeSurfaceProxy() throws -> OpaquePointer {
    guard let surface = wl_compositor_create_surface(wlCompositor) else {
      throw TestFailure("TestClient: wl_compositor_create_surface failed")
    }
    return surface
  }

  /// A new region.
  public func makeRegion() throws -> OpaquePointer {
    guard let region = wl_compositor_create_region(wlCompositor) else {
      throw TestFailure("TestClient: wl_compositor_create_region failed")
    }
    return region
  }

  /// A recognizer of `type` on `surface`, listened to; returns it and its event log (`log`
  /// when given, so several recognizers can share one log and show the order of their events).
  public func makeRecognizer(
    on surface: OpaquePointer, type: gesture_bridge_manager_v1_type,
    log: RecognizerEventLog = RecognizerEventLog()
  ) -> (OpaquePointer, RecognizerEventLog) {
    makeRecognizer(on: surface, rawType: type.rawValue, log: log)
  }

  /// A recognizer of the type value `rawType` (any value, for the tests of invalid types).
  public func makeRecognizer(
    on surface: OpaquePointer, rawType: UInt32, log: RecognizerEventLog = RecognizerEventLog()
  ) -> (OpaquePointer, RecognizerEventLog) {
    let recognizer = gesture_bridge_manager_v1_get_recognizer(manager, surface, rawType)!
    if !recognizerLogs.contains(where: { $0 === log }) { recognizerLogs.append(log) }
    gesture_bridge_recognizer_v1_add_listener(
      recognizer, recognizerListener, Unmanaged.passUnretained(log).toOpaque())
    return (recognizer, log)
  }

  /// The protocol error the connection died of, if it died of one. Errors on gesture-bridge
  /// objects make libwayland-client fail with EPROTO, errors on wl_display (invalid_object,
  /// invalid_method) with EINVAL; both keep the code and the interface. Nil while connected
  /// and when the connection failed otherwise (hung up, dropped for a full buffer).
  public var protocolError: ClientProtocolError? {
    guard wl_display_get_error(display) != 0 else { return nil }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let code = wl_display_get_protocol_error(display, &interface, &objectID)
    guard let interface else { return nil }
    return ClientProtocolError(
      interface: interface, interfaceName: String(cString: interface.pointee.name),
      objectID: objectID, code: code)
  }

  /// Sends wl_display.sync and waits until it is answered; false if the connection died
  /// first.
  @discardableResult
  public func roundtrip(timeoutSeconds: Double = TestClient.minimumWaitSeconds) throws -> Bool {
    let done = DoneFlag()
    guard let callback = wl_display_sync(display) else { return false }
    wl_callback_add_listener(callback, syncListener, Unmanaged.passUnretained(done).toOpaque())
    defer { wl_callback_destroy(callback) }
    return try pump(timeoutSeconds: timeoutSeconds) { done.isDone }
  }

  /// Waits `seconds` of real time, pumping (the compositor's timers run meanwhile). It first
  /// makes a roundtrip, so the compositor has handled everything sent before (another
  /// client's disconnect, say) even when this thread was not scheduled for all of `seconds`.
  public func run(seconds: Double) throws {
    let end = Date().addingTimeInterval(seconds)
    try roundtrip()
    _ = try pump(timeoutSeconds: seconds) { Date() >= end }
  }

  /// The shortest bound of any wait here: a bound is there to end a hung test with a clear
  /// message, not to time the code, and a shared 2-core machine under load can take many
  /// seconds for what takes milliseconds alone (issue 29). Waits on conditions return as soon
  /// as the condition holds, so a generous bound costs nothing when the test passes.
  public static let minimumWaitSeconds: Double = 30

  /// Pumps until `condition` holds (true), the connection fails (false) or the timeout
  /// (throws). The timeout is at least `minimumWaitSeconds`.
  public func pump(timeoutSeconds requested: Double, until condition: () -> Bool) throws -> Bool {
    let timeoutSeconds = max(requested, Self.minimumWaitSeconds)
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    let pumpsCompositor = !compositor.runsOnItsOwnThread
    while !condition() {
      if Date() > deadline {
        throw TestFailure("TestClient: no answer within \(timeoutSeconds) s")
      }
      if wl_display_get_error(display) != 0 { return false }
      _ = wl_display_flush(display)
      if pumpsCompositor { compositor.pump() }
      while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 2) > 0 {
        wl_display_read_events(display)
      } else {
        wl_display_cancel_read(display)
      }
      if wl_display_dispatch_pending(display) < 0 { return false }
    }
    return true
  }
}

/// Globals by interface name: registry name and advertised version.
private final class GlobalList {
  var named: [String: (name: UInt32, version: UInt32)] = [:]
}

private final class DoneFlag {
  var isDone = false
}

// MARK: - Listeners (C function pointers without captures; state travels as user data)

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        Unmanaged<GlobalList>.fromOpaque(data).takeUnretainedValue().named[
          String(cString: interface)] = (name, version)
      },
      global_remove: { _, _, _ in }))
  return pointer
}()

nonisolated(unsafe) private let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
  let pointer = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_callback_listener(done: { data, _, _ in
      guard let data else { return }
      Unmanaged<DoneFlag>.fromOpaque(data).takeUnretainedValue().isDone = true
    }))
  return pointer
}()
