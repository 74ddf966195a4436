/* SPDX-License-Identifier: MIT */
/* CWeston for weston 10: libweston-10's public headers, the few functions libweston-10
 * exports but declares only in its uninstalled internal headers (libweston-internal.h,
 * backend.h of weston 10.0, with weston 10's signatures), weston 10's frontend process
 * watching (<weston/weston.h>, installed by the weston package, not libweston-10-dev), and
 * the functions ../CWestonShared.h declares under "What each major's header defines". */
#ifndef CWESTON_H
#define CWESTON_H

#define CWESTON_MAJOR 10
/* The parameters after `grab` of the touch grab's down and motion, and of its up. */
#define CWESTON_GRAB_MOVE const struct timespec *time, int touch_id, wl_fixed_t x, wl_fixed_t y
#define CWESTON_GRAB_UP const struct timespec *time, int touch_id

#include "../CWestonShared.h"

void notify_touch_normalized(struct weston_touch_device *device,
                             const struct timespec *time, int touch_id,
                             double x, double y,
                             const struct weston_point2d_device_normalized *norm,
                             int touch_type);

/* weston's frontend: it reaps every child of weston (its SIGCHLD handler) and calls
 * `cleanup` for the ones watched with wet_watch_process. Weak: weston 11 and later have no
 * wet_watch_process, and a module built for weston 10 loaded by them must still load far
 * enough to say that it is built for another weston (WestonMajor). */
struct weston_process;
typedef void (*weston_process_cleanup_func_t)(struct weston_process *process, int status);
struct weston_process {
  pid_t pid;
  weston_process_cleanup_func_t cleanup;
  struct wl_list link;
};
__attribute__((weak)) void wet_watch_process(struct weston_compositor *compositor,
                                            struct weston_process *process);

static inline int32_t cweston_output_x(const struct weston_output *o) { return o->x; }
static inline int32_t cweston_output_y(const struct weston_output *o) { return o->y; }

/* Exported by libweston-10, declared in its internal libweston-internal.h. */
void weston_output_transform_coordinate(struct weston_output *output, double device_x,
                                        double device_y, double *x, double *y);

static inline void cweston_output_point_to_global(struct weston_output *o, double x, double y,
                                                  double *gx, double *gy) {
  weston_output_transform_coordinate(o, x, y, gx, gy);
}

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

static void cweston_grab_up(struct weston_touch_grab *grab, const struct timespec *time,
                            int touch_id) {
  cweston_touch_handlers_slot()->up(grab->touch, time, touch_id);
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
  if (!wet_watch_process) return false;
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
