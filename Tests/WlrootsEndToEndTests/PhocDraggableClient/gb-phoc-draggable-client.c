/* SPDX-License-Identifier: MIT */
/* A test client for phoc's own gestures: a layer surface anchored to the output's left edge
 * (a drawer, as Phosh's bars are made, turned to the left), made draggable through phoc's
 * private zphoc_layer_shell_effects_v1: 300 px wide, folded to its 60 px at the edge
 * (margins -240 folded, 0 unfolded), unfolding past half the way. It prints one line per
 * event on standard output: "ready" once mapped, "touch-down", "touch-motion", "touch-up",
 * "touch-cancel" (its wl_touch), "dragged MARGIN" and "drag-end folded|unfolded" (phoc's
 * drag). Built by the test (PatchedPhocDragTests) with wayland-scanner from phoc's own
 * protocol XML (its source package: phoc-layer-shell-effects-unstable-v1.xml,
 * wlr-layer-shell-unstable-v1.xml). Ends when the compositor goes. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "phoc-layer-shell-effects-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

#define WIDTH 300
#define FOLDED 60

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct zwlr_layer_shell_v1 *layer_shell;
static struct zphoc_layer_shell_effects_v1 *effects;
static struct wl_surface *surface;
static int configured_height;
static int mapped;

static void say(const char *line) {
  printf("%s\n", line);
  fflush(stdout);
}

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time,
                       struct wl_surface *on, int32_t id, wl_fixed_t x, wl_fixed_t y) {
  (void)data, (void)touch, (void)serial, (void)time, (void)on, (void)id, (void)x, (void)y;
  say("touch-down");
}
static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time,
                     int32_t id) {
  (void)data, (void)touch, (void)serial, (void)time, (void)id;
  say("touch-up");
}
static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id,
                         wl_fixed_t x, wl_fixed_t y) {
  (void)data, (void)touch, (void)time, (void)id, (void)x, (void)y;
  say("touch-motion");
}
static void touch_frame(void *data, struct wl_touch *touch) { (void)data, (void)touch; }
static void touch_cancel(void *data, struct wl_touch *touch) {
  (void)data, (void)touch;
  say("touch-cancel");
}
static void touch_shape(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t major,
                        wl_fixed_t minor) {
  (void)data, (void)touch, (void)id, (void)major, (void)minor;
}
static void touch_orientation(void *data, struct wl_touch *touch, int32_t id,
                              wl_fixed_t orientation) {
  (void)data, (void)touch, (void)id, (void)orientation;
}
static const struct wl_touch_listener touch_listener = {
    touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

static void seat_capabilities(void *data, struct wl_seat *wl_seat, uint32_t capabilities) {
  (void)data;
  static struct wl_touch *touch;
  if ((capabilities & WL_SEAT_CAPABILITY_TOUCH) && touch == NULL) {
    touch = wl_seat_get_touch(wl_seat);
    wl_touch_add_listener(touch, &touch_listener, NULL);
  }
}
static void seat_name(void *data, struct wl_seat *wl_seat, const char *name) {
  (void)data, (void)wl_seat, (void)name;
}
static const struct wl_seat_listener seat_listener = {seat_capabilities, seat_name};

static void global(void *data, struct wl_registry *registry, uint32_t name,
                   const char *interface, uint32_t version) {
  (void)data;
  if (strcmp(interface, wl_compositor_interface.name) == 0) {
    compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
  } else if (strcmp(interface, wl_shm_interface.name) == 0) {
    shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
  } else if (strcmp(interface, wl_seat_interface.name) == 0 && seat == NULL) {
    seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 7 ? version : 7);
    wl_seat_add_listener(seat, &seat_listener, NULL);
  } else if (strcmp(interface, zwlr_layer_shell_v1_interface.name) == 0) {
    layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface, 1);
  } else if (strcmp(interface, zphoc_layer_shell_effects_v1_interface.name) == 0) {
    effects = wl_registry_bind(registry, name, &zphoc_layer_shell_effects_v1_interface, 1);
  }
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data, (void)registry, (void)name;
}
static const struct wl_registry_listener registry_listener = {global, global_remove};

/* One opaque grey buffer of WIDTH x height. */
static struct wl_buffer *buffer(int height) {
  int stride = WIDTH * 4, size = stride * height;
  int fd = memfd_create("gb-phoc-draggable", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, size) < 0) return NULL;
  void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels == MAP_FAILED) return NULL;
  memset(pixels, 0x80, size);
  munmap(pixels, size);
  struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
  struct wl_buffer *result =
      wl_shm_pool_create_buffer(pool, 0, WIDTH, height, stride, WL_SHM_FORMAT_XRGB8888);
  wl_shm_pool_destroy(pool);
  close(fd);
  return result;
}

static void layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial,
                            uint32_t width, uint32_t height) {
  (void)data, (void)width;
  zwlr_layer_surface_v1_ack_configure(layer, serial);
  configured_height = (int)height;
  struct wl_buffer *pixels = buffer(configured_height);
  if (pixels == NULL) {
    fprintf(stderr, "gb-phoc-draggable-client: cannot make a buffer\n");
    exit(1);
  }
  wl_surface_attach(surface, pixels, 0, 0);
  wl_surface_damage(surface, 0, 0, WIDTH, configured_height);
  wl_surface_commit(surface);
  mapped = 1;
}
static void layer_closed(void *data, struct zwlr_layer_surface_v1 *layer) {
  (void)data, (void)layer;
  exit(0);
}
static const struct zwlr_layer_surface_v1_listener layer_listener = {layer_configure,
                                                                      layer_closed};

static void dragged(void *data, struct zphoc_draggable_layer_surface_v1 *drag, int32_t margin) {
  (void)data, (void)drag;
  printf("dragged %d\n", margin);
  fflush(stdout);
}
static void drag_end(void *data, struct zphoc_draggable_layer_surface_v1 *drag, uint32_t state) {
  (void)data, (void)drag;
  say(state == ZPHOC_DRAGGABLE_LAYER_SURFACE_V1_DRAG_END_STATE_UNFOLDED ? "drag-end unfolded"
                                                                         : "drag-end folded");
}
static const struct zphoc_draggable_layer_surface_v1_listener drag_listener = {dragged, drag_end};

int main(void) {
  struct wl_display *display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, "gb-phoc-draggable-client: cannot connect to the compositor\n");
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (compositor == NULL || shm == NULL || layer_shell == NULL || effects == NULL) {
    fprintf(stderr, "gb-phoc-draggable-client: the compositor lacks wl_compositor, wl_shm, "
                    "zwlr_layer_shell_v1 or zphoc_layer_shell_effects_v1\n");
    return 1;
  }
  surface = wl_compositor_create_surface(compositor);
  struct zwlr_layer_surface_v1 *layer = zwlr_layer_shell_v1_get_layer_surface(
      layer_shell, surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "gb-drawer");
  zwlr_layer_surface_v1_add_listener(layer, &layer_listener, NULL);
  zwlr_layer_surface_v1_set_anchor(layer, ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
                                              ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP |
                                              ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM);
  zwlr_layer_surface_v1_set_size(layer, WIDTH, 0);
  zwlr_layer_surface_v1_set_exclusive_zone(layer, FOLDED);
  zwlr_layer_surface_v1_set_margin(layer, 0, 0, 0, -(WIDTH - FOLDED));
  wl_surface_commit(surface);
  /* phoc checks the layer surface's committed anchors when the draggable object is made:
   * map it first. */
  while (!mapped && wl_display_dispatch(display) != -1) {
  }
  struct zphoc_draggable_layer_surface_v1 *drag =
      zphoc_layer_shell_effects_v1_get_draggable_layer_surface(effects, layer);
  zphoc_draggable_layer_surface_v1_add_listener(drag, &drag_listener, NULL);
  zphoc_draggable_layer_surface_v1_set_margins(drag, -(WIDTH - FOLDED), 0);
  zphoc_draggable_layer_surface_v1_set_threshold(drag, wl_fixed_from_double(0.5));
  zphoc_draggable_layer_surface_v1_set_exclusive(drag, FOLDED);
  wl_surface_commit(surface);
  if (wl_display_roundtrip(display) == -1) return 1;
  say("ready");
  while (wl_display_dispatch(display) != -1) {
  }
  return 0;
}
