/* SPDX-License-Identifier: MIT */
/* Shim for the libwayland-client system library (pkg-config wayland-client).
 * WL_HIDE_DEPRECATED hides deprecated declarations, as in CWaylandServer. */
#ifndef CWAYLANDCLIENT_H
#define CWAYLANDCLIENT_H

#define WL_HIDE_DEPRECATED 1
#include <wayland-client.h>

/* Pointers to the core interface descriptions, for wl_registry_bind and the
 * like: an imported C global's address cannot be taken conveniently in Swift. */
static inline const struct wl_interface *cwl_client_compositor_interface(void) {
  return &wl_compositor_interface;
}
static inline const struct wl_interface *cwl_client_registry_interface(void) {
  return &wl_registry_interface;
}
static inline const struct wl_interface *cwl_client_surface_interface(void) {
  return &wl_surface_interface;
}
static inline const struct wl_interface *cwl_client_data_device_manager_interface(void) {
  return &wl_data_device_manager_interface;
}

#endif
