/* SPDX-License-Identifier: MIT */
/* Shim for the libwayland-server system library (pkg-config wayland-server).
 * WL_HIDE_DEPRECATED keeps struct wl_resource opaque: without it wayland-server.h
 * defines the deprecated struct layout and Swift would import wl_resource as a
 * second, different type from the opaque one seen through wayland-server-core.h. */
#ifndef CWAYLANDSERVER_H
#define CWAYLANDSERVER_H

#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>

/* Pointers to the core interface descriptions. In Swift the names of these
 * globals clash with the request vtable structs of the same names
 * (struct wl_compositor_interface ...), and an imported C global's address
 * cannot be taken conveniently, so these accessors return them. */
static inline const struct wl_interface *cwl_server_compositor_interface(void) {
  return &wl_compositor_interface;
}
static inline const struct wl_interface *cwl_server_surface_interface(void) {
  return &wl_surface_interface;
}
static inline const struct wl_interface *cwl_server_region_interface(void) {
  return &wl_region_interface;
}
static inline const struct wl_interface *cwl_server_callback_interface(void) {
  return &wl_callback_interface;
}

/* wl_resource_post_error is variadic (printf-style) and so unavailable from
 * Swift; this posts an already formatted message. */
static inline void cwl_resource_post_error_message(struct wl_resource *resource,
                                                   uint32_t code, const char *message) {
  wl_resource_post_error(resource, code, "%s", message);
}

#endif
