/* SPDX-License-Identifier: MIT */
/* gesture-bridge-library-client: a small Wayland app that gets its gestures through
 * libgesture-bridge-client (gesture-bridge-client.h) in a GLib main loop, the way a GTK 4 app
 * does: the app's own connection, registry, window and event source (a GSource built like
 * GDK's: prepare_read in prepare, read_events or cancel_read in check), and the library's
 * GSource (gesture-bridge-client-glib.h) on the same fd.
 *
 * It maps a 400x300 xdg-shell toplevel and attaches a double tap (2 taps), a pan (at most 2
 * touches) and a pinch that recognizes simultaneously with the pan, committed once the window
 * is mapped. Each state change is one JSON line on stdout, the schema of `gesture-bridge replay
 * --format json` with "view":"surface" (docs/client.md); failed ones only with
 * --print-failed. SIGINT/SIGTERM: one roundtrip of the library (everything the compositor sent
 * before is printed), then exit 0.
 *
 * Exit status: 0 after a signal; 1 when the display cannot be reached, a global is missing or
 * gbc_client_create gives no client (the reason on stderr: an app would fall back to its
 * toolkit's gestures here); 2 on a failed connection (the library's error report on stderr);
 * 64 for invalid options.
 *
 * Build (scripts/build-client-library.sh makes the library; CWaylandProtocols holds xdg-shell's
 * generated client code):
 *   scripts/build-client-library.sh /tmp/gbc
 *   cc -std=c11 -I Sources/GestureBridgeClientC/include -I Sources/CWaylandProtocols/include \
 *     Examples/library-client/gesture-bridge-library-client.c Sources/CWaylandProtocols/xdg-shell-protocol.c \
 *     -L /tmp/gbc -Wl,-rpath,/tmp/gbc -lgesture-bridge-client \
 *     $(pkg-config --cflags --libs wayland-client glib-2.0) -o /tmp/gbc/library-client
 */
#define _GNU_SOURCE

#include <errno.h>
#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "gesture-bridge-client-glib.h"
#include "xdg-shell-client-protocol.h"

#define PROGRAM "gesture-bridge-library-client"
#define WIDTH 400
#define HEIGHT 300

struct app {
  struct wl_display *display;
  struct wl_compositor *compositor;
  struct wl_shm *shm;
  struct xdg_wm_base *wm_base;
  struct wl_surface *surface;
  struct xdg_surface *xdg_surface;
  struct xdg_toplevel *toplevel;
  struct wl_buffer *buffer;
  bool configured;
  bool print_failed;
  int status;
  GMainLoop *loop;
  struct gbc_client *gestures;
};

/* ---- gestures: one JSON line per state change ------------------------------------------- */

static void print_gesture(void *data, const struct gbc_gesture *gesture) {
  struct app *app = data;
  const char *name = gesture->user_data; /* the recognizer's */
  if (gesture->state == GBC_STATE_FAILED && !app->print_failed) return;
  printf("{\"time\":%llu.%06llu,\"recognizer\":\"%s\",\"type\":\"%s\",\"view\":\"surface\","
         "\"state\":\"%s\",\"location\":[%.2f,%.2f],\"touches\":%u",
         (unsigned long long)(gesture->time_usec / 1000000),
         (unsigned long long)(gesture->time_usec % 1000000), name, gbc_kind_name(gesture->kind),
         gbc_state_name(gesture->state), gesture->location.x, gesture->location.y,
         gesture->touches.number);
  switch (gesture->kind) {
  case GBC_KIND_TAP:
    if (gesture->values & GBC_VALUE_TAPS)
      printf(",\"taps\":%u", gesture->taps.number);
    else
      printf(",\"taps\":null");
    break;
  case GBC_KIND_PAN:
    if (gesture->values & GBC_VALUE_TRANSLATION)
      printf(",\"translation\":[%.2f,%.2f]", gesture->translation.dx, gesture->translation.dy);
    else
      printf(",\"translation\":null");
    if (gesture->values & GBC_VALUE_VELOCITY)
      printf(",\"velocity\":[%.1f,%.1f]", gesture->velocity.vx, gesture->velocity.vy);
    else
      printf(",\"velocity\":null");
    break;
  case GBC_KIND_PINCH:
    if (gesture->values & GBC_VALUE_SCALE)
      printf(",\"scale\":%.4f,\"velocity\":%.4f", gesture->scale.scale, gesture->scale.velocity);
    else
      printf(",\"scale\":null,\"velocity\":null");
    break;
  default:
    break;
  }
  printf("}\n");
  fflush(stdout);
}

static void on_connection_error(void *data, struct gbc_client *client,
                                const struct gbc_connection_error *error) {
  struct app *app = data;
  (void)client;
  fprintf(stderr, PROGRAM ": connection failed: %s@%u code %u (%s): %s\n", error->interface_name,
          error->object_id, error->code, error->code_name, error->message);
  app->status = 2;
  g_main_loop_quit(app->loop);
}

/* A recognizer named `name` (its user data; the client's callback prints it). */
static struct gbc_recognizer *recognizer(struct app *app, enum gbc_kind kind, const char *name) {
  enum gbc_status status;
  struct gbc_recognizer *r = gbc_recognizer_create(app->gestures, app->surface, kind, &status);
  if (r == NULL) {
    fprintf(stderr, PROGRAM ": %s: %s\n", name, gbc_status_string(status));
    exit(2);
  }
  gbc_recognizer_set_callback(r, NULL, (void *)name);
  return r;
}

static void check(int status, const char *what) {
  if (status != GBC_STATUS_OK) {
    fprintf(stderr, PROGRAM ": %s: %s\n", what, gbc_status_string(status));
    exit(2);
  }
}

/* ---- the app's own Wayland side (what a toolkit does) ----------------------------------- */

/* The app's event source, built like GDK's: a read is prepared in prepare and finished
 * (read_events or cancel_read) in check, so the library's source must not read in between. */
typedef struct {
  GSource source;
  struct app *app;
  gpointer fd_tag;
  bool reading;
} AppSource;

static gboolean app_prepare(GSource *base, gint *timeout) {
  AppSource *source = (AppSource *)base;
  *timeout = -1;
  if (source->reading) return FALSE;
  if (wl_display_prepare_read(source->app->display) != 0) return TRUE;
  source->reading = true;
  wl_display_flush(source->app->display);
  return FALSE;
}

static gboolean app_check(GSource *base) {
  AppSource *source = (AppSource *)base;
  GIOCondition revents = g_source_query_unix_fd(base, source->fd_tag);
  if (source->reading) {
    if (revents & G_IO_IN) {
      if (wl_display_read_events(source->app->display) < 0) {
        source->reading = false;
        return TRUE;
      }
    } else {
      wl_display_cancel_read(source->app->display);
    }
    source->reading = false;
  }
  return (revents & (G_IO_ERR | G_IO_HUP)) != 0 || wl_display_prepare_read(source->app->display) != 0
             ? TRUE
             : (wl_display_cancel_read(source->app->display), FALSE);
}

static gboolean app_dispatch(GSource *base, GSourceFunc callback, gpointer data) {
  AppSource *source = (AppSource *)base;
  (void)callback, (void)data;
  if (wl_display_dispatch_pending(source->app->display) < 0) {
    fprintf(stderr, PROGRAM ": the app's dispatch failed: %s\n", strerror(errno));
    if (source->app->status == 0) source->app->status = 2;
    g_main_loop_quit(source->app->loop);
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs app_source_funcs = {app_prepare, app_check, app_dispatch, NULL, NULL, NULL};

static void on_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial) {
  (void)data;
  xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = on_ping};

static void on_global(void *data, struct wl_registry *registry, uint32_t name,
                      const char *interface, uint32_t version) {
  struct app *app = data;
  if (strcmp(interface, wl_compositor_interface.name) == 0) {
    app->compositor =
        wl_registry_bind(registry, name, &wl_compositor_interface, version < 4 ? version : 4);
  } else if (strcmp(interface, wl_shm_interface.name) == 0) {
    app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
  } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
    app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
    xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
  }
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

/* A one-colour XRGB8888 buffer in a memfd. */
static struct wl_buffer *create_buffer(struct app *app) {
  size_t size = (size_t)WIDTH * 4 * HEIGHT;
  int fd = memfd_create(PROGRAM, MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
    fprintf(stderr, PROGRAM ": buffer: %s\n", strerror(errno));
    exit(1);
  }
  uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels == MAP_FAILED) {
    fprintf(stderr, PROGRAM ": mmap: %s\n", strerror(errno));
    exit(1);
  }
  for (size_t i = 0; i < size / 4; i++) pixels[i] = 0xff5a8e3a;
  munmap(pixels, size);
  struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
  struct wl_buffer *buffer =
      wl_shm_pool_create_buffer(pool, 0, WIDTH, HEIGHT, WIDTH * 4, WL_SHM_FORMAT_XRGB8888);
  wl_shm_pool_destroy(pool);
  close(fd);
  return buffer;
}

static void on_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial) {
  struct app *app = data;
  xdg_surface_ack_configure(xdg_surface, serial);
  if (!app->configured) {
    app->buffer = create_buffer(app);
    wl_surface_attach(app->surface, app->buffer, 0, 0);
    wl_surface_damage(app->surface, 0, 0, WIDTH, HEIGHT);
  }
  wl_surface_commit(app->surface);
  app->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {.configure = on_configure};

static gboolean on_signal(gpointer data) {
  struct app *app = data;
  /* Everything the compositor sent before the signal reaches print_gesture. */
  gbc_client_roundtrip(app->gestures, 5000);
  g_main_loop_quit(app->loop);
  return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
  struct app app = {0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--print-failed") == 0) {
      app.print_failed = true;
    } else {
      fprintf(stderr, "usage: " PROGRAM " [--print-failed]\n");
      return 64;
    }
  }
  app.display = wl_display_connect(NULL);
  if (app.display == NULL) {
    fprintf(stderr, PROGRAM ": cannot connect to the Wayland display\n");
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(app.display);
  wl_registry_add_listener(registry, &registry_listener, &app);
  if (wl_display_roundtrip(app.display) < 0 || !app.compositor || !app.shm || !app.wm_base) {
    fprintf(stderr, PROGRAM ": compositor lacks wl_compositor, wl_shm or xdg_wm_base\n");
    return 1;
  }

  enum gbc_unavailable_reason reason;
  app.gestures = gbc_client_create(app.display, 5000, &reason);
  if (app.gestures == NULL) {
    fprintf(stderr, PROGRAM ": no compositor gestures: %s\n", gbc_unavailable_reason_string(reason));
    return 1;
  }
  gbc_client_set_error_callback(app.gestures, on_connection_error, &app);
  gbc_client_set_gesture_callback(app.gestures, print_gesture, &app);

  app.surface = wl_compositor_create_surface(app.compositor);
  app.xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
  xdg_surface_add_listener(app.xdg_surface, &xdg_surface_listener, &app);
  app.toplevel = xdg_surface_get_toplevel(app.xdg_surface);
  xdg_toplevel_set_title(app.toplevel, PROGRAM);
  wl_surface_commit(app.surface);
  while (!app.configured) {
    if (wl_display_dispatch(app.display) < 0) {
      fprintf(stderr, PROGRAM ": connection lost before the first configure\n");
      return 1;
    }
  }
  wl_display_roundtrip(app.display);

  struct gbc_recognizer *double_tap = recognizer(&app, GBC_KIND_TAP, "double-tap");
  struct gbc_recognizer *pan = recognizer(&app, GBC_KIND_PAN, "pan");
  struct gbc_recognizer *pinch = recognizer(&app, GBC_KIND_PINCH, "pinch");
  check(gbc_recognizer_set_number_of_taps_required(double_tap, 2), "double-tap taps");
  check(gbc_recognizer_set_maximum_number_of_touches(pan, 2), "pan maximum");
  check(gbc_recognizer_recognize_simultaneously_with(pinch, pan), "pinch with pan");
  check(gbc_recognizer_commit(double_tap), "commit double-tap");
  check(gbc_recognizer_commit(pan), "commit pan");
  check(gbc_recognizer_commit(pinch), "commit pinch");

  GMainContext *context = g_main_context_default();
  app.loop = g_main_loop_new(context, FALSE);
  GSource *app_source = g_source_new(&app_source_funcs, sizeof(AppSource));
  ((AppSource *)app_source)->app = &app;
  ((AppSource *)app_source)->fd_tag = g_source_add_unix_fd(
      app_source, wl_display_get_fd(app.display), (GIOCondition)(G_IO_IN | G_IO_ERR | G_IO_HUP));
  g_source_attach(app_source, context);
  GSource *gesture_source = gbc_glib_source_new(app.gestures);
  g_source_attach(gesture_source, context);
  g_unix_signal_add(SIGINT, on_signal, &app);
  g_unix_signal_add(SIGTERM, on_signal, &app);
  g_main_loop_run(app.loop);

  g_source_destroy(gesture_source);
  g_source_unref(gesture_source);
  gbc_client_destroy(app.gestures);
  g_source_destroy(app_source);
  g_source_unref(app_source);
  g_main_loop_unref(app.loop);
  xdg_toplevel_destroy(app.toplevel);
  xdg_surface_destroy(app.xdg_surface);
  wl_surface_destroy(app.surface);
  wl_buffer_destroy(app.buffer);
  xdg_wm_base_destroy(app.wm_base);
  wl_shm_destroy(app.shm);
  wl_compositor_destroy(app.compositor);
  wl_registry_destroy(registry);
  wl_display_disconnect(app.display);
  return app.status;
}
