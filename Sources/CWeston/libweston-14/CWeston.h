/* SPDX-License-Identifier: MIT */
/* CWeston for weston 14: libweston-14's public headers, the few functions libweston-14
 * exports but declares only in its uninstalled internal headers (libweston-internal.h,
 * backend.h of weston 14.0, with weston 14's signatures), and the functions
 * ../CWestonShared.h declares under "What each major's header defines". What changed from
 * weston 10: global coordinates are `struct weston_coord_global` (touch grabs, picking,
 * notify_touch_normalized, output positions), the windowed-output API takes a backend, and
 * the frontend no longer watches processes for modules (wet_watch_process is gone: a pidfd
 * on weston's event loop watches the command instead). */
#ifndef CWESTON_H
#define CWESTON_H

#define CWESTON_MAJOR 14
/* The position parameters of the touch grab's down and motion. */
#define CWESTON_GRAB_POSITION struct weston_coord_global c

#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "../CWestonShared.h"

void notify_touch_normalized(struct weston_touch_device *device,
                             const struct timespec *time, int touch_id,
                             const struct weston_coord_global *pos,
                             const struct weston_point2d_device_normalized *norm,
                             int touch_type);
static inline int32_t cweston_output_x(const struct weston_output *o) {
  return (int32_t)o->pos.c.x;
}
static inline int32_t cweston_output_y(const struct weston_output *o) {
  return (int32_t)o->pos.c.y;
}

static inline void cweston_notify_touch(struct weston_touch_device *device,
                                        const struct timespec *time, int32_t id, double x,
                                        double y, int type) {
  /* weston 14 asserts that an up has no position. */
  struct weston_coord_global pos;
  pos.c.x = x;
  pos.c.y = y;
  notify_touch_normalized(device, time, id, type == WL_TOUCH_UP ? NULL : &pos, NULL, type);
}

static inline struct weston_view *cweston_pick_view(struct weston_compositor *c, double x,
                                                    double y, double *sx, double *sy) {
  struct weston_coord_global pos;
  pos.c.x = x;
  pos.c.y = y;
  struct weston_view *view = weston_compositor_pick_view(c, pos);
  *sx = 0;
  *sy = 0;
  if (view) {
    struct weston_coord_surface local = weston_coord_global_to_surface(view, pos);
    *sx = local.c.x;
    *sy = local.c.y;
  }
  return view;
}

static void cweston_grab_down(struct weston_touch_grab *grab, const struct timespec *time,
                              int touch_id, struct weston_coord_global c) {
  cweston_touch_handlers_slot()->down(grab->touch, time, touch_id, c.c.x, c.c.y);
}

static void cweston_grab_motion(struct weston_touch_grab *grab, const struct timespec *time,
                                int touch_id, struct weston_coord_global c) {
  cweston_touch_handlers_slot()->motion(grab->touch, time, touch_id, c.c.x, c.c.y);
}

static inline int cweston_create_windowed_head(struct weston_compositor *c, const char *name) {
  enum weston_windowed_output_type types[] = {
      WESTON_WINDOWED_OUTPUT_HEADLESS, WESTON_WINDOWED_OUTPUT_X11, WESTON_WINDOWED_OUTPUT_WAYLAND};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    const struct weston_windowed_output_api *api = weston_windowed_output_get_api(c, types[i]);
    if (api && c->primary_backend) return api->create_head(c->primary_backend, name);
  }
  return -1;
}

/* A watched child: its pidfd's event source on weston's event loop. */
struct cweston_watched_process {
  int pidfd;
  pid_t pid;
  struct wl_event_source *source;
  void (*exited)(void *data, int32_t pid, int32_t status);
  void *data;
};

/* The pidfd is readable once the child has ended. The kernel wakes pidfd waiters before it
 * sends SIGCHLD, so this runs before weston's SIGCHLD handler and reaps the child with its
 * status; should weston have reaped it first, its status is unknown (logged, reported as 0). */
static int cweston_pidfd_readable(int fd, uint32_t mask, void *data) {
  struct cweston_watched_process *watched = data;
  siginfo_t info;
  memset(&info, 0, sizeof info);
  int32_t status = 0;
  if (waitid((idtype_t)P_PIDFD, (id_t)fd, &info, WEXITED | WNOHANG) == 0 && info.si_pid != 0) {
    status = info.si_code == CLD_EXITED ? (info.si_status & 0xff) << 8
                                        : (info.si_status & 0x7f) | (info.si_code == CLD_DUMPED ? 0x80 : 0);
  } else {
    weston_log("gesture-bridge-weston: command pid %d was reaped by weston: exit status unknown\n",
               (int)watched->pid);
  }
  wl_event_source_remove(watched->source);
  close(fd);
  watched->exited(watched->data, watched->pid, status);
  free(watched);
  (void)mask;
  return 0;
}

static inline bool cweston_watch_process(struct weston_compositor *c, int32_t pid,
                                         void (*exited)(void *, int32_t, int32_t), void *data) {
  struct cweston_watched_process *watched = calloc(1, sizeof *watched);
  if (!watched) return false;
  watched->pidfd = (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
  if (watched->pidfd < 0) {
    free(watched);
    return false;
  }
  watched->pid = pid;
  watched->exited = exited;
  watched->data = data;
  watched->source = wl_event_loop_add_fd(wl_display_get_event_loop(c->wl_display), watched->pidfd,
                                         WL_EVENT_READABLE, cweston_pidfd_readable, watched);
  if (!watched->source) {
    close(watched->pidfd);
    free(watched);
    return false;
  }
  return true;
}

#endif
