// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-requests-swift.awk.
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer

/// The requests of `gesture_bridge_manager_v1`, for
/// `ManagerResource`: each calls the handler named after the request of the
/// request's object (`from(_:)`); the destructor destroys the resource.
nonisolated(unsafe) let managerImplementation:
  UnsafeMutablePointer<gesture_bridge_manager_v1_interface> = {
    var implementation = gesture_bridge_manager_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.get_recognizer = { client, resource, id, surface, type in
      ManagerResource.from(resource)?.getRecognizer(client, resource, id, surface, type)
    }
    implementation.get_system_gesture_surface = { client, resource, id, surface in
      ManagerResource.from(resource)?.getSystemGestureSurface(client, resource, id, surface)
    }
    return requestTable(implementation)
  }()

/// The requests of `gesture_bridge_system_gesture_surface_v1`, for
/// `SystemGestureSurfaceResource`: each calls the handler named after the request of the
/// request's object (`from(_:)`); the destructor destroys the resource.
nonisolated(unsafe) let systemGestureSurfaceImplementation:
  UnsafeMutablePointer<gesture_bridge_system_gesture_surface_v1_interface> = {
    var implementation = gesture_bridge_system_gesture_surface_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.set_exclusion_region = { _, resource, region in
      SystemGestureSurfaceResource.from(resource)?.setExclusionRegion(region)
    }
    implementation.set_deferred_edges = { _, resource, edges in
      SystemGestureSurfaceResource.from(resource)?.setDeferredEdges(edges)
    }
    return requestTable(implementation)
  }()

/// The requests of `gesture_bridge_recognizer_v1`, for
/// `RecognizerResource`: each calls the handler named after the request of the
/// request's object (`from(_:)`); the destructor destroys the resource.
nonisolated(unsafe) let recognizerImplementation:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.commit = { _, resource in
      RecognizerResource.from(resource)?.commit()
    }
    implementation.set_number_of_taps_required = { _, resource, taps in
      RecognizerResource.from(resource)?.setNumberOfTapsRequired(taps)
    }
    implementation.set_number_of_touches_required = { _, resource, touches in
      RecognizerResource.from(resource)?.setNumberOfTouchesRequired(touches)
    }
    implementation.set_minimum_press_duration = { _, resource, durationUsec in
      RecognizerResource.from(resource)?.setMinimumPressDuration(durationUsec)
    }
    implementation.set_allowable_movement = { _, resource, distance in
      RecognizerResource.from(resource)?.setAllowableMovement(distance)
    }
    implementation.set_minimum_number_of_touches = { _, resource, touches in
      RecognizerResource.from(resource)?.setMinimumNumberOfTouches(touches)
    }
    implementation.set_maximum_number_of_touches = { _, resource, touches in
      RecognizerResource.from(resource)?.setMaximumNumberOfTouches(touches)
    }
    implementation.set_direction = { _, resource, direction in
      RecognizerResource.from(resource)?.setDirection(direction)
    }
    implementation.set_edges = { _, resource, edges in
      RecognizerResource.from(resource)?.setEdges(edges)
    }
    implementation.set_region = { _, resource, region in
      RecognizerResource.from(resource)?.setRegion(region)
    }
    implementation.set_cancels_touches = { _, resource, enabled in
      RecognizerResource.from(resource)?.setCancelsTouches(enabled)
    }
    implementation.set_delays_touches_began = { _, resource, enabled in
      RecognizerResource.from(resource)?.setDelaysTouchesBegan(enabled)
    }
    implementation.set_delays_touches_ended = { _, resource, enabled in
      RecognizerResource.from(resource)?.setDelaysTouchesEnded(enabled)
    }
    implementation.set_enabled = { _, resource, enabled in
      RecognizerResource.from(resource)?.setEnabled(enabled)
    }
    implementation.require_failure_of = { _, resource, other in
      RecognizerResource.from(resource)?.requireFailureOf(other)
    }
    implementation.recognize_simultaneously_with = { _, resource, other in
      RecognizerResource.from(resource)?.recognizeSimultaneouslyWith(other)
    }
    return requestTable(implementation)
  }()

/// The requests of `gesture_bridge_recognizer_v1`, all ignored but the destructor (an
/// object made inert).
nonisolated(unsafe) let inertRecognizerImplementation:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.commit = { _, _ in }
    implementation.set_number_of_taps_required = { _, _, _ in }
    implementation.set_number_of_touches_required = { _, _, _ in }
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
    return requestTable(implementation)
  }()
