/* SPDX-License-Identifier: MIT */
/*
 * gesture-bridge-c-client: an example client of the gesture-bridge-v1 Wayland protocol in
 * plain C, written from Protocols/gesture-bridge-v1.xml and wayland-scanner's output only.
 *
 * It maps a one-colour xdg-shell window (a wl_shm buffer in a memfd), attaches three
 * recognizers to the window's wl_surface and prints every state change as one JSON line:
 *
 *   "double-tap"  tap, number of taps required 2 (--taps)
 *   "pan"         pan, maximum number of touches 2 (--pan-maximum-touches)
 *   "pinch"       pinch, recognizes simultaneously with "pan"
 *
 * Values given on the command line are sent as they are: the compositor checks them, and a
 * bad one (say --taps 0) is a protocol error, which this client reports and exits on. It
 * needs no wl_seat: recognizers see the touches that go down on their surface either way.
 *
 * With version 2 of the global it can also defer the compositor's system gestures on its
 * window (gesture_bridge_system_gesture_surface_v1): --exclude-system-gestures X,Y,W,H
 * excludes a rectangle, --defer-system-edges N defers the edges of the bitfield N (top 1,
 * left 2, bottom 4, right 8; sent unchecked, so 16 shows the invalid_edges error), both
 * applied by a wl_surface.commit; --second-system-gesture-surface asks for a second object
 * for the same surface (the system_gesture_surface_exists error).
 *
 * Build: Examples/c-client/build.sh (see docs/client.md, "From C").
 */
#define _GNU_SOURCE /* memfd_create */

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <wayland-client.h>

#include "gesture-bridge-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define PROGRAM "gesture-bridge-c-client"

enum exit_status {
  EXIT_OK = 0,
  EXIT_FAILURE_OTHER = 1,   /* no display, a missing global, the connection lost */
  EXIT_PROTOCOL_ERROR = 2,  /* the compositor raised a protocol error */
  EXIT_USAGE = 64,          /* invalid command line */
};

struct options {
  int width, height;
  int32_t taps;                /* sent with set_number_of_taps_required */
  int32_t pan_maximum_touches; /* sent with set_maximum_number_of_touches */
  long exit_after;             /* 0: run until a signal */
  bool print_failed, print_ready;
  /* Version 2: a rectangle excluded from system gestures (exclude: given), deferred edges
   * (defer: given), and a second system gesture surface object (a protocol error). */
  bool exclude, defer, second_system_gesture_surface;
  int32_t exclude_x, exclude_y, exclude_width, exclude_height;
  uint32_t deferred_edges;
};

struct app;

/* One recognizer and the values of the event group being received (see "Event groups" in
 * the XML): value events are kept until frame, which prints them and starts a new group. */
struct recognizer {
  struct app *app;
  const char *name;
  const char *type_name;
  uint32_t type;
  struct gesture_bridge_recognizer_v1 *proxy;
  double x, y;
  uint32_t touches;
  bool has_pair, has_velocity_pair, has_number;
  double first, second;          /* translation or scale/rotation and its velocity */
  double velocity_x, velocity_y; /* pan velocity */
  uint32_t number;               /* taps or direction */
};

struct app {
  struct options options;
  struct wl_display *display;
  struct wl_registry *registry;
  struct wl_compositor *compositor;
  struct wl_shm *shm;
  struct xdg_wm_base *wm_base;
  struct gesture_bridge_manager_v1 *manager;
  uint32_t manager_version;
  struct gesture_bridge_system_gesture_surface_v1 *system_gesture_surface, *second;
  struct wl_surface *surface;
  struct xdg_surface *xdg_surface;
  struct xdg_toplevel *toplevel;
  struct wl_buffer *buffer;
  bool configured, closed;
  long printed;
  struct recognizer double_tap, pan, pinch;
};

/* ---- output ---------------------------------------------------------------------------- */

static const char *state_name(uint32_t state) {
  switch (state) {
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_BEGAN: return "began";
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CHANGED: return "changed";
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_ENDED: return "ended";
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_CANCELLED: return "cancelled";
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_FAILED: return "failed";
  case GESTURE_BRIDGE_RECOGNIZER_V1_STATE_RECOGNIZED: return "recognized";
  default: return NULL;
  }
}

/* The JSON line of one state change, the schema of `gesture-bridge replay --format json`
 * with "view":"surface" (see docs/client.md). */
static void print_gesture(const struct recognizer *r, uint32_t state, uint64_t usec) {
  const char *name = state_name(state);
  if (name == NULL) {
    fprintf(stderr, PROGRAM ": %s: frame with unknown state %u ignored\n", r->name, state);
    return;
  }
  printf("{\"time\":%llu.%06llu,\"recognizer\":\"%s\",\"type\":\"%s\",\"view\":\"surface\","
         "\"state\":\"%s\",\"location\":[%.2f,%.2f],\"touches\":%u",
         (unsigned long long)(usec / 1000000), (unsigned long long)(usec % 1000000), r->name,
         r->type_name, name, r->x, r->y, r->touches);
  switch (r->type) {
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP:
    if (r->has_number)
      printf(",\"taps\":%u", r->number);
    else
      printf(",\"taps\":null");
    break;
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN:
    if (r->has_pair)
      printf(",\"translation\":[%.2f,%.2f]", r->first, r->second);
    else
      printf(",\"translation\":null");
    if (r->has_velocity_pair)
      printf(",\"velocity\":[%.1f,%.1f]", r->velocity_x, r->velocity_y);
    else
      printf(",\"velocity\":null");
    break;
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH:
    if (r->has_pair)
      printf(",\"scale\":%.4f,\"velocity\":%.4f", r->first, r->second);
    else
      printf(",\"scale\":null,\"velocity\":null");
    break;
  default:
    break;
  }
  printf("}\n");
  fflush(stdout);
}

/* ---- recognizer events ------------------------------------------------------------------ */

static void on_location(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t x,
                        wl_fixed_t y) {
  struct recognizer *r = data;
  (void)proxy;
  r->x = wl_fixed_to_double(x);
  r->y = wl_fixed_to_double(y);
}

static void on_touches(void *data, struct gesture_bridge_recognizer_v1 *proxy,
                       uint32_t number) {
  struct recognizer *r = data;
  (void)proxy;
  r->touches = number;
}

static void on_translation(void *data, struct gesture_bridge_recognizer_v1 *proxy,
                           wl_fixed_t dx, wl_fixed_t dy) {
  struct recognizer *r = data;
  (void)proxy;
  if (r->type != GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN) return; /* not this type's: ignored */
  r->first = wl_fixed_to_double(dx);
  r->second = wl_fixed_to_double(dy);
  r->has_pair = true;
}

static void on_velocity(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t vx,
                        wl_fixed_t vy) {
  struct recognizer *r = data;
  (void)proxy;
  if (r->type != GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN) return;
  r->velocity_x = wl_fixed_to_double(vx);
  r->velocity_y = wl_fixed_to_double(vy);
  r->has_velocity_pair = true;
}

static void on_scale(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t scale,
                     wl_fixed_t velocity) {
  struct recognizer *r = data;
  (void)proxy;
  if (r->type != GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH) return;
  r->first = wl_fixed_to_double(scale);
  r->second = wl_fixed_to_double(velocity);
  r->has_pair = true;
}

static void on_rotation(void *data, struct gesture_bridge_recognizer_v1 *proxy,
                        wl_fixed_t rotation, wl_fixed_t velocity) {
  (void)data, (void)proxy, (void)rotation, (void)velocity; /* no rotation recognizer here */
}

static void on_direction(void *data, struct gesture_bridge_recognizer_v1 *proxy,
                         uint32_t direction) {
  (void)data, (void)proxy, (void)direction; /* no swipe recognizer here */
}

static void on_taps(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t number) {
  struct recognizer *r = data;
  (void)proxy;
  if (r->type != GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP) return;
  r->number = number;
  r->has_number = true;
}

static void on_frame(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t state,
                     uint32_t utime_hi, uint32_t utime_lo) {
  struct recognizer *r = data;
  struct app *app = r->app;
  (void)proxy;
  uint64_t usec = ((uint64_t)utime_hi << 32) | utime_lo;
  if (state != GESTURE_BRIDGE_RECOGNIZER_V1_STATE_FAILED || app->options.print_failed) {
    print_gesture(r, state, usec);
    app->printed++;
  }
  /* The next group starts empty: a failed frame carries only location and touches. */
  r->has_pair = r->has_velocity_pair = r->has_number = false;
}

static const struct gesture_bridge_recognizer_v1_listener recognizer_listener = {
  .location = on_location,
  .touches = on_touches,
  .translation = on_translation,
  .velocity = on_velocity,
  .scale = on_scale,
  .rotation = on_rotation,
  .direction = on_direction,
  .taps = on_taps,
  .frame = on_frame,
};

/* ---- globals, window ---------------------------------------------------------------------- */

static void on_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial) {
  (void)data;
  xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = on_ping};

static void on_global(void *data, struct wl_registry *registry, uint32_t name,
                      const char *interface, uint32_t version) {
  struct app *app = data;
  if (strcmp(interface, wl_compositor_interface.name) == 0) {
    app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
                                       version < 4 ? version : 4);
  } else if (strcmp(interface, wl_shm_interface.name) == 0) {
    app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
  } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
    app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
  } else if (strcmp(interface, gesture_bridge_manager_v1_interface.name) == 0) {
    /* Version 2 adds get_system_gesture_surface; version 1 is enough without it. */
    app->manager_version = version < 2 ? version : 2;
    app->manager = wl_registry_bind(registry, name, &gesture_bridge_manager_v1_interface,
                                    app->manager_version);
  }
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {
  .global = on_global,
  .global_remove = on_global_remove,
};

static void on_buffer_release(void *data, struct wl_buffer *buffer) {
  (void)data, (void)buffer; /* the one buffer stays attached and is never redrawn */
}

static const struct wl_buffer_listener buffer_listener = {.release = on_buffer_release};

/* A width x height XRGB8888 wl_buffer filled with one colour, in a memfd. */
static struct wl_buffer *create_buffer(struct app *app) {
  int width = app->options.width, height = app->options.height;
  int stride = width * 4;
  size_t size = (size_t)stride * (size_t)height;
  int fd = memfd_create(PROGRAM "-buffer", MFD_CLOEXEC);
  if (fd < 0) {
    fprintf(stderr, PROGRAM ": memfd_create: %s\n", strerror(errno));
    return NULL;
  }
  if (ftruncate(fd, (off_t)size) < 0) {
    fprintf(stderr, PROGRAM ": ftruncate: %s\n", strerror(errno));
    close(fd);
    return NULL;
  }
  uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels == MAP_FAILED) {
    fprintf(stderr, PROGRAM ": mmap: %s\n", strerror(errno));
    close(fd);
    return NULL;
  }
  for (size_t i = 0; i < size / 4; i++) pixels[i] = 0xff3a6ea5;
  munmap(pixels, size);
  struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
  struct wl_buffer *buffer =
    wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
  wl_shm_pool_destroy(pool);
  close(fd);
  wl_buffer_add_listener(buffer, &buffer_listener, app);
  return buffer;
}

static void on_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
                                     uint32_t serial) {
  struct app *app = data;
  xdg_surface_ack_configure(xdg_surface, serial);
  if (!app->configured) {
    app->buffer = create_buffer(app);
    if (app->buffer == NULL) exit(EXIT_FAILURE_OTHER);
    wl_surface_attach(app->surface, app->buffer, 0, 0);
    wl_surface_damage(app->surface, 0, 0, app->options.width, app->options.height);
  }
  wl_surface_commit(app->surface);
  app->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
  .configure = on_xdg_surface_configure,
};

static void on_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width,
                                  int32_t height, struct wl_array *states) {
  (void)data, (void)toplevel, (void)width, (void)height, (void)states; /* fixed size */
}

static void on_toplevel_close(void *data, struct xdg_toplevel *toplevel) {
  struct app *app = data;
  (void)toplevel;
  app->closed = true;
}

static const struct xdg_toplevel_listener toplevel_listener = {
  .configure = on_toplevel_configure,
  .close = on_toplevel_close,
};

/* ---- errors -------------------------------------------------------------------------------- */

/* The name of a protocol error code of this protocol's interfaces, or NULL. */
static const char *error_name(const struct wl_interface *interface, uint32_t code) {
  if (interface == &gesture_bridge_manager_v1_interface) {
    switch (code) {
    case GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE: return "invalid_type";
    case GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS: return "too_many_recognizers";
    case GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_SURFACE: return "invalid_surface";
    case GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS:
      return "system_gesture_surface_exists";
    }
  } else if (interface == &gesture_bridge_system_gesture_surface_v1_interface) {
    switch (code) {
    case GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES: return "invalid_edges";
    }
  } else if (interface == &gesture_bridge_recognizer_v1_interface) {
    switch (code) {
    case GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE: return "not_applicable";
    case GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE: return "invalid_value";
    case GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION: return "invalid_relation";
    case GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INERT_RELATION: return "inert_relation";
    case GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_FOREIGN_RECOGNIZER: return "foreign_recognizer";
    }
  }
  return NULL;
}

/* Called when libwayland reported a failure: explains the connection's error and exits.
 * libwayland-client has already logged the compositor's message on stderr. */
static void die_on_connection_error(struct app *app, const char *during) {
  int error = wl_display_get_error(app->display);
  if (error == EPROTO) {
    const struct wl_interface *interface = NULL;
    uint32_t id = 0;
    uint32_t code = wl_display_get_protocol_error(app->display, &interface, &id);
    const char *name = interface ? error_name(interface, code) : NULL;
    fprintf(stderr, PROGRAM ": protocol error %s@%u code %u (%s) during %s\n",
            interface ? interface->name : "unknown", id, code, name ? name : "unknown code",
            during);
    exit(EXIT_PROTOCOL_ERROR);
  }
  fprintf(stderr, PROGRAM ": connection to the compositor lost during %s: %s\n", during,
          strerror(error ? error : errno));
  exit(EXIT_FAILURE_OTHER);
}

static void roundtrip(struct app *app, const char *during) {
  if (wl_display_roundtrip(app->display) < 0) die_on_connection_error(app, during);
}

/* ---- recognizers ------------------------------------------------------------------------- */

static void create_recognizer(struct app *app, struct recognizer *r, const char *name,
                              const char *type_name, uint32_t type) {
  r->app = app;
  r->name = name;
  r->type_name = type_name;
  r->type = type;
  r->proxy = gesture_bridge_manager_v1_get_recognizer(app->manager, app->surface, type);
  gesture_bridge_recognizer_v1_add_listener(r->proxy, &recognizer_listener, r);
}

/* Creates and configures the recognizers; nothing listens before commit_recognizers. */
static void create_recognizers(struct app *app) {
  create_recognizer(app, &app->double_tap, "double-tap", "tap",
                    GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP);
  gesture_bridge_recognizer_v1_set_number_of_taps_required(app->double_tap.proxy,
                                                           app->options.taps);

  create_recognizer(app, &app->pan, "pan", "pan", GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN);
  gesture_bridge_recognizer_v1_set_maximum_number_of_touches(app->pan.proxy,
                                                             app->options.pan_maximum_touches);

  create_recognizer(app, &app->pinch, "pinch", "pinch", GESTURE_BRIDGE_MANAGER_V1_TYPE_PINCH);
  /* Symmetric: one side is enough. Takes effect at the pinch's commit. */
  gesture_bridge_recognizer_v1_recognize_simultaneously_with(app->pinch.proxy, app->pan.proxy);
}

static void commit_recognizers(struct app *app) {
  gesture_bridge_recognizer_v1_commit(app->double_tap.proxy);
  gesture_bridge_recognizer_v1_commit(app->pan.proxy);
  gesture_bridge_recognizer_v1_commit(app->pinch.proxy);
}

/* Version 2: the window's exclusion region and deferred edges, applied by the surface commit
 * (double-buffered on wl_surface.commit). Returns false when the global is version 1. */
static bool defer_system_gestures(struct app *app) {
  const struct options *o = &app->options;
  if (!o->exclude && !o->defer && !o->second_system_gesture_surface) return true;
  if (app->manager_version < 2) return false;
  app->system_gesture_surface =
      gesture_bridge_manager_v1_get_system_gesture_surface(app->manager, app->surface);
  if (o->exclude) {
    struct wl_region *region = wl_compositor_create_region(app->compositor);
    wl_region_add(region, o->exclude_x, o->exclude_y, o->exclude_width, o->exclude_height);
    gesture_bridge_system_gesture_surface_v1_set_exclusion_region(app->system_gesture_surface,
                                                                  region);
    wl_region_destroy(region); /* the compositor copied the rectangles */
  }
  if (o->defer) {
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(app->system_gesture_surface,
                                                                o->deferred_edges);
  }
  if (o->second_system_gesture_surface) {
    app->second = gesture_bridge_manager_v1_get_system_gesture_surface(app->manager, app->surface);
  }
  wl_surface_commit(app->surface);
  return true;
}

static void destroy_everything(struct app *app) {
  struct recognizer *all[] = {&app->double_tap, &app->pan, &app->pinch};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i]->proxy) gesture_bridge_recognizer_v1_destroy(all[i]->proxy);
  if (app->system_gesture_surface)
    gesture_bridge_system_gesture_surface_v1_destroy(app->system_gesture_surface);
  if (app->second) gesture_bridge_system_gesture_surface_v1_destroy(app->second);
  gesture_bridge_manager_v1_destroy(app->manager);
  xdg_toplevel_destroy(app->toplevel);
  xdg_surface_destroy(app->xdg_surface);
  wl_surface_destroy(app->surface);
  if (app->buffer) wl_buffer_destroy(app->buffer);
  xdg_wm_base_destroy(app->wm_base);
  wl_shm_destroy(app->shm);
  wl_compositor_destroy(app->compositor);
  wl_registry_destroy(app->registry);
  wl_display_flush(app->display);
  wl_display_disconnect(app->display);
}

/* ---- command line ---------------------------------------------------------------------- */

static void usage(FILE *to) {
  fprintf(to,
          "usage: " PROGRAM " [--exit-after N] [--taps N] [--pan-maximum-touches N]\n"
          "       [--width W] [--height H] [--print-failed] [--print-ready]\n"
          "       [--exclude-system-gestures X,Y,W,H] [--defer-system-edges N]\n"
          "       [--second-system-gesture-surface] [--help]\n"
          "Maps a window on $WAYLAND_DISPLAY with a double-tap, a pan and a pinch recognizer\n"
          "(gesture_bridge_manager_v1) and prints each gesture as one JSON line on stdout.\n"
          "  --exit-after N          exit 0 after N printed gestures (default: run on)\n"
          "  --taps N                taps the double-tap requires (default 2)\n"
          "  --pan-maximum-touches N maximum touches of the pan, 0 for no limit (default 2)\n"
          "  --width W, --height H   window size (default 400x300)\n"
          "  --print-failed          print failed state changes too\n"
          "  --print-ready           print {\"event\":\"ready\"} once the recognizers listen\n"
          "  --exclude-system-gestures X,Y,W,H  exclude that surface-local rectangle from\n"
          "                          the compositor's system gestures (version 2)\n"
          "  --defer-system-edges N  defer the screen edges of the bitfield N (top 1, left 2,\n"
          "                          bottom 4, right 8) to the window (version 2)\n"
          "  --second-system-gesture-surface  ask for a second system gesture surface object\n"
          "                          for the window (a protocol error, for tests)\n"
          "Values are sent unchecked; the compositor rejects bad ones with a protocol error.\n"
          "Exit: 0 on SIGINT/SIGTERM (after one roundtrip), --exit-after or window close;\n"
          "1 no display, missing global or connection lost; 2 protocol error; 64 usage.\n");
}

static long parse_number(const char *option, const char *text, long minimum, long maximum) {
  char *end = NULL;
  errno = 0;
  long value = text ? strtol(text, &end, 10) : 0;
  if (text == NULL || *text == '\0' || *end != '\0' || errno != 0 || value < minimum ||
      value > maximum) {
    fprintf(stderr, PROGRAM ": %s needs an integer from %ld to %ld, got '%s'\n", option,
            minimum, maximum, text ? text : "");
    exit(EXIT_USAGE);
  }
  return value;
}

/* X,Y,W,H as four int32 values. */
static void parse_rectangle(const char *option, const char *text, struct options *o) {
  long x, y, width, height;
  char tail;
  if (text == NULL || sscanf(text, "%ld,%ld,%ld,%ld%c", &x, &y, &width, &height, &tail) != 4 ||
      x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX || width < 1 ||
      width > INT32_MAX || height < 1 || height > INT32_MAX) {
    fprintf(stderr, PROGRAM ": %s needs X,Y,W,H (integers, W and H at least 1), got '%s'\n",
            option, text ? text : "");
    exit(EXIT_USAGE);
  }
  o->exclude = true;
  o->exclude_x = (int32_t)x, o->exclude_y = (int32_t)y;
  o->exclude_width = (int32_t)width, o->exclude_height = (int32_t)height;
}

static struct options parse_options(int argc, char **argv) {
  struct options o = {.width = 400, .height = 300, .taps = 2, .pan_maximum_touches = 2};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--help") == 0) {
      usage(stdout);
      exit(EXIT_OK);
    } else if (strcmp(arg, "--print-failed") == 0) {
      o.print_failed = true;
    } else if (strcmp(arg, "--print-ready") == 0) {
      o.print_ready = true;
    } else if (strcmp(arg, "--exit-after") == 0) {
      o.exit_after = parse_number(arg, value, 1, LONG_MAX), i++;
    } else if (strcmp(arg, "--taps") == 0) {
      o.taps = (int32_t)parse_number(arg, value, INT32_MIN, INT32_MAX), i++;
    } else if (strcmp(arg, "--pan-maximum-touches") == 0) {
      o.pan_maximum_touches = (int32_t)parse_number(arg, value, INT32_MIN, INT32_MAX), i++;
    } else if (strcmp(arg, "--exclude-system-gestures") == 0) {
      parse_rectangle(arg, value, &o), i++;
    } else if (strcmp(arg, "--defer-system-edges") == 0) {
      o.defer = true;
      o.deferred_edges = (uint32_t)parse_number(arg, value, 0, UINT32_MAX), i++;
    } else if (strcmp(arg, "--second-system-gesture-surface") == 0) {
      o.second_system_gesture_surface = true;
    } else if (strcmp(arg, "--width") == 0) {
      o.width = (int)parse_number(arg, value, 1, 8192), i++;
    } else if (strcmp(arg, "--height") == 0) {
      o.height = (int)parse_number(arg, value, 1, 8192), i++;
    } else {
      fprintf(stderr, PROGRAM ": unknown option '%s'\n", arg);
      usage(stderr);
      exit(EXIT_USAGE);
    }
  }
  return o;
}

/* ---- main ---------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
  struct app app = {.options = parse_options(argc, argv)};

  /* SIGINT and SIGTERM arrive on a signalfd polled with the display's fd. */
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  if (sigprocmask(SIG_BLOCK, &signals, NULL) < 0) {
    fprintf(stderr, PROGRAM ": sigprocmask: %s\n", strerror(errno));
    return EXIT_FAILURE_OTHER;
  }
  int signal_fd = signalfd(-1, &signals, SFD_CLOEXEC);
  if (signal_fd < 0) {
    fprintf(stderr, PROGRAM ": signalfd: %s\n", strerror(errno));
    return EXIT_FAILURE_OTHER;
  }

  app.display = wl_display_connect(NULL);
  if (app.display == NULL) {
    fprintf(stderr, PROGRAM ": cannot connect to the Wayland display '%s'\n",
            getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0");
    return EXIT_FAILURE_OTHER;
  }
  app.registry = wl_display_get_registry(app.display);
  wl_registry_add_listener(app.registry, &registry_listener, &app);
  roundtrip(&app, "the registry roundtrip");
  const char *missing = !app.compositor ? "wl_compositor"
                        : !app.shm      ? "wl_shm"
                        : !app.wm_base  ? "xdg_wm_base"
                        : !app.manager  ? "gesture_bridge_manager_v1"
                                        : NULL;
  if (missing) {
    fprintf(stderr, PROGRAM ": compositor does not support %s\n", missing);
    return EXIT_FAILURE_OTHER;
  }

  /* The window: the first configure attaches the buffer, which maps the toplevel. */
  app.surface = wl_compositor_create_surface(app.compositor);
  app.xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
  xdg_surface_add_listener(app.xdg_surface, &xdg_surface_listener, &app);
  app.toplevel = xdg_surface_get_toplevel(app.xdg_surface);
  xdg_toplevel_add_listener(app.toplevel, &toplevel_listener, &app);
  xdg_toplevel_set_title(app.toplevel, PROGRAM);
  xdg_toplevel_set_app_id(app.toplevel, PROGRAM);

  /* Recognizers may be created before the surface has a role; they are committed once the
   * window is mapped, so a compositor waiting for committed recognizers (the weston module's
   * recording playback) starts when the window can be touched. */
  create_recognizers(&app);
  wl_surface_commit(app.surface);
  while (!app.configured) {
    if (wl_display_dispatch(app.display) < 0) die_on_connection_error(&app, "the first configure");
  }
  roundtrip(&app, "mapping the window");
  commit_recognizers(&app);
  if (!defer_system_gestures(&app)) {
    fprintf(stderr, PROGRAM ": the compositor's gesture_bridge_manager_v1 is version %u; "
                    "deferring system gestures needs version 2\n", app.manager_version);
    destroy_everything(&app);
    return EXIT_FAILURE_OTHER;
  }
  roundtrip(&app, "committing the recognizers");
  if (app.options.print_ready) {
    printf("{\"event\":\"ready\"}\n");
    fflush(stdout);
  }

  struct pollfd fds[2] = {
    {.fd = wl_display_get_fd(app.display), .events = POLLIN},
    {.fd = signal_fd, .events = POLLIN},
  };
  int status = EXIT_OK;
  while (!app.closed && (app.options.exit_after == 0 || app.printed < app.options.exit_after)) {
    while (wl_display_prepare_read(app.display) != 0) {
      if (wl_display_dispatch_pending(app.display) < 0) die_on_connection_error(&app, "dispatch");
    }
    /* A full socket buffer (EAGAIN) is flushed again once poll says it is writable. */
    fds[0].events = POLLIN;
    if (wl_display_flush(app.display) < 0) {
      if (errno != EAGAIN) {
        wl_display_cancel_read(app.display);
        die_on_connection_error(&app, "flush");
      }
      fds[0].events |= POLLOUT;
    }
    if (poll(fds, 2, -1) < 0) {
      wl_display_cancel_read(app.display);
      if (errno == EINTR) continue;
      fprintf(stderr, PROGRAM ": poll: %s\n", strerror(errno));
      status = EXIT_FAILURE_OTHER;
      break;
    }
    if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
      if (wl_display_read_events(app.display) < 0) die_on_connection_error(&app, "read");
    } else {
      wl_display_cancel_read(app.display);
    }
    if (wl_display_dispatch_pending(app.display) < 0) die_on_connection_error(&app, "dispatch");
    if (fds[1].revents & POLLIN) {
      struct signalfd_siginfo info;
      if (read(signal_fd, &info, sizeof info) != (ssize_t)sizeof info) continue;
      /* Everything the compositor sent before the signal is printed by this roundtrip. */
      roundtrip(&app, "the final roundtrip");
      break;
    }
  }
  destroy_everything(&app);
  close(signal_fd);
  return status;
}
