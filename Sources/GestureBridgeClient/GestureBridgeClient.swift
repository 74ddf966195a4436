import CWaylandClient
// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Client
import Glibc

/// The app's access to the compositor's gesture recognizers: a bound
/// `gesture_bridge_manager_v1` on the app's `wl_display`, and the recognizers created through
/// it.
///
/// Two ways to get one:
/// - `init(display:registry:name:version:)` binds the global the app found in its own
///   `wl_registry` listener; it does not block.
/// - `init(display:timeoutMilliseconds:)` looks for the global itself: it BLOCKS for one
///   roundtrip to the compositor (at most the timeout), on a private event queue, so none of
///   the app's event handlers run meanwhile.
///
/// Recognizer events are dispatched on the display's default queue, i.e. by the app's own
/// `wl_display_dispatch` loop (or by `roundtrip(timeoutMilliseconds:)`). The client does not
/// own the display: the app disconnects it after releasing the client. Installing the client
/// replaces libwayland-client's process-wide log handler with one that still writes to stderr
/// but also keeps the compositor's protocol error messages (see `connectionError`).
/// Not thread-safe: use it on the thread that dispatches the display.
public final class GestureBridgeClient {
  /// The interface name of the global to look for in `wl_registry.global`.
  public static let interfaceName = "gesture_bridge_manager_v1"
  /// The highest version of the global this library speaks: the protocol XML's (the
  /// generated interface's), since every kind and value event is read from it.
  public static let supportedVersion = UInt32(
    clamping: gesture_bridge_manager_v1_interface_pointer().pointee.version)

  /// The version of the global in use: the lower of the compositor's and
  /// `supportedVersion` (2 is needed for `systemGestureSurface(for:)`).
  public private(set) var version: UInt32 = 1

  /// The app's display.
  public let display: OpaquePointer
  /// Called with each state change of every recognizer of this client, before the
  /// recognizer's own `onGesture`.
  public var onGesture: ((Gesture) -> Void)?

  private var manager: OpaquePointer?
  private var recognizers: [ObjectIdentifier: CompositorGestureRecognizer] = [:]

  /// Binds `gesture_bridge_manager_v1` from the app's `registry`, with the `name` and
  /// `version` its `wl_registry.global` event announced (the version used is the lower of it
  /// and `supportedVersion`). Does not block; the bind reaches the compositor with the app's
  /// next flush.
  public init(display: OpaquePointer, registry: OpaquePointer, name: UInt32, version: UInt32) {
    WaylandLogCapture.install()
    self.display = display
    self.version = min(version, Self.supportedVersion)
    manager = OpaquePointer(
      wl_registry_bind(
        registry, name, gesture_bridge_manager_v1_interface_pointer(), self.version))
  }

  /// Connects the library to `display` by itself: gets a registry on a private event queue,
  /// BLOCKS until the compositor answered one roundtrip (at most `timeoutMilliseconds`), binds
  /// the global and moves it to the default queue. Throws `managerNotAdvertised` if the
  /// compositor does not offer the global, `timedOut` if it did not answer, or the
  /// connection's error.
  public init(display: OpaquePointer, timeoutMilliseconds: Int = 5_000) throws {
    WaylandLogCapture.install()
    self.display = display
    guard let queue = wl_display_create_queue(display) else {
      throw GestureBridgeError.connectionLost(errno: errno)
    }
    defer { wl_event_queue_destroy(queue) }
    guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
      throw GestureBridgeError.connectionLost(errno: errno)
    }
    defer { wl_proxy_wrapper_destroy(wrapper) }
    wl_proxy_set_queue(OpaquePointer(wrapper), queue)
    guard let registry = wl_display_get_registry(OpaquePointer(wrapper)) else {
      throw GestureBridgeError.connectionLost(errno: errno)
    }
    defer { wl_registry_destroy(registry) }
    let scan = GlobalScan()
    wl_registry_add_listener(
      registry, globalScanListener, Unmanaged.passUnretained(scan).toOpaque())
    try Self.roundtrip(
      display: display, wrapper: OpaquePointer(wrapper), queue: queue,
      timeoutMilliseconds: timeoutMilliseconds)
    guard let global = scan.manager else { throw GestureBridgeError.managerNotAdvertised }
    version = min(global.version, Self.supportedVersion)
    guard
      let bound = OpaquePointer(
        wl_registry_bind(
          registry, global.name, gesture_bridge_manager_v1_interface_pointer(), version))
    else { throw Self.connectionError(of: display) ?? .connectionLost(errno: errno) }
    wl_proxy_set_queue(bound, nil)
    manager = bound
    flush()
  }

  deinit {
    // The recognizers' weak reference to this client is already nil: flush here, after each.
    for recognizer in recognizers.values {
      recognizer.destroy()
      flush()
    }
    if let manager { gesture_bridge_manager_v1_destroy(manager) }
    flush()
  }

  // MARK: Recognizers

  /// A new recognizer of class `type` (`TapRecognizer.self`, ...: each names its kind) on the
  /// app's `surface` (a `wl_surface`), named `name` (default: the kind's name, "long-press").
  /// Throws `unsupportedVersion` when the compositor's global is older than the kind (nothing
  /// is sent).
  public func recognizer<Recognizer: KindedRecognizer>(
    _ type: Recognizer.Type, on surface: OpaquePointer, name: String? = nil
  ) throws -> Recognizer {
    let kind = Recognizer.recognizerKind
    if let error = connectionError { throw error }
    guard version >= kind.since else {
      throw GestureBridgeError.unsupportedVersion(
        request: "get_recognizer(\(kind.xmlName))", required: kind.since, bound: version)
    }
    return Recognizer(
      name: name ?? kind.jsonName, kind: kind, proxy: try create(kind, on: surface), client: self)
  }

  /// A new recognizer of `kind` (its class, `kind.recognizerClass`) on the app's `surface`,
  /// named `name` (default: the kind's name): for apps that choose kinds at run time. Throws
  /// as `recognizer(_:on:name:)`.
  public func recognizer(
    of kind: GestureKind, on surface: OpaquePointer, name: String? = nil
  ) throws -> CompositorGestureRecognizer {
    try recognizer(kind.recognizerClass, on: surface, name: name)
  }

  // MARK: Deferring system gestures

  /// A new `SystemGestureSurface` for the app's `surface` (a `wl_surface`): through it the app
  /// excludes regions of the surface from the compositor's system gestures and defers screen
  /// edges (gesture_bridge_system_gesture_surface_v1). At most one per surface at a time (a
  /// second one is the compositor's system_gesture_surface_exists protocol error). Throws
  /// `unsupportedVersion` when the compositor's global is version 1 (nothing is sent).
  public func systemGestureSurface(for surface: OpaquePointer) throws -> SystemGestureSurface {
    if let error = connectionError { throw error }
    let request = "get_system_gesture_surface"
    guard version >= SystemGestureSurface.requiredVersion else {
      throw GestureBridgeError.unsupportedVersion(
        request: request, required: SystemGestureSurface.requiredVersion, bound: version)
    }
    guard let manager,
      let proxy = gesture_bridge_manager_v1_get_system_gesture_surface(manager, surface)
    else { throw connectionError ?? .connectionLost(errno: errno) }
    flush()
    return SystemGestureSurface(proxy: proxy, display: display)
  }

  /// Throws `unsupportedVersion` unless `parameter` applies to `kind` on the bound version (the
  /// request's Types line in the protocol XML), naming the version it applies from.
  func checkApplies(_ parameter: WireRecognizerParameter, to kind: GestureKind) throws {
    if parameter.applies(to: kind, version: version) { return }
    let required =
      (version...Self.supportedVersion).first { parameter.applies(to: kind, version: $0) }
    guard let required else {
      preconditionFailure("\(parameter.rawValue) applies to no \(kind.xmlName) recognizer")
    }
    throw GestureBridgeError.unsupportedVersion(
      request: "\(parameter.rawValue)(\(kind.xmlName))",
      required: required, bound: version)
  }

  private func create(_ kind: GestureKind, on surface: OpaquePointer) throws -> OpaquePointer {
    if let error = connectionError { throw error }
    guard let manager,
      let proxy = gesture_bridge_manager_v1_get_recognizer(manager, surface, kind.rawValue)
    else { throw connectionError ?? .connectionLost(errno: errno) }
    flush()
    return proxy
  }

  /// Called by recognizers at creation (through their init) and destruction.
  func adopt(_ recognizer: CompositorGestureRecognizer) {
    recognizers[ObjectIdentifier(recognizer)] = recognizer
  }

  func forget(_ recognizer: CompositorGestureRecognizer) {
    recognizers[ObjectIdentifier(recognizer)] = nil
  }

  // MARK: Connection

  /// Sends buffered requests (`wl_display_flush`). When the socket is full it waits until the
  /// compositor has read enough (at most `flushWaitMilliseconds`): libwayland-client keeps at
  /// most 4 KB of requests and fails the whole connection when a request does not fit while
  /// the socket is full, so every call of this library that sends leaves nothing behind. Only
  /// a compositor that stops reading makes it wait.
  public func flush() { Self.flush(display) }

  /// How long `flush()` waits for a full socket to drain.
  public static let flushWaitMilliseconds = 30_000

  static func flush(_ display: OpaquePointer) {
    let deadline = BoundedDispatch.nowMilliseconds() + flushWaitMilliseconds
    while wl_display_flush(display) < 0 && errno == EAGAIN {
      let left = deadline - BoundedDispatch.nowMilliseconds()
      if left <= 0 { return }
      var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLOUT), revents: 0)
      if poll(&descriptor, 1, Int32(clamping: left)) < 0 && errno != EINTR { return }
    }
  }

  /// The error the connection died of, nil while it is alive: the compositor's protocol error
  /// (interface, object id, code and message) or the errno of another failure.
  public var connectionError: GestureBridgeError? { Self.connectionError(of: display) }

  /// Sends `wl_display.sync` and dispatches the default queue (running the app's handlers
  /// too) until the compositor answered it. BLOCKS at most `timeoutMilliseconds`. Throws the
  /// connection's error if it died (for example of a protocol error caused by an earlier
  /// request), or `timedOut`.
  public func roundtrip(timeoutMilliseconds: Int = 5_000) throws {
    try Self.roundtrip(
      display: display, wrapper: display, queue: nil, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// A roundtrip on any display's default queue, for apps that need one before they have a
  /// client (for example to receive their registry's globals): `wl_display_roundtrip` with a
  /// deadline. BLOCKS at most `timeoutMilliseconds`; runs the app's handlers. Throws the
  /// connection's error or `timedOut`.
  public static func roundtrip(on display: OpaquePointer, timeoutMilliseconds: Int = 5_000) throws {
    try roundtrip(
      display: display, wrapper: display, queue: nil, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// The error `display`'s connection died of, nil while it is alive (see `connectionError`).
  public static func connectionError(of display: OpaquePointer) -> GestureBridgeError? {
    let code = wl_display_get_error(display)
    guard code != 0 else { return nil }
    guard code == EPROTO else { return .connectionLost(errno: code) }
    var interface: UnsafePointer<wl_interface>?
    var objectID: UInt32 = 0
    let errorCode = wl_display_get_protocol_error(display, &interface, &objectID)
    let interfaceName = interface.map { String(cString: $0.pointee.name) } ?? "unknown"
    return .protocolError(
      WaylandProtocolError(
        interfaceName: interfaceName, objectID: objectID, code: errorCode,
        message: WaylandLogCapture.message(
          interfaceName: interfaceName, objectID: objectID, code: errorCode)))
  }

  /// A sync on `wrapper` (the display or a queue wrapper of it) dispatched on `queue` (nil for
  /// the default queue) with a deadline.
  private static func roundtrip(
    display: OpaquePointer, wrapper: OpaquePointer, queue: OpaquePointer?,
    timeoutMilliseconds: Int
  ) throws {
    if let error = connectionError(of: display) { throw error }
    let done = SyncFlag()
    guard let callback = wl_display_sync(wrapper) else {
      throw connectionError(of: display) ?? .connectionLost(errno: errno)
    }
    defer { wl_callback_destroy(callback) }
    wl_callback_add_listener(callback, syncListener, Unmanaged.passUnretained(done).toOpaque())
    try BoundedDispatch(display: display, queue: queue).run(
      timeoutMilliseconds: timeoutMilliseconds
    ) { done.isSet }
  }
}

/// What the private registry of `init(display:timeoutMilliseconds:)` saw.
private final class GlobalScan {
  var manager: (name: UInt32, version: UInt32)?
}

/// Set by a `wl_callback.done`.
final class SyncFlag {
  var isSet = false
}

nonisolated(unsafe) private let globalScanListener: UnsafeMutablePointer<wl_registry_listener> = {
  let pointer = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_registry_listener(
      global: { data, _, name, interface, version in
        guard let data, let interface,
          String(cString: interface) == GestureBridgeClient.interfaceName
        else { return }
        Unmanaged<GlobalScan>.fromOpaque(data).takeUnretainedValue().manager = (name, version)
      },
      global_remove: { _, _, _ in }))
  return pointer
}()

nonisolated(unsafe) let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
  let pointer = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  pointer.initialize(
    to: wl_callback_listener(done: { data, _, _ in
      guard let data else { return }
      Unmanaged<SyncFlag>.fromOpaque(data).takeUnretainedValue().isSet = true
    }))
  return pointer
}()
