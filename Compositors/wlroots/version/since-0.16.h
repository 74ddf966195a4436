/* SPDX-License-Identifier: MIT */
/* since-0.16.h: the part of gb_wlr_version.h (see wlroots-0.15/gb_wlr_version.h for what each
 * name means) that wlroots 0.18, 0.19 and 0.20 share: the touch events of struct wlr_touch
 * (0.16), wlr_seat_touch_notify_up's serial and wl_cancel for a seat client (0.16),
 * wlr_output_layout_get_box into a caller's box (0.17). (wlr_compositor_create's new version
 * parameter, 0.17, needs nothing here: the loader's wrapper takes every version's.)
 * Included by those versions' gb_wlr_version.h, which add the series, the soname and what
 * their touch grab interface has beyond 0.18's (GB_WLR_TOUCH_GRAB_EXTRA_FIELDS). */
#ifndef GB_WLR_SINCE_0_16_H
#define GB_WLR_SINCE_0_16_H

#include <stdbool.h>
#include <stdint.h>

#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/box.h>

#include "touch-grab.h"

typedef struct wlr_touch_down_event gb_wlr_touch_down_event;
typedef struct wlr_touch_up_event gb_wlr_touch_up_event;
typedef struct wlr_touch_motion_event gb_wlr_touch_motion_event;
typedef struct wlr_touch_cancel_event gb_wlr_touch_cancel_event;
#define GB_WLR_TOUCH_EVENT_DEVICE(event) (&(event)->touch->base)

static inline void gb_wlr_touch_size(struct wlr_input_device *device, double *width_mm,
                                     double *height_mm) {
  struct wlr_touch *touch = device != NULL && device->type == WLR_INPUT_DEVICE_TOUCH
                                ? wlr_touch_from_input_device(device)
                                : NULL;
  *width_mm = touch != NULL ? touch->width_mm : 0;
  *height_mm = touch != NULL ? touch->height_mm : 0;
}

static inline bool gb_wlr_layout_box(struct wlr_output_layout *layout, struct wlr_box *box) {
  wlr_output_layout_get_box(layout, NULL, box);
  return !wlr_box_empty(box);
}

/* GB_WLR_DEFINE_TOUCH_GRAB(name, on_down, on_up, on_wl_cancel) (what it defines:
 * wlroots-0.15/gb_wlr_version.h) for every version since 0.16: up returns a serial (none: the
 * grab sends nothing), wl_cancel names a seat client. A version whose interface has more
 * callbacks defines GB_WLR_TOUCH_GRAB_EXTRA_FIELDS(name) before including this header: its
 * designated initializers, from the callbacks defined here (0.20: `.clear_focus =
 * name##_point,`). */
#ifndef GB_WLR_TOUCH_GRAB_EXTRA_FIELDS
#define GB_WLR_TOUCH_GRAB_EXTRA_FIELDS(name)
#endif

#define GB_WLR_DEFINE_TOUCH_GRAB(name, on_down, on_up, on_wl_cancel)                           \
  GB_WLR_DEFINE_TOUCH_GRAB_SHARED_CALLBACKS(name, on_down)                                     \
  static uint32_t name##_up(struct wlr_seat_touch_grab *grab, uint32_t time_msec,              \
                            struct wlr_touch_point *point) {                                   \
    (void)time_msec;                                                                           \
    on_up(grab, point);                                                                        \
    return 0;                                                                                  \
  }                                                                                            \
  static void name##_wl_cancel(struct wlr_seat_touch_grab *grab,                               \
                               struct wlr_seat_client *seat_client) {                          \
    (void)seat_client;                                                                         \
    on_wl_cancel(grab);                                                                        \
  }                                                                                            \
  static const struct wlr_touch_grab_interface name = {                                        \
      GB_WLR_TOUCH_GRAB_INTERFACE_FIELDS(name),                                                \
      GB_WLR_TOUCH_GRAB_EXTRA_FIELDS(name)                                                     \
  }

#endif
