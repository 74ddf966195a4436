/* SPDX-License-Identifier: MIT */
/* CDriveSeat for weston 10: libweston-10 and libweston-desktop-10, and the functions
 * ../CDriveSeatShared.h declares under "What each major's header defines". */
#ifndef CDRIVE_SEAT_H
#define CDRIVE_SEAT_H

#include <wayland-server-core.h>
#include <libweston/libweston.h>
#include <libweston-desktop/libweston-desktop.h>

#include "../CDriveSeatShared.h"

static inline int32_t cwts_view_x(const struct weston_view *view) {
  return (int32_t)view->geometry.x;
}
static inline int32_t cwts_view_y(const struct weston_view *view) {
  return (int32_t)view->geometry.y;
}

static inline bool cwts_read_output_pixels(struct weston_output *output, void *pixels,
                                           int32_t w, int32_t h) {
  struct weston_renderer *r = output->compositor->renderer;
  if (!r || !r->read_pixels) return false;
  return r->read_pixels(output, PIXMAN_a8r8g8b8, pixels, 0, 0, (uint32_t)w, (uint32_t)h) == 0;
}

#endif
