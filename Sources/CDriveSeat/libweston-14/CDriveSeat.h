/* SPDX-License-Identifier: MIT */
/* CDriveSeat for weston 14: libweston-14 (whose desktop API, libweston-desktop before
 * weston 11, is <libweston/desktop.h> in libweston itself), and the functions
 * ../CDriveSeatShared.h declares under "What each major's header defines". weston 14
 * keeps `struct weston_renderer` in its uninstalled libweston-internal.h: its first member,
 * read_pixels, is declared here with weston 14's signature (re-check on a new major), and the
 * pixel format comes from pixel_format_get_info_by_pixman, which libweston-14 exports. */
#ifndef CDRIVE_SEAT_H
#define CDRIVE_SEAT_H

#include <wayland-server-core.h>
#include <libweston/libweston.h>
#include <libweston/desktop.h>

#include "../CDriveSeatShared.h"
#include "../CDriveSeat14Plus.h"

struct pixel_format_info;
const struct pixel_format_info *pixel_format_get_info_by_pixman(pixman_format_code_t format);

/* The head of weston 14's struct weston_renderer (libweston-internal.h). */
struct cwts_weston_14_renderer {
  int (*read_pixels)(struct weston_output *output, const struct pixel_format_info *format,
                     void *pixels, uint32_t x, uint32_t y, uint32_t width, uint32_t height);
};

static inline bool cwts_read_output_pixels(struct weston_output *output, void *pixels,
                                           int32_t w, int32_t h) {
  const struct cwts_weston_14_renderer *r =
      (const struct cwts_weston_14_renderer *)output->compositor->renderer;
  const struct pixel_format_info *format = pixel_format_get_info_by_pixman(PIXMAN_a8r8g8b8);
  if (!r || !r->read_pixels || !format) return false;
  return r->read_pixels(output, format, pixels, 0, 0, (uint32_t)w, (uint32_t)h) == 0;
}

#endif
