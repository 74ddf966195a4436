/* SPDX-License-Identifier: MIT */
/*
 * The host callbacks of a bridge that has no client surfaces (Tests/InstallTest's programs):
 * touch deliveries, cancels and frames for clients are ignored, since no touch is ever on a
 * client's surface. Each program gives its own pick_surface.
 */
#ifndef GESTURE_BRIDGE_INSTALL_TEST_IGNORING_HOST_H
#define GESTURE_BRIDGE_INSTALL_TEST_IGNORING_HOST_H

#include <gesture_bridge.h>

static void ignore_deliver(void *user_data, const struct gb_touch_event *event) {
  (void)user_data, (void)event;
}
static void ignore_cancel(void *user_data, struct wl_resource *surface, uint64_t time_usec) {
  (void)user_data, (void)surface, (void)time_usec;
}
static void ignore_frame(void *user_data, struct wl_resource *surface) {
  (void)user_data, (void)surface;
}

#endif
