/* SPDX-License-Identifier: MIT */
/* Accessors for the interface descriptions of the generated protocol code in this target
 * (gesture-bridge-v1-protocol.c, xdg-shell-protocol.c) and of the core interfaces a window
 * client binds from wl_registry. Swift cannot conveniently take the address of an imported
 * C global (and in a server header each name is also a struct tag), so these return the
 * pointers libwayland expects. */
#ifndef CWAYLANDPROTOCOLS_H
#define CWAYLANDPROTOCOLS_H

#include <wayland-util.h>

/* gesture-bridge-v1 (Protocols/gesture-bridge-v1.xml) */

/** &gesture_bridge_manager_v1_interface */
const struct wl_interface *gesture_bridge_manager_v1_interface_pointer(void);
/** &gesture_bridge_recognizer_v1_interface */
const struct wl_interface *gesture_bridge_recognizer_v1_interface_pointer(void);
/** &gesture_bridge_system_gesture_surface_v1_interface (version 2) */
const struct wl_interface *gesture_bridge_system_gesture_surface_v1_interface_pointer(void);

/* xdg-shell (wayland-protocols' stable xdg-shell.xml), for the demo client's window */

/** &xdg_wm_base_interface */
const struct wl_interface *xdg_wm_base_interface_pointer(void);
/** &wl_shm_interface (libwayland-client; CWaylandClient has no accessor for it) */
const struct wl_interface *cxdg_wl_shm_interface_pointer(void);
/** &wl_seat_interface (libwayland-client) */
const struct wl_interface *cxdg_wl_seat_interface_pointer(void);

#endif
