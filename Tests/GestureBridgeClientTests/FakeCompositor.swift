import CGestureBridgeProtocol
import CGestureBridgeProtocol.Server
import CWaylandServer
import Foundation

/// A minimal in-process Wayland server running `wl_display_run` on its own thread. It
/// advertises `wl_compositor` (surfaces and regions whose requests are accepted and ignored)
/// and, if asked to, a fake `gesture_bridge_manager_v1` that records every manager and
/// recognizer request in `requests` and, when a recognizer commits, sends the events of
/// `scriptOnCommit` to it (once: the script is consumed by the first commit).
final class FakeCompositor: @unchecked Sendable {
  let display: OpaquePointer
  let socketPath: String
  private let state = FakeCompositorState()
  private let finished = DispatchSemaphore(value: 0)
  private var running = false
  private var destroyed = false

  /// Creates the display, listens on a unique socket in `runtimeDirectory` and adds the
  /// globals; starts dispatching on a new thread.
  init(runtimeDirectory: PrivateRuntimeDirectory, offersManager: Bool) throws {
    guard let display = wl_display_create() else {
      throw TestSetupError("FakeCompositor: wl_display_create failed")
    }
    self.display = display
    let socketName = "gesture-bridge-client-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    socketPath = "\(runtimeDirectory.path)/\(socketName)"
    let previous = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    setenv("XDG_RUNTIME_DIR", runtimeDirectory.path, 1)
    let added = wl_display_add_socket(display, socketName)
    if let previous { setenv("XDG_RUNTIME_DIR", previous, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
    guard added == 0 else {
      wl_display_destroy(display)
      throw TestSetupError("FakeCompositor: wl_display_add_socket(\(socketName)) failed")
    }
    let stateData = Unmanaged.passUnretained(state).toOpaque()
    guard
      wl_global_create(display, cwl_server_compositor_interface(), 4, nil, bindCompositor) != nil
    else {
      wl_display_destroy(display)
      throw TestSetupError("FakeCompositor: wl_global_create(wl_compositor) failed")
    }
    if offersManager {
      guard
        wl_global_create(
          display, gesture_bridge_manager_v1_interface_pointer(), 1, stateData, bindManager)
          != nil
      else {
        wl_display_destroy(display)
        throw TestSetupError("FakeCompositor: wl_global_create(manager) failed")
      }
    }
    running = true
    Thread { [self] in
      wl_display_run(self.display)
      finished.signal()
    }.start()
  }

  /// Every request recorded so far, in arrival order.
  var requests: [RecordedRequest] { state.requests }

  /// The events to send to the next recognizer that commits.
  func scriptOnCommit(_ events: [ScriptedEvent]) { state.setScript(events) }

  /// Stops the event loop and destroys the display (closing clients and the socket). Returns
  /// false if the loop did not stop within the timeout. Later calls do nothing.
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

/// What the fake manager shares between the server thread and the test thread.
final class FakeCompositorState: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [RecordedRequest] = []
  private var script: [ScriptedEvent] = []

  var requests: [RecordedRequest] { lock.withLock { recorded } }

  func record(_ recognizer: UInt32, _ kind: RecordedRequest.Kind) {
    lock.withLock { recorded.append(RecordedRequest(recognizer: recognizer, kind: kind)) }
  }

  func setScript(_ events: [ScriptedEvent]) { lock.withLock { script = events } }

  func takeScript() -> [ScriptedEvent] {
    lock.withLock {
      defer { script = [] }
      return script
    }
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

private func bindManager(
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

private func state(_ resource: OpaquePointer?) -> FakeCompositorState {
  Unmanaged<FakeCompositorState>.fromOpaque(wl_resource_get_user_data(resource)!)
    .takeUnretainedValue()
}

private func record(_ resource: OpaquePointer?, _ kind: RecordedRequest.Kind) {
  state(resource).record(wl_resource_get_id(resource), kind)
}

private func permanent<Implementation>(_ value: Implementation) -> UnsafeMutablePointer<
  Implementation
> {
  let pointer = UnsafeMutablePointer<Implementation>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}

nonisolated(unsafe) private let compositorImplementation:
  UnsafeMutablePointer<wl_compositor_interface> = {
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
    implementation.frame = { client, _, id in
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
  UnsafeMutablePointer<gesture_bridge_manager_v1_interface> = {
    var implementation = gesture_bridge_manager_v1_interface()
    implementation.destroy = destroyResource
    implementation.get_recognizer = { client, manager, id, _, type in
      guard
        let recognizer = createResource(
          client, gesture_bridge_recognizer_v1_interface_pointer(),
          wl_resource_get_version(manager), id)
      else { return }
      // The recognizer shares the manager's state object (not owned: no destroy callback).
      wl_resource_set_implementation(
        recognizer, recognizerImplementation, wl_resource_get_user_data(manager), nil)
      state(manager).record(0, .getRecognizer(type: type))
    }
    return permanent(implementation)
  }()

private func sendScript(_ events: [ScriptedEvent], to recognizer: OpaquePointer?) {
  for event in events {
    switch event {
    case .location(let x, let y):
      gesture_bridge_recognizer_v1_send_location(
        recognizer, wl_fixed_from_double(x), wl_fixed_from_double(y))
    case .touches(let number):
      gesture_bridge_recognizer_v1_send_touches(recognizer, number)
    case .translation(let dx, let dy):
      gesture_bridge_recognizer_v1_send_translation(
        recognizer, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
    case .velocity(let vx, let vy):
      gesture_bridge_recognizer_v1_send_velocity(
        recognizer, wl_fixed_from_double(vx), wl_fixed_from_double(vy))
    case .scale(let scale, let velocity):
      gesture_bridge_recognizer_v1_send_scale(
        recognizer, wl_fixed_from_double(scale), wl_fixed_from_double(velocity))
    case .rotation(let rotation, let velocity):
      gesture_bridge_recognizer_v1_send_rotation(
        recognizer, wl_fixed_from_double(rotation), wl_fixed_from_double(velocity))
    case .direction(let bits):
      gesture_bridge_recognizer_v1_send_direction(recognizer, bits)
    case .taps(let number):
      gesture_bridge_recognizer_v1_send_taps(recognizer, number)
    case .frame(let state, let microseconds):
      gesture_bridge_recognizer_v1_send_frame(
        recognizer, state, UInt32(truncatingIfNeeded: microseconds >> 32),
        UInt32(truncatingIfNeeded: microseconds))
    case .error(let code, let message):
      cwl_resource_post_error_message(recognizer, code, message)
      return
    }
  }
}

nonisolated(unsafe) private let recognizerImplementation:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { _, resource in
      record(resource, .destroy)
      wl_resource_destroy(resource)
    }
    implementation.commit = { _, resource in
      record(resource, .commit)
      sendScript(state(resource).takeScript(), to: resource)
    }
    implementation.set_number_of_taps_required = { _, resource, value in
      record(resource, .setNumberOfTapsRequired(value))
    }
    implementation.set_number_of_touches_required = { _, resource, value in
      record(resource, .setNumberOfTouchesRequired(value))
    }
    implementation.set_minimum_press_duration = { _, resource, value in
      record(resource, .setMinimumPressDuration(microseconds: value))
    }
    implementation.set_allowable_movement = { _, resource, value in
      record(resource, .setAllowableMovement(fixed: value))
    }
    implementation.set_minimum_number_of_touches = { _, resource, value in
      record(resource, .setMinimumNumberOfTouches(value))
    }
    implementation.set_maximum_number_of_touches = { _, resource, value in
      record(resource, .setMaximumNumberOfTouches(value))
    }
    implementation.set_direction = { _, resource, value in
      record(resource, .setDirection(value))
    }
    implementation.set_edges = { _, resource, value in record(resource, .setEdges(value)) }
    implementation.set_region = { _, resource, region in
      record(resource, .setRegion(regionID: region.map { wl_resource_get_id($0) } ?? 0))
    }
    implementation.set_cancels_touches = { _, resource, value in
      record(resource, .setCancelsTouches(value))
    }
    implementation.set_delays_touches_began = { _, resource, value in
      record(resource, .setDelaysTouchesBegan(value))
    }
    implementation.set_delays_touches_ended = { _, resource, value in
      record(resource, .setDelaysTouchesEnded(value))
    }
    implementation.set_enabled = { _, resource, value in record(resource, .setEnabled(value)) }
    implementation.require_failure_of = { _, resource, other in
      record(resource, .requireFailureOf(recognizer: wl_resource_get_id(other)))
    }
    implementation.recognize_simultaneously_with = { _, resource, other in
      record(resource, .recognizeSimultaneouslyWith(recognizer: wl_resource_get_id(other)))
    }
    return permanent(implementation)
  }()
