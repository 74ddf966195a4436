/* SPDX-License-Identifier: MIT */
/* CWeston: libweston-10's public header, the few functions libweston-10 exports
 * but declares only in its uninstalled internal headers (libweston-internal.h,
 * backend.h of weston 10.0, with weston 10's signatures: re-check on upgrade),
 * and thin inline helpers for what Swift cannot do conveniently (wl_list walks,
 * container structs). */
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
 * `cleanup` for the ones watched with wet_watch_process. Declared in <weston/weston.h>,
 * which the weston package installs, not libweston-10-dev (weston 10's layout: re-check on
 * upgrade). */
struct weston_process;
typedef void (*weston_process_cleanup_func_t)(struct weston_process *process, int status);
struct weston_process {
  pid_t pid;
  weston_process_cleanup_func_t cleanup;
  struct wl_list link;
};
void wet_watch_process(struct weston_compositor *compositor, struct weston_process *process);

/* A child process the module started (a system gesture's command), watched by weston's
 * SIGCHLD handler, which reaps every child of weston (an unknown one is only logged):
 * `exited(data, pid, status)` runs on weston's event loop when it has been reaped. */
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

/* Watches `pid` with wet_watch_process; false when out of memory. */
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

/* One line in weston's log (its --log file, else stderr). */
static inline void cweston_log(const char *line) { weston_log("%s\n", line); }

/* A string key of a weston.ini section as a malloc'ed string (free it), or NULL when the
 * section or key is missing. */
static inline char *cweston_config_string(struct weston_compositor *c, const char *section,
                                          const char *key) {
  struct weston_config *config = wet_get_config(c);
  struct weston_config_section *s =
      config ? weston_config_get_section(config, section, NULL, NULL) : NULL;
  char *value = NULL;
  if (!s || weston_config_section_get_string(s, key, &value, NULL) < 0) return NULL;
  return value;
}

/* The rectangle of the enabled output named `name` (the first output when name is NULL);
 * false when there is no such output. */
static inline bool cweston_output_rect(struct weston_compositor *c, const char *name, int32_t *x,
                                       int32_t *y, int32_t *w, int32_t *h) {
  struct weston_output *o;
  wl_list_for_each(o, &c->output_list, link) {
    if (name && (!o->name || strcmp(o->name, name) != 0)) continue;
    *x = o->x; *y = o->y; *w = o->width; *h = o->height;
    return true;
  }
  return false;
}

/* The size in global coordinates of the first output one of whose heads is an embedded
 * panel (connection_internal: eDP, LVDS, DSI, where a touchscreen overlays the display) and
 * reports its physical size (EDID), and that size in millimetres; false when no output does.
 * External monitors are skipped (their touchscreen, if any, is a separate device whose size
 * libinput knows), and so are the heads of the headless, x11 and wayland backends, whose
 * physical sizes are made up (headless reports one millimetre per pixel). */
static inline bool cweston_output_physical_size(struct weston_compositor *c, int32_t *w,
                                                int32_t *h, int32_t *mm_w, int32_t *mm_h) {
  struct weston_output *o;
  struct weston_head *head;
  wl_list_for_each(o, &c->output_list, link) {
    wl_list_for_each(head, &o->head_list, output_link) {
      if (!head->connection_internal || head->mm_width <= 0 || head->mm_height <= 0 ||
          o->width <= 0 || o->height <= 0)
        continue;
      *w = o->width; *h = o->height; *mm_w = head->mm_width; *mm_h = head->mm_height;
      return true;
    }
  }
  return false;
}

/* Asks the backend for one more head named `name` through weston's windowed-output API
 * (headless, x11 and wayland backends); weston's frontend then makes it an output placed
 * right of the others. -1 when the backend has no such API or refuses. */
static inline int cweston_create_windowed_head(struct weston_compositor *c, const char *name) {
  const struct weston_windowed_output_api *api = weston_windowed_output_get_api(c);
  return api ? api->create_head(c, name) : -1;
}

/* A seat that lives as long as the process (weston keeps pointers into it). */
static inline struct weston_seat *cweston_seat_allocate(void) {
  return calloc(1, sizeof(struct weston_seat));
}

/* Whether a grab other than the seat's default touch grab has the touches (drag-and-drop,
 * a popup, a shell move, another module's grab). */
static inline bool cweston_touch_has_other_grab(struct weston_touch *touch) {
  return touch->grab != &touch->default_grab;
}

/* A wl_listener followed by a user pointer. */
struct cweston_listener {
  struct wl_listener listener;
  void *data;
};

static inline struct cweston_listener *cweston_listener_allocate(wl_notify_func_t notify,
                                                                 void *data) {
  struct cweston_listener *l = calloc(1, sizeof(*l));
  if (l) {
    l->listener.notify = notify;
    l->data = data;
  }
  return l;
}

static inline void *cweston_listener_data(struct wl_listener *listener) {
  /* listener is the first member of struct cweston_listener. */
  return ((struct cweston_listener *)listener)->data;
}

/* The seats of the compositor, up to capacity; returns how many there are. */
static inline int cweston_seats(struct weston_compositor *c, struct weston_seat **out,
                                int capacity) {
  int n = 0;
  struct weston_seat *seat;
  wl_list_for_each(seat, &c->seat_list, link) {
    if (n < capacity) out[n] = seat;
    n++;
  }
  return n;
}

/* The bounding box of the compositor's outputs; false without outputs. */
static inline bool cweston_screen_rect(struct weston_compositor *c, int32_t *x, int32_t *y,
                                       int32_t *w, int32_t *h) {
  struct weston_output *o;
  int32_t x1 = INT32_MAX, y1 = INT32_MAX, x2 = INT32_MIN, y2 = INT32_MIN;
  wl_list_for_each(o, &c->output_list, link) {
    if (o->x < x1) x1 = o->x;
    if (o->y < y1) y1 = o->y;
    if (o->x + o->width > x2) x2 = o->x + o->width;
    if (o->y + o->height > y2) y2 = o->y + o->height;
  }
  if (x1 > x2) return false;
  *x = x1; *y = y1; *w = x2 - x1; *h = y2 - y1;
  return true;
}

/* Writes up to capacity rectangles (x, y, w, h quadruples) of a wl_region
 * resource created by weston; returns how many it has. */
static inline int cweston_region_rectangles(struct wl_resource *region, int32_t *xywh,
                                            int capacity) {
  struct weston_region *r = wl_resource_get_user_data(region);
  if (!r) return -1;
  int n = 0;
  pixman_box32_t *boxes = pixman_region32_rectangles(&r->region, &n);
  for (int i = 0; i < n && i < capacity; i++) {
    xywh[4 * i] = boxes[i].x1;
    xywh[4 * i + 1] = boxes[i].y1;
    xywh[4 * i + 2] = boxes[i].x2 - boxes[i].x1;
    xywh[4 * i + 3] = boxes[i].y2 - boxes[i].y1;
  }
  return n;
}

/* The role name of a wl_surface resource created by weston, or NULL. */
static inline const char *cweston_surface_role(struct wl_resource *surface) {
  struct weston_surface *s = wl_resource_get_user_data(surface);
  return s ? weston_surface_get_role(s) : NULL;
}

enum cweston_touch_kind { CWESTON_DOWN, CWESTON_MOTION, CWESTON_UP, CWESTON_FRAME, CWESTON_CANCEL };

/* Sends one wl_touch event to every wl_touch of `touch`'s seat owned by the
 * client of `surface` (bound resources and focused ones alike). */
static inline void cweston_touch_send(struct weston_touch *touch, enum cweston_touch_kind kind,
                                      struct wl_resource *surface, uint32_t serial,
                                      uint32_t msec, int32_t id, wl_fixed_t sx, wl_fixed_t sy) {
  struct wl_client *client = wl_resource_get_client(surface);
  struct wl_list *lists[2] = {&touch->resource_list, &touch->focus_resource_list};
  for (int l = 0; l < 2; l++) {
    struct wl_resource *resource;
    wl_resource_for_each(resource, lists[l]) {
      if (wl_resource_get_client(resource) != client) continue;
      switch (kind) {
      case CWESTON_DOWN: wl_touch_send_down(resource, serial, msec, surface, id, sx, sy); break;
      case CWESTON_MOTION: wl_touch_send_motion(resource, msec, id, sx, sy); break;
      case CWESTON_UP: wl_touch_send_up(resource, serial, msec, id); break;
      case CWESTON_FRAME: wl_touch_send_frame(resource); break;
      case CWESTON_CANCEL: wl_touch_send_cancel(resource); break;
      }
    }
  }
}

/* The output named `name` (NULL: the first output), or NULL. */
static inline struct weston_output *cweston_output_named(struct weston_compositor *c,
                                                         const char *name) {
  struct weston_output *o;
  wl_list_for_each(o, &c->output_list, link) {
    if (!name || (o->name && strcmp(o->name, name) == 0)) return o;
  }
  return NULL;
}

/* Whether a client's mapped surface that takes input is at (x, y) in global coordinates
 * (what weston_compositor_pick_view finds for a touch there; the shell's own views, such as
 * kiosk-shell's background, have no client resource and do not count). */
static inline bool cweston_client_surface_at(struct weston_compositor *c, double x, double y) {
  wl_fixed_t sx, sy;
  struct weston_view *view =
      weston_compositor_pick_view(c, wl_fixed_from_double(x), wl_fixed_from_double(y), &sx, &sy);
  return view && view->surface && view->surface->resource &&
         weston_surface_is_mapped(view->surface) && weston_view_is_mapped(view);
}

/* The plugin API libgesture-bridge-weston.so registers (weston_plugin_api_register) for
 * the test seat module libgesture-bridge-weston-test-seat.so, which gets it with
 * weston_plugin_api_get when it is loaded after the main module. */
#define GESTURE_BRIDGE_WESTON_API_NAME "gesture_bridge_weston_v1"

struct gesture_bridge_weston_api_v1 {
  /* The main module's virtual touch seat "gesture-bridge" and its touch device, created on
   * the first call (the main module's `device=` feed uses the same one); NULL when weston
   * cannot create it. */
  struct weston_touch_device *(*virtual_touch_device)(struct weston_compositor *compositor);
  /* The recognizers clients have committed (gb_bridge_recognizer_count). */
  int32_t (*recognizer_count)(struct weston_compositor *compositor);
  /* Screen pixels per millimetre of the touch surface the test seat plays (0: unknown); the
   * bridge uses it unless a `device=` feed gives one. */
  void (*set_pixels_per_millimetre)(struct weston_compositor *compositor, double value);
  /* Called once by the test seat module when it has read its options: the main module
   * then stops warning that test-seat keys are set without it. */
  void (*test_seat_attached)(struct weston_compositor *compositor);
};

#endif
