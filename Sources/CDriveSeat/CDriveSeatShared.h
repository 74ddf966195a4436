/* SPDX-License-Identifier: MIT */
/* CDriveSeat's part shared by every weston major: what the test seat module (tests,
 * demo and `gesture-bridge drive` only) needs from libweston beyond CWeston.h: the first
 * mapped client window, an output's pixels and closing client windows (weston's desktop
 * API). The header of one major (libweston-N/CDriveSeat.h) includes libweston's headers
 * and this file, then defines what is declared under "What each major's header defines". */
#ifndef CDRIVE_SEAT_SHARED_H
#define CDRIVE_SEAT_SHARED_H

#include <stdbool.h>
#include <stdint.h>

/* ---- What each major's header defines (libweston-N/CDriveSeat.h) ---- */

/* The top-left corner in global coordinates of a view without a parent. */
static inline int32_t cwts_view_x(const struct weston_view *view);
static inline int32_t cwts_view_y(const struct weston_view *view);

/* Reads `output`'s w x h pixels from its top-left corner as 32-bit a8r8g8b8 (native
 * endian), top row first, into `pixels` (w * h * 4 bytes), with the renderer's read_pixels;
 * false when the renderer cannot. */
static inline bool cwts_read_output_pixels(struct weston_output *output, void *pixels,
                                           int32_t w, int32_t h);

/* ---- Shared ---- */

/* The topmost mapped view of a client's surface that has no parent view (a window, not a
 * subsurface or the shell's own background) in the compositor's view list (what the last
 * repaint showed, top first) and that overlaps the rectangle (ox, oy, ow, oh) (an output):
 * its rectangle in global coordinates and its client. False when there is none. */
static inline bool cwts_client_window(struct weston_compositor *c, int32_t ox, int32_t oy,
                                      int32_t ow, int32_t oh, int32_t *x, int32_t *y,
                                      int32_t *w, int32_t *h, struct wl_client **client) {
  struct weston_view *view;
  wl_list_for_each(view, &c->view_list, link) {
    struct weston_surface *s = view->surface;
    if (!s || !s->resource || view->geometry.parent) continue;
    if (!weston_surface_is_mapped(s) || !weston_view_is_mapped(view)) continue;
    if (s->width <= 0 || s->height <= 0) continue;
    int32_t vx = cwts_view_x(view), vy = cwts_view_y(view);
    if (vx >= ox + ow || vy >= oy + oh || vx + s->width <= ox || vy + s->height <= oy) continue;
    *x = vx;
    *y = vy;
    *w = s->width;
    *h = s->height;
    *client = wl_resource_get_client(s->resource);
    return true;
  }
  return false;
}

/* Asks every mapped client window (a view without a parent whose surface is a desktop
 * surface: xdg_toplevel) to close, as a window manager's close button does
 * (weston_desktop_surface_close: xdg_toplevel.close); returns how many were asked. */
static inline int cwts_close_client_windows(struct weston_compositor *c) {
  int closed = 0;
  struct weston_view *view;
  wl_list_for_each(view, &c->view_list, link) {
    struct weston_surface *s = view->surface;
    if (!s || !s->resource || view->geometry.parent || !weston_surface_is_mapped(s)) continue;
    if (!weston_surface_is_desktop_surface(s)) continue;
    weston_desktop_surface_close(weston_surface_get_desktop_surface(s));
    closed++;
  }
  return closed;
}

/* The size of `output`'s current mode in pixels; false without a mode. */
static inline bool cwts_output_pixel_size(struct weston_output *output, int32_t *w, int32_t *h) {
  if (!output->current_mode) return false;
  *w = output->current_mode->width;
  *h = output->current_mode->height;
  return *w > 0 && *h > 0;
}

/* Whether the renderer's pixels are stored bottom row first (GL renderer). */
static inline bool cwts_capture_y_flipped(struct weston_compositor *c) {
  return (c->capabilities & WESTON_CAP_CAPTURE_YFLIP) != 0;
}

#endif
