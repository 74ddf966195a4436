/* Spike shim: libweston-10 public header plus the few symbols libweston-10
 * exports but declares only in its uninstalled internal headers
 * (libweston/libweston-internal.h, libweston/backend.h of weston 10.0). */
#ifndef CWESTONSPIKE_H
#define CWESTONSPIKE_H

#define WL_HIDE_DEPRECATED 1
#include <stdlib.h>
#include <time.h>
#include <wayland-server-core.h>
#include <libweston/libweston.h>

void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
                      const char *seat_name);
void weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                 void *backend_data,
                                 const struct weston_touch_device_ops *ops);
void notify_touch_normalized(struct weston_touch_device *device,
                             const struct timespec *time, int touch_id,
                             double x, double y,
                             const struct weston_point2d_device_normalized *norm,
                             int touch_type);
void notify_touch_frame(struct weston_touch_device *device);

static inline struct weston_seat *cweston_seat_allocate(void) {
  return calloc(1, sizeof(struct weston_seat));
}

#endif
