/* SPDX-License-Identifier: MIT */
/* CWeston for weston 14: libweston-14's public headers, the few functions libweston-14
 * exports but declares only in its uninstalled internal headers (libweston-internal.h,
 * backend.h of weston 14.0, with weston 14's signatures), and the functions
 * ../CWestonShared.h declares under "What each major's header defines", with
 * ../CWeston14Plus.h (what weston 14 and later share). What changed from weston 10 here: the
 * touch grab's and notify_touch_normalized's positions are `struct weston_coord_global`. */
#ifndef CWESTON_H
#define CWESTON_H

#define CWESTON_MAJOR 14
/* The parameters after `grab` of the touch grab's down and motion, and of its up. */
#define CWESTON_GRAB_MOVE const struct timespec *time, int touch_id, struct weston_coord_global c
#define CWESTON_GRAB_UP const struct timespec *time, int touch_id

#include "../CWestonShared.h"
#include "../CWeston14Plus.h"

void notify_touch_normalized(struct weston_touch_device *device,
                             const struct timespec *time, int touch_id,
                             const struct weston_coord_global *pos,
                             const struct weston_point2d_device_normalized *norm,
                             int touch_type);

static inline void cweston_notify_touch(struct weston_touch_device *device,
                                        const struct timespec *time, int32_t id, double x,
                                        double y, int type) {
  /* weston 14 asserts that an up has no position. */
  struct weston_coord_global pos;
  pos.c.x = x;
  pos.c.y = y;
  notify_touch_normalized(device, time, id, type == WL_TOUCH_UP ? NULL : &pos, NULL, type);
}

static void cweston_grab_down(struct weston_touch_grab *grab, const struct timespec *time,
                              int touch_id, struct weston_coord_global c) {
  cweston_touch_handlers_slot()->down(grab->touch, time, touch_id, c.c.x, c.c.y);
}

static void cweston_grab_motion(struct weston_touch_grab *grab, const struct timespec *time,
                                int touch_id, struct weston_coord_global c) {
  cweston_touch_handlers_slot()->motion(grab->touch, time, touch_id, c.c.x, c.c.y);
}

static void cweston_grab_up(struct weston_touch_grab *grab, const struct timespec *time,
                            int touch_id) {
  cweston_touch_handlers_slot()->up(grab->touch, time, touch_id);
}

#endif
