/* SPDX-License-Identifier: MIT */
#include "CWaylandProtocols.h"

/* Defined (hidden visibility) in the generated xdg-shell-protocol.c. */
extern const struct wl_interface xdg_wm_base_interface;
/* Defined in libwayland-client. */
extern const struct wl_interface wl_shm_interface;
extern const struct wl_interface wl_seat_interface;

const struct wl_interface *xdg_wm_base_interface_pointer(void) { return &xdg_wm_base_interface; }

const struct wl_interface *cxdg_wl_shm_interface_pointer(void) { return &wl_shm_interface; }

const struct wl_interface *cxdg_wl_seat_interface_pointer(void) { return &wl_seat_interface; }
