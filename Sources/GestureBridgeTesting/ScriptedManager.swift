// SPDX-License-Identifier: MIT
import CGestureBridgeProtocol
import CGestureBridgeProtocol.Server
import CWaylandServer
import Foundation

/// The `gesture_bridge_manager_v1` a `TestCompositor` offers instead of the real
/// `GestureBridgeServer` (`TestCompositor.Manager.scripted`), for tests of what a client
/// sends and of how it takes what the compositor sends: it offers version 2 and records every
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

  private let lock = NSLock()
  private var recorded: [RecordedRequest] = []
  private var script = Script()

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
      display, gesture_bridge_manager_v1_interface_pointer(), 2, data, bindManager) != nil
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
  wl_resource_set_implementation(resource, managerImplementation, data, nil)
}

private func manager(_ resource: OpaquePointer?) -> ScriptedManager {
  Unmanaged<ScriptedManager>.fromOpaque(wl_resource_get_user_data(resource)!)
    .takeUnretainedValue()
}

private func record(_ resource: OpaquePointer?, _ kind: RecordedRequest.Kind) {
  manager(resource).record(wl_resource_get_id(resource), kind)
}

nonisolated(unsafe) private let managerImplementation:
  UnsafeMutablePointer<gesture_bridge_manager_v1_interface> = {
    var implementation = gesture_bridge_manager_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.get_recognizer = { client, resource, id, surface, type in
      guard
        let recognizer = createResource(
          client, gesture_bridge_recognizer_v1_interface_pointer(),
          wl_resource_get_version(resource), id)
      else { return }
      // The recognizer shares the manager's user data (not owned: no destroy callback).
      wl_resource_set_implementation(
        recognizer, recognizerImplementation, wl_resource_get_user_data(resource), nil)
      manager(resource).record(0, .getRecognizer(type: type, surface: wl_resource_get_id(surface)))
    }
    implementation.get_system_gesture_surface = { client, resource, id, surface in
      guard
        let object = createResource(
          client, gesture_bridge_system_gesture_surface_v1_interface_pointer(),
          wl_resource_get_version(resource), id)
      else { return }
      wl_resource_set_implementation(
        object, systemGestureSurfaceImplementation, wl_resource_get_user_data(resource), nil)
      manager(resource).record(0, .getSystemGestureSurface(surface: wl_resource_get_id(surface)))
    }
    return permanent(implementation)
  }()

nonisolated(unsafe) private let systemGestureSurfaceImplementation:
  UnsafeMutablePointer<gesture_bridge_system_gesture_surface_v1_interface> = {
    var implementation = gesture_bridge_system_gesture_surface_v1_interface()
    implementation.destroy = { _, resource in
      record(resource, .destroy)
      wl_resource_destroy(resource)
    }
    implementation.set_exclusion_region = { _, resource, region in
      record(resource, .setExclusionRegion(regionID: region.map { wl_resource_get_id($0) } ?? 0))
    }
    implementation.set_deferred_edges = { _, resource, edges in
      record(resource, .setDeferredEdges(edges))
    }
    return permanent(implementation)
  }()

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

nonisolated(unsafe) private let recognizerImplementation:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { _, resource in
      record(resource, .destroy)
      wl_resource_destroy(resource)
    }
    implementation.commit = { _, resource in
      record(resource, .commit)
      send(manager(resource).takeScript(), to: resource)
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
