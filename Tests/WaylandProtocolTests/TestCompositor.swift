import CGestureBridgeProtocol
import CGestureBridgeProtocol.Server
import CWaylandServer
import Foundation

/// A minimal in-process Wayland server for these tests, running `wl_display_run` on its own
/// thread. It advertises `wl_compositor` (surfaces and regions whose requests other than
/// `destroy` are accepted and ignored) and a test-only `gesture_bridge_manager_v1`:
/// - `get_recognizer` with an unknown type posts `invalid_type` on the manager;
/// - a recognizer's `set_number_of_touches_required` below 1 posts `invalid_value`;
/// - a recognizer's `commit` answers with one recognized-tap state change (`location`,
///   `touches`, `taps`, `frame`) carrying `TestCompositor.sentTap` values.
/// Other recognizer requests are accepted and ignored: the real server comes later.
final class TestCompositor: @unchecked Sendable {
  /// The values the test-only recognizer sends on commit.
  enum SentTap {
    static let x = 12.5
    static let y = 7.25
    static let touches: UInt32 = 1
    static let taps: UInt32 = 2
    /// Above 2^32 so that both halves of the split timestamp matter.
    static let microseconds: UInt64 = 0x1_0000_2710
  }

  let display: OpaquePointer
  let observations = ServerObservations()
  private let finished = DispatchSemaphore(value: 0)
  private var running = false
  private var destroyed = false

  /// Creates the display, listens on `socketName` inside `runtimeDirectory` and adds the
  /// globals. Does not dispatch anything until `start()`.
  init(runtimeDirectory: PrivateRuntimeDirectory, socketName: String) throws {
    guard let display = wl_display_create() else {
      throw WaylandTestError("TestCompositor: wl_display_create failed")
    }
    self.display = display
    let previous = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    setenv("XDG_RUNTIME_DIR", runtimeDirectory.path, 1)
    let added = wl_display_add_socket(display, socketName)
    if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
    guard added == 0 else {
      wl_display_destroy(display)
      throw WaylandTestError(
        "TestCompositor: wl_display_add_socket(\(socketName)) in \(runtimeDirectory.path) failed")
    }
    let observationsPointer = Unmanaged.passUnretained(observations).toOpaque()
    guard
      wl_global_create(display, cwl_server_compositor_interface(), 4, nil, bindCompositor) != nil,
      wl_global_create(
        display, gesture_bridge_manager_v1_interface_pointer(), 1, observationsPointer,
        bindGestureBridgeManager) != nil
    else {
      wl_display_destroy(display)
      throw WaylandTestError("TestCompositor: wl_global_create failed")
    }
  }

  /// Runs the display's event loop on a new thread until `stop(timeoutSeconds:)`.
  func start() {
    running = true
    let thread = Thread { [self] in
      wl_display_run(display)
      finished.signal()
    }
    thread.start()
  }

  /// Stops the event loop and destroys the display (closing all clients and the socket).
  /// Returns false, leaving the display alive, if the loop did not stop within the timeout.
  /// Calling it again after a successful stop does nothing and returns true.
  func stop(timeoutSeconds: Double) -> Bool {
    if destroyed { return true }
    if running {
      wl_display_terminate(display)
      guard finished.wait(timeout: .now() + timeoutSeconds) == .success else { return false }
      running = false
    }
    wl_display_destroy_clients(display)
    wl_display_destroy(display)
    destroyed = true
    return true
  }
}

/// What the test-only server saw, written on the server thread and read after `stop`.
final class ServerObservations: @unchecked Sendable {
  private let lock = NSLock()
  private var recognizers: [(type: UInt32, surfaceClass: String)] = []

  func recordRecognizer(type: UInt32, surfaceClass: String) {
    lock.withLock { recognizers.append((type, surfaceClass)) }
  }

  var createdRecognizers: [(type: UInt32, surfaceClass: String)] {
    lock.withLock { recognizers }
  }
}

/// Per-recognizer server state, kept as the resource's user data.
private final class TestRecognizer {
  let type: UInt32

  init(type: UInt32) {
    self.type = type
  }
}

// MARK: - C callbacks (no captures: state travels through user-data pointers)

private func createResource(
  _ client: OpaquePointer?, _ interface: UnsafePointer<wl_interface>, _ version: Int32,
  _ id: UInt32
) -> OpaquePointer? {
  let resource = wl_resource_create(client, interface, version, id)
  if resource == nil { wl_client_post_no_memory(client) }
  return resource
}

private func bindCompositor(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  guard let resource = createResource(client, cwl_server_compositor_interface(), Int32(version), id)
  else { return }
  wl_resource_set_implementation(resource, compositorImplementation, nil, nil)
}

private func bindGestureBridgeManager(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  guard
    let resource = createResource(
      client, gesture_bridge_manager_v1_interface_pointer(), Int32(version), id)
  else { return }
  wl_resource_set_implementation(resource, managerImplementation, data, nil)
}

private func destroyResource(client: OpaquePointer?, resource: OpaquePointer?) {
  wl_resource_destroy(resource)
}

private func releaseTestRecognizer(resource: OpaquePointer?) {
  guard let data = wl_resource_get_user_data(resource) else { return }
  Unmanaged<TestRecognizer>.fromOpaque(data).release()
}

nonisolated(unsafe) private let compositorImplementation:
  UnsafeMutablePointer<
    wl_compositor_interface
  > = {
    var implementation = wl_compositor_interface()
    implementation.create_surface = { client, resource, id in
      guard
        let surface = createResource(
          client, cwl_server_surface_interface(), wl_resource_get_version(resource), id)
      else { return }
      wl_resource_set_implementation(surface, surfaceImplementation, nil, nil)
    }
    implementation.create_region = { client, resource, id in
      guard
        let region = createResource(
          client, cwl_server_region_interface(), wl_resource_get_version(resource), id)
      else { return }
      wl_resource_set_implementation(region, regionImplementation, nil, nil)
    }
    return permanent(implementation)
  }()

nonisolated(unsafe) private let surfaceImplementation: UnsafeMutablePointer<wl_surface_interface> =
  {
    var implementation = wl_surface_interface()
    implementation.destroy = destroyResource
    implementation.attach = { _, _, _, _, _ in }
    implementation.damage = { _, _, _, _, _, _ in }
    implementation.frame = { client, resource, id in
      // Back the client's wl_callback with a resource; it is never signalled.
      _ = createResource(client, cwl_server_callback_interface(), 1, id)
    }
    implementation.set_opaque_region = { _, _, _ in }
    implementation.set_input_region = { _, _, _ in }
    implementation.commit = { _, _ in }
    implementation.set_buffer_transform = { _, _, _ in }
    implementation.set_buffer_scale = { _, _, _ in }
    implementation.damage_buffer = { _, _, _, _, _, _ in }
    implementation.offset = { _, _, _, _ in }
    return permanent(implementation)
  }()

nonisolated(unsafe) private let regionImplementation: UnsafeMutablePointer<wl_region_interface> = {
  var implementation = wl_region_interface()
  implementation.destroy = destroyResource
  implementation.add = { _, _, _, _, _, _ in }
  implementation.subtract = { _, _, _, _, _, _ in }
  return permanent(implementation)
}()

nonisolated(unsafe) private let managerImplementation:
  UnsafeMutablePointer<
    gesture_bridge_manager_v1_interface
  > = {
    var implementation = gesture_bridge_manager_v1_interface()
    implementation.destroy = destroyResource
    implementation.get_recognizer = { client, manager, id, surface, type in
      guard (1...7).contains(type) else {
        cwl_resource_post_error_message(
          manager, GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE.rawValue,
          "get_recognizer: type \(type) is not a gesture_bridge_manager_v1.type value")
        return
      }
      guard
        let recognizer = createResource(
          client, gesture_bridge_recognizer_v1_interface_pointer(),
          wl_resource_get_version(manager), id)
      else { return }
      let state = Unmanaged.passRetained(TestRecognizer(type: type)).toOpaque()
      wl_resource_set_implementation(
        recognizer, recognizerImplementation, state, releaseTestRecognizer)
      if let data = wl_resource_get_user_data(manager) {
        let surfaceClass = wl_resource_get_class(surface).map { String(cString: $0) } ?? "?"
        Unmanaged<ServerObservations>.fromOpaque(data).takeUnretainedValue()
          .recordRecognizer(type: type, surfaceClass: surfaceClass)
      }
    }
    return permanent(implementation)
  }()

nonisolated(unsafe) private let recognizerImplementation:
  UnsafeMutablePointer<
    gesture_bridge_recognizer_v1_interface
  > = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = destroyResource
    implementation.commit = { _, recognizer in
      typealias Sent = TestCompositor.SentTap
      gesture_bridge_recognizer_v1_send_location(
        recognizer, wl_fixed_from_double(Sent.x), wl_fixed_from_double(Sent.y))
      gesture_bridge_recognizer_v1_send_touches(recognizer, Sent.touches)
      gesture_bridge_recognizer_v1_send_taps(recognizer, Sent.taps)
      gesture_bridge_recognizer_v1_send_frame(
        recognizer, GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED.rawValue,
        UInt32(truncatingIfNeeded: Sent.microseconds >> 32),
        UInt32(truncatingIfNeeded: Sent.microseconds))
    }
    implementation.set_number_of_touches_required = { _, recognizer, touches in
      guard touches >= 1 else {
        cwl_resource_post_error_message(
          recognizer, GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE.rawValue,
          "set_number_of_touches_required: \(touches) is below 1")
        return
      }
    }
    implementation.set_number_of_taps_required = { _, _, _ in }
    implementation.set_minimum_press_duration = { _, _, _ in }
    implementation.set_allowable_movement = { _, _, _ in }
    implementation.set_minimum_number_of_touches = { _, _, _ in }
    implementation.set_maximum_number_of_touches = { _, _, _ in }
    implementation.set_direction = { _, _, _ in }
    implementation.set_edges = { _, _, _ in }
    implementation.set_region = { _, _, _ in }
    implementation.set_cancels_touches = { _, _, _ in }
    implementation.set_delays_touches_began = { _, _, _ in }
    implementation.set_delays_touches_ended = { _, _, _ in }
    implementation.set_enabled = { _, _, _ in }
    implementation.require_failure_of = { _, _, _ in }
    implementation.recognize_simultaneously_with = { _, _, _ in }
    return permanent(implementation)
  }()

/// Copies a request vtable to memory that lives as long as the process, as libwayland keeps
/// the pointer for the lifetime of each resource.
private func permanent<Implementation>(_ value: Implementation) -> UnsafeMutablePointer<
  Implementation
> {
  let pointer = UnsafeMutablePointer<Implementation>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}
