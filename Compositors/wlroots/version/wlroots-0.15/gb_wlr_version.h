/* SPDX-License-Identifier: MIT */
/* gb_wlr_version.h for wlroots 0.15 (Debian 12: libwlroots.so.10): what the wlroots adapter
 * (gb_wlr_adapter.c) and the loader (gb_wlr_preload.c) say differently for each wlroots
 * version, in one place. The build puts this folder on the include path
 * (Compositors/wlroots/version/select.sh picks it); every version's header defines the same
 * names (docs/wlroots.md, "wlroots versions"). wlr_compositor_create's parameters, which
 * changed in 0.17, need nothing here: the loader's wrapper (gb_wlr_preload.c) forwards every
 * version's. */
#ifndef GB_WLR_VERSION_H
#define GB_WLR_VERSION_H

#include <stdbool.h>
#include <stdint.h>

#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_region.h> /* wlr_region_from_resource; in wlr_compositor.h since 0.18 */
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_surface.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/box.h>

#include "../touch-grab.h"

/* The wlroots series this build speaks and the library compositors built on it link. */
#define GB_WLR_SERIES "0.15"
#define GB_WLR_SONAME "libwlroots.so.10"

/* A wlr_cursor's touch events (their input device is `device`). */
typedef struct wlr_event_touch_down gb_wlr_touch_down_event;
typedef struct wlr_event_touch_up gb_wlr_touch_up_event;
typedef struct wlr_event_touch_motion gb_wlr_touch_motion_event;
typedef struct wlr_event_touch_cancel gb_wlr_touch_cancel_event;
#define GB_WLR_TOUCH_EVENT_DEVICE(event) ((event)->device)

/* The touchscreen's physical size in millimetres (0 when unknown). */
static inline void gb_wlr_touch_size(struct wlr_input_device *device, double *width_mm,
                                     double *height_mm) {
  *width_mm = device->width_mm;
  *height_mm = device->height_mm;
}

/* The layout's bounding box; false when the layout has none. */
static inline bool gb_wlr_layout_box(struct wlr_output_layout *layout, struct wlr_box *box) {
  struct wlr_box *layout_box = wlr_output_layout_get_box(layout, NULL);
  if (layout_box == NULL) return false;
  *box = *layout_box;
  return true;
}

/* Defines `name`, a struct wlr_touch_grab_interface whose callbacks call the adapter's
 * version-neutral ones: down(grab, point) returns the down's serial, up(grab, point),
 * wl_cancel(grab) (the compositor's wlr_seat_touch_notify_cancel); everything else does
 * nothing. */
#define GB_WLR_DEFINE_TOUCH_GRAB(name, on_down, on_up, on_wl_cancel)                           \
  GB_WLR_DEFINE_TOUCH_GRAB_SHARED_CALLBACKS(name, on_down)                                     \
  static void name##_up(struct wlr_seat_touch_grab *grab, uint32_t time_msec,                  \
                        struct wlr_touch_point *point) {                                       \
    (void)time_msec;                                                                           \
    on_up(grab, point);                                                                        \
  }                                                                                            \
  static void name##_wl_cancel(struct wlr_seat_touch_grab *grab, struct wlr_surface *surface) { \
    (void)surface;                                                                             \
    on_wl_cancel(grab);                                                                        \
  }                                                                                            \
  static const struct wlr_touch_grab_interface name = {                                        \
      GB_WLR_TOUCH_GRAB_INTERFACE_FIELDS(name),                                                \
  }

#endif
