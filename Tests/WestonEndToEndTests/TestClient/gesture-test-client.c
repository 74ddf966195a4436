/* SPDX-License-Identifier: MIT */
/* gesture-test-client: a minimal xdg_toplevel with a 400x300 shm buffer, one
 * gesture_bridge recognizer of the type named in argv[1] (tap or pan) on its
 * surface, and a wl_touch listener. Prints one line per event on stdout:
 *   ready | gesture location X Y | gesture touches N | gesture translation DX DY
 *   gesture taps N | gesture frame STATE | touch down ID SX SY | touch up ID
 *   touch cancel
 * Built by WestonEndToEndTests with cc and wayland-scanner output. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "gesture-bridge-v1-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct gesture_bridge_manager_v1 *manager;
static int configured;

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void out(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vprintf(fmt, args);
  va_end(args);
  fflush(stdout);
}

static void g_location(void *d, struct gesture_bridge_recognizer_v1 *r, wl_fixed_t x, wl_fixed_t y) {
  out("gesture location %.2f %.2f\n", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void g_touches(void *d, struct gesture_bridge_recognizer_v1 *r, uint32_t n) { out("gesture touches %u\n", n); }
static void g_translation(void *d, struct gesture_bridge_recognizer_v1 *r, wl_fixed_t x, wl_fixed_t y) {
  out("gesture translation %.2f %.2f\n", wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void g_velocity(void *d, struct gesture_bridge_recognizer_v1 *r, wl_fixed_t x, wl_fixed_t y) {}
static void g_scale(void *d, struct gesture_bridge_recognizer_v1 *r, wl_fixed_t s, wl_fixed_t v) {}
static void g_rotation(void *d, struct gesture_bridge_recognizer_v1 *r, wl_fixed_t a, wl_fixed_t v) {}
static void g_direction(void *d, struct gesture_bridge_recognizer_v1 *r, uint32_t dir) {}
static void g_taps(void *d, struct gesture_bridge_recognizer_v1 *r, uint32_t n) { out("gesture taps %u\n", n); }
static void g_frame(void *d, struct gesture_bridge_recognizer_v1 *r, uint32_t state, uint32_t hi, uint32_t lo) {
  out("gesture frame %u\n", state);
}
static const struct gesture_bridge_recognizer_v1_listener recognizer_listener = {
  g_location, g_touches, g_translation, g_velocity, g_scale, g_rotation, g_direction, g_taps, g_frame,
};

static void t_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
                   int32_t id, wl_fixed_t x, wl_fixed_t y) {
  out("touch down %d %.2f %.2f\n", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void t_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) { out("touch up %d\n", id); }
static void t_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {}
static void t_frame(void *d, struct wl_touch *t) {}
static void t_cancel(void *d, struct wl_touch *t) { out("touch cancel\n"); }
static void t_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b) {}
static void t_orientation(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o) {}
static const struct wl_touch_listener touch_listener = {
  t_down, t_up, t_motion, t_frame, t_cancel, t_shape, t_orientation,
};

static void seat_caps(void *d, struct wl_seat *s, uint32_t caps) {
  static struct wl_touch *touch;
  if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
    touch = wl_seat_get_touch(s);
    wl_touch_add_listener(touch, &touch_listener, NULL);
  }
}
static void seat_name(void *d, struct wl_seat *s, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void xs_configure(void *d, struct xdg_surface *xs, uint32_t serial) {
  xdg_surface_ack_configure(xs, serial);
  configured = 1;
}
static const struct xdg_surface_listener xs_listener = { xs_configure };
static void tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *s) {}
static void tl_close(void *d, struct xdg_toplevel *t) {}
static const struct xdg_toplevel_listener tl_listener = { tl_configure, tl_close };

static void reg_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t v) {
  if (!strcmp(iface, "wl_compositor")) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
  else if (!strcmp(iface, "wl_shm")) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
  else if (!strcmp(iface, "xdg_wm_base")) {
    wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
  } else if (!strcmp(iface, "wl_seat") && !seat) {
    seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
    wl_seat_add_listener(seat, &seat_listener, NULL);
  } else if (!strcmp(iface, "gesture_bridge_manager_v1"))
    manager = wl_registry_bind(r, name, &gesture_bridge_manager_v1_interface, 1);
}
static void reg_remove(void *d, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener reg_listener = { reg_global, reg_remove };

int main(int argc, char **argv) {
  const int width = 400, height = 300;
  uint32_t type = argc > 1 && !strcmp(argv[1], "pan") ? GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN
                                                      : GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP;
  struct wl_display *display = wl_display_connect(NULL);
  if (!display) { fprintf(stderr, "cannot connect\n"); return 1; }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &reg_listener, NULL);
  wl_display_roundtrip(display);
  if (!compositor || !shm || !wm_base || !manager) { fprintf(stderr, "missing globals\n"); return 1; }

  struct wl_surface *surface = wl_compositor_create_surface(compositor);
  struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
  xdg_surface_add_listener(xs, &xs_listener, NULL);
  struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xs);
  xdg_toplevel_add_listener(toplevel, &tl_listener, NULL);
  wl_surface_commit(surface);
  while (!configured && wl_display_dispatch(display) != -1) {}

  int fd = memfd_create("buffer", 0);
  if (fd < 0 || ftruncate(fd, width * height * 4) < 0) return 1;
  void *pixels = mmap(NULL, width * height * 4, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  memset(pixels, 0xff, width * height * 4);
  struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, width * height * 4);
  struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4,
                                                       WL_SHM_FORMAT_XRGB8888);
  struct gesture_bridge_recognizer_v1 *recognizer =
      gesture_bridge_manager_v1_get_recognizer(manager, surface, type);
  gesture_bridge_recognizer_v1_add_listener(recognizer, &recognizer_listener, NULL);
  gesture_bridge_recognizer_v1_commit(recognizer);
  wl_surface_attach(surface, buffer, 0, 0);
  wl_surface_damage(surface, 0, 0, width, height);
  wl_surface_commit(surface);
  wl_display_roundtrip(display);
  wl_display_roundtrip(display);
  out("ready\n");
  while (wl_display_dispatch(display) != -1) {}
  return 0;
}
