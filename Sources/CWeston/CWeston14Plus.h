/* SPDX-License-Identifier: MIT */
/* What the CWeston headers of weston 14 and later share (included by libweston-14/CWeston.h
 * and libweston-16/CWeston.h after ../CWestonShared.h): global coordinates are
 * `struct weston_coord_global` (picking, output positions), the windowed-output API takes a
 * backend, and the frontend no longer watches processes for modules (wet_watch_process is
 * gone in weston 14: a pidfd on weston's event loop watches a command instead). */
#ifndef CWESTON_14_PLUS_H
#define CWESTON_14_PLUS_H

#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static inline int32_t cweston_output_x(const struct weston_output *o) {
  return (int32_t)o->pos.c.x;
}
static inline int32_t cweston_output_y(const struct weston_output *o) {
  return (int32_t)o->pos.c.y;
}

/* Exported by libweston 14 and later, declared in their internal backend.h. */
struct weston_coord_global weston_coord_global_from_output_point(double x, double y,
                                                                 const struct weston_output *output);

static inline void cweston_output_point_to_global(struct weston_output *o, double x, double y,
                                                  double *gx, double *gy) {
  struct weston_coord_global pos = weston_coord_global_from_output_point(x, y, o);
  *gx = pos.c.x;
  *gy = pos.c.y;
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

/* The pidfd is readable once the child has ended. weston's SIGCHLD handler reaps every child
 * (waitpid(-1)), so whichever of the two weston's event loop dispatches first reaps the
 * command: this one, with its status, or weston's (it logs "unknown child process exited"),
 * after which the status is unknown here (logged, reported as 0): once in 25 runs measured
 * (docs/platforms.md). */
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
