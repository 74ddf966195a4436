/* SPDX-License-Identifier: MIT */
/* CDriveSeat for weston 16: libweston-16 (its desktop API is <libweston/desktop.h>), and
 * the functions ../CDriveSeatShared.h declares under "What each major's header defines".
 * Screenshots are not supported on weston 16 yet: its internal `struct weston_renderer` no
 * longer starts with read_pixels (pixman's is the sixth member there and takes the pixels as
 * its second parameter, read from libweston-16.so.0's code, not from a header), so
 * cwts_read_output_pixels says it cannot read pixels and drive reports that, until the layout
 * is checked against weston 16's libweston-internal.h. */
#ifndef CDRIVE_SEAT_H
#define CDRIVE_SEAT_H

#include <wayland-server-core.h>
#include <libweston/libweston.h>
#include <libweston/desktop.h>

#include "../CDriveSeatShared.h"
#include "../CDriveSeat14Plus.h"

static inline bool cwts_read_output_pixels(struct weston_output *output, void *pixels,
                                           int32_t w, int32_t h) {
  (void)output;
  (void)pixels;
  (void)w;
  (void)h;
  return false;
}

#endif
