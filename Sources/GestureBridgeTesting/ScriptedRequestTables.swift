// SPDX-License-Identifier: MIT
// GENERATED FILE, DO NOT EDIT.
// Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-requests-swift.awk.
// Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer
import GestureBridgeServer

/// The requests of `gesture_bridge_manager_v1`, each handed to
/// `scriptedRequest` as a `RecordedRequest.Kind`.
nonisolated(unsafe) let scriptedManagerRequests:
  UnsafeMutablePointer<gesture_bridge_manager_v1_interface> = {
    var implementation = gesture_bridge_manager_v1_interface()
    implementation.destroy = { client, resource in
      scriptedRequest(client, resource, .destroy)
    }
    implementation.get_recognizer = { client, resource, id, surface, type in
      let surfaceID = surface.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .getRecognizer(surface: surfaceID, type: type), newID: id)
    }
    implementation.get_system_gesture_surface = { client, resource, id, surface in
      let surfaceID = surface.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .getSystemGestureSurface(surface: surfaceID), newID: id)
    }
    return requestTable(implementation)
  }()

/// The requests of `gesture_bridge_system_gesture_surface_v1`, each handed to
/// `scriptedRequest` as a `RecordedRequest.Kind`.
nonisolated(unsafe) let scriptedSystemGestureSurfaceRequests:
  UnsafeMutablePointer<gesture_bridge_system_gesture_surface_v1_interface> = {
    var implementation = gesture_bridge_system_gesture_surface_v1_interface()
    implementation.destroy = { client, resource in
      scriptedRequest(client, resource, .destroy)
    }
    implementation.set_exclusion_region = { client, resource, region in
      let regionID = region.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .setExclusionRegion(region: regionID))
    }
    implementation.set_deferred_edges = { client, resource, edges in
      scriptedRequest(client, resource, .setDeferredEdges(edges: edges))
    }
    return requestTable(implementation)
  }()

/// The requests of `gesture_bridge_recognizer_v1`, each handed to
/// `scriptedRequest` as a `RecordedRequest.Kind`.
nonisolated(unsafe) let scriptedRecognizerRequests:
  UnsafeMutablePointer<gesture_bridge_recognizer_v1_interface> = {
    var implementation = gesture_bridge_recognizer_v1_interface()
    implementation.destroy = { client, resource in
      scriptedRequest(client, resource, .destroy)
    }
    implementation.commit = { client, resource in
      scriptedRequest(client, resource, .commit)
    }
    implementation.set_number_of_taps_required = { client, resource, taps in
      scriptedRequest(client, resource, .setNumberOfTapsRequired(taps: taps))
    }
    implementation.set_number_of_touches_required = { client, resource, touches in
      scriptedRequest(client, resource, .setNumberOfTouchesRequired(touches: touches))
    }
    implementation.set_minimum_press_duration = { client, resource, durationUsec in
      scriptedRequest(client, resource, .setMinimumPressDuration(durationUsec: durationUsec))
    }
    implementation.set_allowable_movement = { client, resource, distance in
      scriptedRequest(client, resource, .setAllowableMovement(distance: distance))
    }
    implementation.set_minimum_number_of_touches = { client, resource, touches in
      scriptedRequest(client, resource, .setMinimumNumberOfTouches(touches: touches))
    }
    implementation.set_maximum_number_of_touches = { client, resource, touches in
      scriptedRequest(client, resource, .setMaximumNumberOfTouches(touches: touches))
    }
    implementation.set_direction = { client, resource, direction in
      scriptedRequest(client, resource, .setDirection(direction: direction))
    }
    implementation.set_edges = { client, resource, edges in
      scriptedRequest(client, resource, .setEdges(edges: edges))
    }
    implementation.set_region = { client, resource, region in
      let regionID = region.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .setRegion(region: regionID))
    }
    implementation.set_cancels_touches = { client, resource, enabled in
      scriptedRequest(client, resource, .setCancelsTouches(enabled: enabled))
    }
    implementation.set_delays_touches_began = { client, resource, enabled in
      scriptedRequest(client, resource, .setDelaysTouchesBegan(enabled: enabled))
    }
    implementation.set_delays_touches_ended = { client, resource, enabled in
      scriptedRequest(client, resource, .setDelaysTouchesEnded(enabled: enabled))
    }
    implementation.set_enabled = { client, resource, enabled in
      scriptedRequest(client, resource, .setEnabled(enabled: enabled))
    }
    implementation.require_failure_of = { client, resource, other in
      let otherID = other.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .requireFailureOf(other: otherID))
    }
    implementation.recognize_simultaneously_with = { client, resource, other in
      let otherID = other.map { wl_resource_get_id($0) } ?? 0
      scriptedRequest(client, resource, .recognizeSimultaneouslyWith(other: otherID))
    }
    return requestTable(implementation)
  }()

extension RecordedRequest {
  /// A request as received, values as on the wire (objects by id, 0 for null).
  public enum Kind: Equatable, Sendable {
    /// Every interface's destructor, `destroy`.
    case destroy
    /// `gesture_bridge_manager_v1.get_recognizer`.
    case getRecognizer(surface: UInt32, type: UInt32)
    /// `gesture_bridge_manager_v1.get_system_gesture_surface`.
    case getSystemGestureSurface(surface: UInt32)
    /// `gesture_bridge_system_gesture_surface_v1.set_exclusion_region`.
    case setExclusionRegion(region: UInt32)
    /// `gesture_bridge_system_gesture_surface_v1.set_deferred_edges`.
    case setDeferredEdges(edges: UInt32)
    /// `gesture_bridge_recognizer_v1.commit`.
    case commit
    /// `gesture_bridge_recognizer_v1.set_number_of_taps_required`.
    case setNumberOfTapsRequired(taps: Int32)
    /// `gesture_bridge_recognizer_v1.set_number_of_touches_required`.
    case setNumberOfTouchesRequired(touches: Int32)
    /// `gesture_bridge_recognizer_v1.set_minimum_press_duration`.
    case setMinimumPressDuration(durationUsec: Int32)
    /// `gesture_bridge_recognizer_v1.set_allowable_movement`.
    case setAllowableMovement(distance: Int32)
    /// `gesture_bridge_recognizer_v1.set_minimum_number_of_touches`.
    case setMinimumNumberOfTouches(touches: Int32)
    /// `gesture_bridge_recognizer_v1.set_maximum_number_of_touches`.
    case setMaximumNumberOfTouches(touches: Int32)
    /// `gesture_bridge_recognizer_v1.set_direction`.
    case setDirection(direction: UInt32)
    /// `gesture_bridge_recognizer_v1.set_edges`.
    case setEdges(edges: UInt32)
    /// `gesture_bridge_recognizer_v1.set_region`.
    case setRegion(region: UInt32)
    /// `gesture_bridge_recognizer_v1.set_cancels_touches`.
    case setCancelsTouches(enabled: UInt32)
    /// `gesture_bridge_recognizer_v1.set_delays_touches_began`.
    case setDelaysTouchesBegan(enabled: UInt32)
    /// `gesture_bridge_recognizer_v1.set_delays_touches_ended`.
    case setDelaysTouchesEnded(enabled: UInt32)
    /// `gesture_bridge_recognizer_v1.set_enabled`.
    case setEnabled(enabled: UInt32)
    /// `gesture_bridge_recognizer_v1.require_failure_of`.
    case requireFailureOf(other: UInt32)
    /// `gesture_bridge_recognizer_v1.recognize_simultaneously_with`.
    case recognizeSimultaneouslyWith(other: UInt32)
  }
}
