/* SPDX-License-Identifier: MIT */
/* CWeston for weston 10: libweston-10's public headers, the few functions libweston-10
 * exports but declares only in its uninstalled internal headers (libweston-internal.h,
 * backend.h of weston 10.0, with weston 10's signatures), weston 10's frontend process
 * watching (<weston/weston.h>, installed by the weston package, not libweston-10-dev), and
 * the functions ../CWestonShared.h declares under "What each major's header defines". */
#ifndef CWESTON_H
#define CWESTON_H

#define WL_HIDE_DEPRECATED 1
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>
#include <libweston/libweston.h>
#include <libweston/config-parser.h>
#include <libweston/windowed-output-api.h>
#include <libweston/plugin-registry.h>
#include <sys/types.h>

#define CWESTON_MAJOR 10

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
void notify_touch_cancel(struct weston_touch_device *device);

/* weston's frontend (libexec_weston.so, loaded by the weston binary): the parsed
 * weston.ini. Declared in <weston/weston.h>; resolved when weston loads the module. */
struct weston_config *wet_get_config(struct weston_compositor *compositor);

/* weston's frontend: it reaps every child of weston (its SIGCHLD handler) and calls
 * `cleanup` for the ones watched with wet_watch_process. */
struct weston_process;
typedef void (*weston_process_cleanup_func_t)(struct weston_process *process, int status);
struct weston_process {
  pid_t pid;
  weston_process_cleanup_func_t cleanup;
  struct wl_list link;
};
void wet_watch_process(struct weston_compositor *compositor, struct weston_process *process);

#include "../CWestonShared.h"

static inline int32_t cweston_output_x(const struct weston_output *o) { return o->x; }
static inline int32_t cweston_output_y(const struct weston_output *o) { return o->y; }

static inline void cweston_notify_touch(struct weston_touch_device *device,
                                        const struct timespec *time, int32_t id, double x,
                                        double y, int type) {
  notify_touch_normalized(device, time, id, x, y, NULL, type);
}

static inline struct weston_view *cweston_pick_view(struct weston_compositor *c, double x,
                                                    double y, double *sx, double *sy) {
  wl_fixed_t fx, fy;
  struct weston_view *view =
      weston_compositor_pick_view(c, wl_fixed_from_double(x), wl_fixed_from_double(y), &fx, &fy);
  *sx = wl_fixed_to_double(fx);
  *sy = wl_fixed_to_double(fy);
  return view;
}

static void cweston_grab_down(struct weston_touch_grab *grab, const struct timespec *time,
                              int touch_id, wl_fixed_t x, wl_fixed_t y) {
  cweston_touch_handlers_slot()->down(grab->touch, time, touch_id, wl_fixed_to_double(x),
                                      wl_fixed_to_double(y));
}

static void cweston_grab_motion(struct weston_touch_grab *grab, const struct timespec *time,
                                int touch_id, wl_fixed_t x, wl_fixed_t y) {
  cweston_touch_handlers_slot()->motion(grab->touch, time, touch_id, wl_fixed_to_double(x),
                                        wl_fixed_to_double(y));
}

static inline const struct weston_touch_grab_interface *cweston_touch_grab_interface(void) {
  static const struct weston_touch_grab_interface interface = {
      cweston_grab_down, cweston_grab_up, cweston_grab_motion, cweston_grab_frame,
      cweston_grab_cancel};
  return &interface;
}

static inline int cweston_create_windowed_head(struct weston_compositor *c, const char *name) {
  const struct weston_windowed_output_api *api = weston_windowed_output_get_api(c);
  return api ? api->create_head(c, name) : -1;
}

struct cweston_watched_process {
  struct weston_process process;
  void (*exited)(void *data, int32_t pid, int32_t status);
  void *data;
};

static inline void cweston_watched_process_cleanup(struct weston_process *process, int status) {
  struct cweston_watched_process *watched = wl_container_of(process, watched, process);
  watched->exited(watched->data, process->pid, status);
  free(watched);
}

static inline bool cweston_watch_process(struct weston_compositor *c, int32_t pid,
                                         void (*exited)(void *, int32_t, int32_t), void *data) {
  struct cweston_watched_process *watched = calloc(1, sizeof *watched);
  if (!watched) return false;
  watched->process.pid = pid;
  watched->process.cleanup = cweston_watched_process_cleanup;
  watched->exited = exited;
  watched->data = data;
  wet_watch_process(c, &watched->process);
  return true;
}

#endif
