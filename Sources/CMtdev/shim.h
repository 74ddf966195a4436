/* SPDX-License-Identifier: MIT */
#ifndef GESTUREBRIDGE_CMTDEV_SHIM_H
#define GESTUREBRIDGE_CMTDEV_SHIM_H

#include <mtdev-plumbing.h>
#include <string.h>

/* One evdev event as the decoder keeps it: a microsecond time instead of struct input_event's
 * timeval, whose field names depend on the C library's time_t width (input_event_sec/usec
 * macros), so Swift never touches struct input_event. */
struct gb_mtdev_event {
  unsigned long long time_microseconds;
  unsigned short type;
  unsigned short code;
  int value;
};

/* Hands one event to mtdev (which converts protocol-A packets when the event is a SYN_REPORT). */
static inline void gb_mtdev_put(struct mtdev *dev, const struct gb_mtdev_event *event) {
  struct input_event ev;
  memset(&ev, 0, sizeof(ev));
  ev.input_event_sec = event->time_microseconds / 1000000ULL;
  ev.input_event_usec = event->time_microseconds % 1000000ULL;
  ev.type = event->type;
  ev.code = event->code;
  ev.value = event->value;
  mtdev_put_event(dev, &ev);
}

/* Takes mtdev's next converted event into *event; returns 0 (and leaves *event alone) when
 * there is none. */
static inline int gb_mtdev_take(struct mtdev *dev, struct gb_mtdev_event *event) {
  if (mtdev_empty(dev)) return 0;
  struct input_event ev;
  mtdev_get_event(dev, &ev);
  event->time_microseconds =
      (unsigned long long)ev.input_event_sec * 1000000ULL + (unsigned long long)ev.input_event_usec;
  event->type = ev.type;
  event->code = ev.code;
  event->value = ev.value;
  return 1;
}

#endif
