/* SPDX-License-Identifier: MIT */
/* CWeston for weston 16: libweston-16's public headers, the few functions libweston-16
 * exports but declares only in its uninstalled internal headers (backend.h of weston 16.0,
 * with weston 16's signatures), and the functions ../CWestonShared.h declares under "What
 * each major's header defines", with ../CWeston14Plus.h (what weston 14 and later share).
 * What changed from weston 14 here: a touch is a `struct weston_touch_event` (time, id,
 * type, position), which the touch grab's down, motion and up and notify_touch_normalized
 * take whole. */
#ifndef CWESTON_H
#define CWESTON_H

#define CWESTON_MAJOR 16
/* The parameters after `grab` of the touch grab's down and motion, and of its up. */
#define CWESTON_GRAB_MOVE const struct weston_touch_event *event
#define CWESTON_GRAB_UP const struct weston_touch_event *event

#include "../CWestonShared.h"
#include "../CWeston14Plus.h"

void notify_touch_normalized(const struct weston_touch_event *event,
                             const struct weston_point2d_device_normalized *norm);

static inline void cweston_notify_touch(struct weston_touch_device *device,
                                        const struct timespec *time, int32_t id, double x,
                                        double y, int type) {
  struct weston_touch_event event;
  memset(&event, 0, sizeof event);
  event.base.ts = *time;
  event.base.seat = device->aggregate ? device->aggregate->seat : NULL;
  event.device = device;
  event.touch_type = type;
  event.touch_id = id;
  if (type != WL_TOUCH_UP) {
    event.pos.c.x = x;
    event.pos.c.y = y;
  }
  notify_touch_normalized(&event, NULL);
}

static void cweston_grab_down(struct weston_touch_grab *grab,
                              const struct weston_touch_event *event) {
  cweston_touch_handlers_slot()->down(grab->touch, &event->base.ts, event->touch_id,
                                      event->pos.c.x, event->pos.c.y);
}

static void cweston_grab_motion(struct weston_touch_grab *grab,
                                const struct weston_touch_event *event) {
  cweston_touch_handlers_slot()->motion(grab->touch, &event->base.ts, event->touch_id,
                                        event->pos.c.x, event->pos.c.y);
}

static void cweston_grab_up(struct weston_touch_grab *grab,
                            const struct weston_touch_event *event) {
  cweston_touch_handlers_slot()->up(grab->touch, &event->base.ts, event->touch_id);
}

#endif
