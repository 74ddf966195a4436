/* SPDX-License-Identifier: MIT */
/*
 * c-abi-check: a minimal compositor-side program of the installed C ABI, built by
 * scripts/test-install.sh with `pkg-config --cflags --libs gesture-bridge wayland-server`
 * against the installed gesture_bridge.h and libgesture-bridge.so. It creates a bridge on a
 * wl_display, feeds a touch over no surface and destroys everything; it prints
 * "c-abi-check: ok" and exits 0, or says what failed and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>

#include <gesture_bridge.h>
#include <wayland-server.h>

#include "ignoring-host.h"

static int picks;

static bool pick_surface(void *user_data, double x, double y, struct gb_surface_hit *hit) {
  (void)user_data, (void)x, (void)y, (void)hit;
  picks++;
  return false; /* no surface anywhere */
}

int main(void) {
  struct wl_display *display = wl_display_create();
  if (display == NULL) {
    fprintf(stderr, "c-abi-check: wl_display_create failed\n");
    return 1;
  }
  const struct gb_host_callbacks callbacks = {
      .pick_surface = pick_surface,
      .deliver = ignore_deliver,
      .cancel = ignore_cancel,
      .frame = ignore_frame};
  struct gb_bridge *bridge = gb_bridge_create(display, &callbacks, NULL);
  if (bridge == NULL) {
    fprintf(stderr, "c-abi-check: gb_bridge_create returned NULL\n");
    return 1;
  }
  gb_bridge_set_screen(bridge, 0, 0, 1920, 1080);
  gb_bridge_touch_down(bridge, 1000, 0, 960, 540);
  gb_bridge_touch_frame(bridge);
  gb_bridge_touch_up(bridge, 50000, 0);
  gb_bridge_touch_frame(bridge);
  uint32_t recognizers = gb_bridge_recognizer_count(bridge);
  gb_bridge_destroy(bridge);
  wl_display_destroy(display);
  if (picks != 1 || recognizers != 0) {
    fprintf(stderr, "c-abi-check: expected 1 pick and 0 recognizers, got %d and %u\n", picks,
            recognizers);
    return 1;
  }
  printf("c-abi-check: ok\n");
  return 0;
}
