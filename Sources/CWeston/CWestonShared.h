/* SPDX-License-Identifier: MIT */
/* CWeston's part shared by every weston major: thin inline helpers for what Swift cannot do
 * conveniently (wl_list walks, container structs) over the structures that did not change
 * between weston 10 and 14, and the functions libweston exports without an installed header
 * whose signatures did not change. The header of one major (libweston-N/CWeston.h, the layer
 * that speaks that major's API) defines CWESTON_MAJOR, includes this file (which includes
 * libweston's headers from that major's include directory), declares what that libweston
 * exports undeclared with a signature of its own, and then defines the functions declared
 * under "What each major's header defines" below. The Swift modules use only these
 * names, never an API that differs between majors. */
#ifndef CWESTON_SHARED_H
#define CWESTON_SHARED_H

#define WL_HIDE_DEPRECATED 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/types.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>
#include <libweston/libweston.h>
#include <libweston/config-parser.h>
#include <libweston/windowed-output-api.h>
#include <libweston/plugin-registry.h>

/* Exported by libweston without an installed header (libweston-internal.h, backend.h), the
 * same in every major so far. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
                      const char *seat_name);
void weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                 void *backend_data,
                                 const struct weston_touch_device_ops *ops);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

/* weston's frontend (libexec_weston.so, loaded by the weston binary): the parsed
 * weston.ini. Declared in <weston/weston.h>; resolved when weston loads the module. */
struct weston_config *wet_get_config(struct weston_compositor *compositor);

/* ---- What each major's header defines (libweston-N/CWeston.h) ---- */

/* CWESTON_MAJOR: the weston major the module is built for (10, 14, 16). */

/* An output's top-left corner in global coordinates. */
static inline int32_t cweston_output_x(const struct weston_output *o);
static inline int32_t cweston_output_y(const struct weston_output *o);

/* The global point of (x, y) in the output's own pixels (its current mode, before its
 * transform and scale: what a touchscreen overlaying the panel reports), as weston's own
 * libinput backend maps a touch (weston_output_transform_coordinate in 10,
 * weston_coord_global_from_output_point in 14 and later). */
static inline void cweston_output_point_to_global(struct weston_output *o, double x, double y,
                                                  double *gx, double *gy);

/* One down, motion or up (`type`: WL_TOUCH_DOWN, _MOTION, _UP) of touch `id` of a touch
 * device, at (x, y) in global coordinates (ignored for up), as a backend reports it. */
static inline void cweston_notify_touch(struct weston_touch_device *device,
                                        const struct timespec *time, int32_t id, double x,
                                        double y, int type);

/* The view weston picks at (x, y) in global coordinates (what a touch there goes to) and the
 * point in its surface's coordinates; NULL when there is none. */
static inline struct weston_view *cweston_pick_view(struct weston_compositor *c, double x,
                                                    double y, double *sx, double *sy);

/* CWESTON_GRAB_MOVE and CWESTON_GRAB_UP: the parameters after `grab` of the touch grab's
 * down and motion, and of its up. */

/* The touch grab's down, motion and up: they call cweston_touch_handlers' (below), with the
 * position in global coordinates. */
static void cweston_grab_down(struct weston_touch_grab *grab, CWESTON_GRAB_MOVE);
static void cweston_grab_motion(struct weston_touch_grab *grab, CWESTON_GRAB_MOVE);
static void cweston_grab_up(struct weston_touch_grab *grab, CWESTON_GRAB_UP);

/* Asks the backend for one more head named `name` through weston's windowed-output API
 * (headless, x11 and wayland backends); weston's frontend then makes it an output placed
 * right of the others. -1 when the backend has no such API or refuses. */
static inline int cweston_create_windowed_head(struct weston_compositor *c, const char *name);

/* Watches child `pid` (a system gesture's command): `exited(data, pid, status)`, status as
 * waitpid's, runs on weston's event loop once it has ended (weston's SIGCHLD handler reaps
 * every child of weston). False when it cannot be watched. */
static inline bool cweston_watch_process(struct weston_compositor *c, int32_t pid,
                                         void (*exited)(void *, int32_t, int32_t), void *data);

/* ---- Shared ---- */

/* The weston major whose libweston this process runs when it is not CWESTON_MAJOR (the
 * module was built for another weston), else 0. */
static inline int cweston_other_major_loaded(void) {
  for (int major = 8; major <= 30; major++) {
    if (major == CWESTON_MAJOR) continue;
    char name[32];
    snprintf(name, sizeof name, "libweston-%d.so.0", major);
    void *handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
    if (handle) {
      dlclose(handle);
      return major;
    }
  }
  return 0;
}

/* The handlers of the seats' default touch grab (cweston_touch_install_handlers): times are
 * CLOCK_MONOTONIC, positions global coordinates. */
struct cweston_touch_handlers {
  void (*down)(struct weston_touch *touch, const struct timespec *time, int32_t id, double x,
               double y);
  void (*motion)(struct weston_touch *touch, const struct timespec *time, int32_t id, double x,
                 double y);
  void (*up)(struct weston_touch *touch, const struct timespec *time, int32_t id);
  void (*frame)(struct weston_touch *touch);
  void (*cancel)(struct weston_touch *touch);
};

static inline struct cweston_touch_handlers *cweston_touch_handlers_slot(void) {
  static struct cweston_touch_handlers handlers;
  return &handlers;
}

static void cweston_grab_frame(struct weston_touch_grab *grab) {
  cweston_touch_handlers_slot()->frame(grab->touch);
}

static void cweston_grab_cancel(struct weston_touch_grab *grab) {
  cweston_touch_handlers_slot()->cancel(grab->touch);
}

static inline const struct weston_touch_grab_interface *cweston_touch_grab_interface(void) {
  static const struct weston_touch_grab_interface interface = {
      cweston_grab_down, cweston_grab_up, cweston_grab_motion, cweston_grab_frame,
      cweston_grab_cancel};
  return &interface;
}

/* Makes `handlers` (every member set; the same for every seat) the handlers of `touch`'s
 * default grab, replacing weston's. */
static inline void cweston_touch_install_handlers(struct weston_touch *touch,
                                                  const struct cweston_touch_handlers *handlers) {
  *cweston_touch_handlers_slot() = *handlers;
  touch->default_grab.interface = cweston_touch_grab_interface();
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

/* The output named `name` (the first output when name is NULL): its mode's size in its own
 * pixels (before transform and scale), and the global points of that mode's (0, 0), (1, 0)
 * and (0, 1) (an output's transform and scale are affine: the three give every point);
 * false when there is no such output or it has no mode. */
static inline bool cweston_output_mode_mapping(struct weston_compositor *c, const char *name,
                                               int32_t *w, int32_t *h, double *origin_x,
                                               double *origin_y, double *x1_x, double *x1_y,
                                               double *y1_x, double *y1_y) {
  struct weston_output *o;
  wl_list_for_each(o, &c->output_list, link) {
    if (name && (!o->name || strcmp(o->name, name) != 0)) continue;
    if (!o->current_mode || o->current_mode->width <= 0 || o->current_mode->height <= 0)
      return false;
    *w = o->current_mode->width;
    *h = o->current_mode->height;
    cweston_output_point_to_global(o, 0, 0, origin_x, origin_y);
    cweston_output_point_to_global(o, 1, 0, x1_x, x1_y);
    cweston_output_point_to_global(o, 0, 1, y1_x, y1_y);
    return true;
  }
  return false;
}

/* The rectangle of the enabled output named `name` (the first output when name is NULL);
 * false when there is no such output. */
static inline bool cweston_output_rect(struct weston_compositor *c, const char *name, int32_t *x,
                                       int32_t *y, int32_t *w, int32_t *h) {
  struct weston_output *o;
  wl_list_for_each(o, &c->output_list, link) {
    if (name && (!o->name || strcmp(o->name, name) != 0)) continue;
    *x = cweston_output_x(o); *y = cweston_output_y(o); *w = o->width; *h = o->height;
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
    int32_t ox = cweston_output_x(o), oy = cweston_output_y(o);
    if (ox < x1) x1 = ox;
    if (oy < y1) y1 = oy;
    if (ox + o->width > x2) x2 = ox + o->width;
    if (oy + o->height > y2) y2 = oy + o->height;
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
  double sx, sy;
  struct weston_view *view = cweston_pick_view(c, x, y, &sx, &sy);
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
