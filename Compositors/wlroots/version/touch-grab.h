/* SPDX-License-Identifier: MIT */
/* touch-grab.h: the callbacks of the adapter's seat touch grab that every wlroots version
 * (0.15 to 0.20) declares alike, for each version's GB_WLR_DEFINE_TOUCH_GRAB
 * (wlroots-0.15/gb_wlr_version.h, since-0.16.h), which adds up and wl_cancel (their
 * signatures changed in 0.16) and the interface: name##_down calls the adapter's
 * version-neutral on_down(grab, point), which returns the down's serial; name##_point
 * (motion, enter; 0.20's clear_focus) and name##_nothing (frame, cancel) do nothing; and
 * GB_WLR_TOUCH_GRAB_INTERFACE_FIELDS, the interface's fields they fill. */
#ifndef GB_WLR_TOUCH_GRAB_H
#define GB_WLR_TOUCH_GRAB_H

#include <stdint.h>

#include <wlr/types/wlr_seat.h>

#define GB_WLR_DEFINE_TOUCH_GRAB_SHARED_CALLBACKS(name, on_down)                              \
  static uint32_t name##_down(struct wlr_seat_touch_grab *grab, uint32_t time_msec,            \
                              struct wlr_touch_point *point) {                                 \
    (void)time_msec;                                                                           \
    return on_down(grab, point);                                                               \
  }                                                                                            \
  static void name##_point(struct wlr_seat_touch_grab *grab, uint32_t time_msec,               \
                           struct wlr_touch_point *point) {                                    \
    (void)grab, (void)time_msec, (void)point;                                                  \
  }                                                                                            \
  static void name##_nothing(struct wlr_seat_touch_grab *grab) { (void)grab; }

/* The fields of the interface `name` that every version sets alike (name##_up and
 * name##_wl_cancel being each version's own). */
#define GB_WLR_TOUCH_GRAB_INTERFACE_FIELDS(name)                                              \
  .down = name##_down, .up = name##_up, .motion = name##_point, .enter = name##_point,        \
  .frame = name##_nothing, .cancel = name##_nothing, .wl_cancel = name##_wl_cancel

#endif
