// SPDX-License-Identifier: MIT
import CWaylandProtocols
import CWaylandProtocols.Server
import CWaylandServer

/// Protocol errors of gesture-bridge-v1, posted with a message naming the request and the
/// problem (`wl_resource_post_error` disconnects the client).
enum ProtocolError {
  static func postManager(
    _ resource: OpaquePointer, _ error: gesture_bridge_manager_v1_error, _ message: String
  ) {
    cwl_resource_post_error_message(
      resource, error.rawValue, "gesture_bridge_manager_v1.\(message)")
  }

  static func postRecognizer(
    _ resource: OpaquePointer, _ error: gesture_bridge_recognizer_v1_error, _ message: String
  ) {
    cwl_resource_post_error_message(
      resource, error.rawValue, "gesture_bridge_recognizer_v1.\(message)")
  }

  static func postSystemGestureSurface(
    _ resource: OpaquePointer, _ error: gesture_bridge_system_gesture_surface_v1_error,
    _ message: String
  ) {
    cwl_resource_post_error_message(
      resource, error.rawValue, "gesture_bridge_system_gesture_surface_v1.\(message)")
  }
}
