// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer
import Foundation

/// The `gesture_bridge_manager_v1` a `TestCompositor` offers instead of the real
/// `GestureBridgeServer` (`TestCompositor.Manager.scripted`), for tests of what a client
/// sends and of how it takes what the compositor sends: it offers the version it is made with
/// and records every
/// manager, recognizer and system gesture surface request, validates nothing, and answers a recognizer's `commit` with the
/// scripted events (once: the first commit after `script(_:thenError:)` consumes them).
///
/// Written on the compositor's dispatching thread, read on the test's: the lock orders both.
final class ScriptedManager: @unchecked Sendable {
  struct Script {
    var events: [RecognizerEvent] = []
    /// A protocol error posted on the recognizer after the events (the connection dies).
    var error: (code: UInt32, message: String)?
  }

  /// The version of the global it offers.
  let version: Int32
  private let lock = NSLock()
  private var recorded: [RecordedRequest] = []
  private var script = Script()

  init(version: Int32) { self.version = version }

  var requests: [RecordedRequest] { lock.withLock { recorded } }

  func record(_ recognizer: UInt32, _ kind: RecordedRequest.Kind) {
    lock.withLock { recorded.append(RecordedRequest(recognizer: recognizer, kind: kind)) }
  }

  func setScript(_ newScript: Script) { lock.withLock { script = newScript } }

  func takeScript() -> Script {
    lock.withLock {
      defer { script = Script() }
      return script
    }
  }

  /// Adds the manager global to `display`; false if libwayland refused.
  func addGlobal(to display: OpaquePointer) -> Bool {
    let data = Unmanaged.passUnretained(self).toOpaque()
    return wl_global_create(
      display, gesture_bridge_manager_v1_interface_pointer(), version, data, bindManager) != nil
  }
}

// MARK: - C callbacks (no captures: the manager travels as the resources' user data)

private func bindManager(
  client: OpaquePointer?, data: UnsafeMutableRawPointer?, version: UInt32, id: UInt32
) {
  guard
    let resource = createResource(
      client, gesture_bridge_manager_v1_interface_pointer(), Int32(version), id)
  else { return }
  wl_resource_set_implementation(resource, scriptedManagerRequests, data, nil)
}

private func manager(_ resource: OpaquePointer?) -> ScriptedManager {
  Unmanaged<ScriptedManager>.fromOpaque(wl_resource_get_user_data(resource)!)
    .takeUnretainedValue()
}

/// Every request of the three interfaces (their tables, `ScriptedRequestTables.swift`, are
/// generated from the protocol XML): recorded (a manager's with object id 0), then what the
/// scripted manager does about it: a destructor destroys the resource, `get_recognizer` and
/// `get_system_gesture_surface` make the new object (sharing the manager's user data, not
/// owned: no destroy callback), `commit` sends the script. Nothing is validated.
func scriptedRequest(
  _ client: OpaquePointer?, _ resource: OpaquePointer?, _ kind: RecordedRequest.Kind,
  newID: UInt32 = 0
) {
  let scripted = manager(resource)
  let isManager =
    wl_resource_instance_of(
      resource, gesture_bridge_manager_v1_interface_pointer(), scriptedManagerRequests) != 0
  scripted.record(isManager ? 0 : wl_resource_get_id(resource), kind)
  switch kind {
  case .destroy: wl_resource_destroy(resource)
  case .commit: send(scripted.takeScript(), to: resource)
  case .getRecognizer:
    makeObject(
      client, resource, newID, gesture_bridge_recognizer_v1_interface_pointer(),
      scriptedRecognizerRequests)
  case .getSystemGestureSurface:
    makeObject(
      client, resource, newID, gesture_bridge_system_gesture_surface_v1_interface_pointer(),
      scriptedSystemGestureSurfaceRequests)
  default: break
  }
}

/// Makes the object `id` of `interface` a manager request asked for, served by `requests`.
private func makeObject<Requests>(
  _ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32,
  _ interface: UnsafePointer<wl_interface>, _ requests: UnsafeMutablePointer<Requests>
) {
  guard let object = createResource(client, interface, wl_resource_get_version(manager), id)
  else { return }
  wl_resource_set_implementation(object, requests, wl_resource_get_user_data(manager), nil)
}

private func send(_ script: ScriptedManager.Script, to recognizer: OpaquePointer?) {
  for event in script.events {
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
    }
  }
  if let error = script.error {
    cwl_resource_post_error_message(recognizer, error.code, error.message)
  }
}
