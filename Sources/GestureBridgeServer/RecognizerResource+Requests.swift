// SPDX-License-Identifier: MIT
import CGestureBridgeProtocol
import CGestureBridgeProtocol.Server
import CWaylandServer

/// gesture_bridge_recognizer_v1's request vtable: C function pointers without captures, each
/// finding the `RecognizerResource` of its wl_resource (the user data) and calling the
/// request's handler there. The destructor releases the reference the resource held.
func recognizerResourceDestroyed(_ resource: OpaquePointer?) {
  guard let data = wl_resource_get_user_data(resource) else { return }
  let object = Unmanaged<RecognizerResource>.fromOpaque(data)
  object.takeUnretainedValue().resourceDestroyed()
  object.release()
}

private func recognizer(_ resource: OpaquePointer?) -> RecognizerResource? {
  RecognizerResource.from(resource)
}

nonisolated(unsafe) let recognizerImplementation:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { _, resource in wl_resource_destroy(resource) }
    implementation.commit = { _, resource in recognizer(resource)?.commit() }
    implementation.set_number_of_taps_required = { _, resource, taps in
      recognizer(resource)?.setNumberOfTapsRequired(taps)
    }
    implementation.set_number_of_touches_required = { _, resource, touches in
      recognizer(resource)?.setNumberOfTouchesRequired(touches)
    }
    implementation.set_minimum_press_duration = { _, resource, duration in
      recognizer(resource)?.setMinimumPressDuration(duration)
    }
    implementation.set_allowable_movement = { _, resource, distance in
      recognizer(resource)?.setAllowableMovement(distance)
    }
    implementation.set_minimum_number_of_touches = { _, resource, touches in
      recognizer(resource)?.setMinimumNumberOfTouches(touches)
    }
    implementation.set_maximum_number_of_touches = { _, resource, touches in
      recognizer(resource)?.setMaximumNumberOfTouches(touches)
    }
    implementation.set_direction = { _, resource, direction in
      recognizer(resource)?.setDirection(direction)
    }
    implementation.set_edges = { _, resource, edges in recognizer(resource)?.setEdges(edges) }
    implementation.set_region = { _, resource, region in recognizer(resource)?.setRegion(region) }
    implementation.set_cancels_touches = { _, resource, value in
      recognizer(resource)?.setCancelsTouches(value)
    }
    implementation.set_delays_touches_began = { _, resource, value in
      recognizer(resource)?.setDelaysTouchesBegan(value)
    }
    implementation.set_delays_touches_ended = { _, resource, value in
      recognizer(resource)?.setDelaysTouchesEnded(value)
    }
    implementation.set_enabled = { _, resource, value in recognizer(resource)?.setEnabled(value) }
    implementation.require_failure_of = { _, resource, other in
      recognizer(resource)?.requireFailure(of: other)
    }
    implementation.recognize_simultaneously_with = { _, resource, other in
      recognizer(resource)?.recognizeSimultaneously(with: other)
    }
    let pointer = UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface>.allocate(capacity: 1)
    pointer.initialize(to: implementation)
    return pointer
  }()
