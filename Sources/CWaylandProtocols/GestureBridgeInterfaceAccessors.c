/* SPDX-License-Identifier: MIT */
#include "CWaylandProtocols.h"

/* Defined (hidden visibility) in the generated gesture-bridge-v1-protocol.c. */
extern const struct wl_interface gesture_bridge_manager_v1_interface;
extern const struct wl_interface gesture_bridge_recognizer_v1_interface;

const struct wl_interface *gesture_bridge_manager_v1_interface_pointer(void) {
  return &gesture_bridge_manager_v1_interface;
}

const struct wl_interface *gesture_bridge_recognizer_v1_interface_pointer(void) {
  return &gesture_bridge_recognizer_v1_interface;
}

extern const struct wl_interface gesture_bridge_system_gesture_surface_v1_interface;

const struct wl_interface *gesture_bridge_system_gesture_surface_v1_interface_pointer(void) {
  return &gesture_bridge_system_gesture_surface_v1_interface;
}
