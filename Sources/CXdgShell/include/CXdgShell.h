/* SPDX-License-Identifier: MIT */
/* Accessors for the interface descriptions a window client binds from wl_registry:
 * xdg_wm_base (defined, hidden, in the generated xdg-shell-protocol.c) and the core
 * wl_shm and wl_seat (defined in libwayland-client; CWaylandClient has no accessor
 * for them). Swift cannot conveniently take the address of an imported C global. */
#ifndef CXDGSHELL_H
#define CXDGSHELL_H

#include <wayland-util.h>

/** &xdg_wm_base_interface */
const struct wl_interface *xdg_wm_base_interface_pointer(void);
/** &wl_shm_interface */
const struct wl_interface *cxdg_wl_shm_interface_pointer(void);
/** &wl_seat_interface */
const struct wl_interface *cxdg_wl_seat_interface_pointer(void);

#endif
