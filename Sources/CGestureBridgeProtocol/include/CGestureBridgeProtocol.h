/* SPDX-License-Identifier: MIT */
/* Accessors for the gesture-bridge-v1 interface descriptions defined in the
 * generated gesture-bridge-v1-protocol.c. Swift cannot conveniently take the
 * address of an imported C global (and in the server header each name is also
 * a struct tag), so these return the pointers libwayland expects. */
#ifndef CGESTUREBRIDGEPROTOCOL_H
#define CGESTUREBRIDGEPROTOCOL_H

#include <wayland-util.h>

/** &gesture_bridge_manager_v1_interface */
const struct wl_interface *gesture_bridge_manager_v1_interface_pointer(void);
/** &gesture_bridge_recognizer_v1_interface */
const struct wl_interface *gesture_bridge_recognizer_v1_interface_pointer(void);
/** &gesture_bridge_system_gesture_surface_v1_interface (version 2) */
const struct wl_interface *gesture_bridge_system_gesture_surface_v1_interface_pointer(void);

#endif
