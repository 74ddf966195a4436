/* SPDX-License-Identifier: MIT */
/*
 * two-runtimes-module: a weston module, built by scripts/test-install.sh with
 * `pkg-config --cflags --libs gesture-bridge libweston-10` against the installed
 * libgesture-bridge.so, that runs gestures through the C library inside the weston process
 * that also runs the installed weston module libgesture-bridge-weston.so. Each of the two
 * carries its own statically linked Swift runtime; the test starts weston with
 * LD_PRELOAD=libgesture-bridge.so.0, so the C library is in the process's global symbol scope
 * (as in a compositor linked with -lgesture-bridge) before weston loads its module: were the
 * runtimes' symbols exported, the module would bind to the C library's runtime.
 *
 * The module makes a bridge of its own on a private wl_display (so it does not advertise a
 * second gesture_bridge_manager_v1 on weston's), loads the system-gesture config named by
 * $GESTURE_BRIDGE_TWO_RUNTIMES_CONFIG (a pan on the whole screen) and, every 20 ms on weston's
 * event loop, feeds one step of a one-finger drag to it (down, 10 moves of 20 px, up), while
 * the weston module serves its clients. It logs through weston_log:
 *   "two-runtimes: drag N: began changed... ended" per drag, from the bridge's callbacks;
 *   "two-runtimes: done, N drags, N pans ended" after GESTURE_BRIDGE_TWO_RUNTIMES_DRAGS drags
 *   (default 20), or "two-runtimes: error: ..." when something fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gesture_bridge.h>
#include <libweston/libweston.h>
#include <wayland-server.h>

#include "ignoring-host.h"

#define STEPS_PER_DRAG 12

struct two_runtimes {
  struct wl_display *display; /* private: the bridge's own, never dispatched by clients */
  struct gb_bridge *bridge;
  struct wl_event_source *timer;
  int drags_wanted, drag, step, pans_ended;
  uint64_t time_usec;
  char states[256];
};

static bool pick_surface(void *user_data, double x, double y, struct gb_surface_hit *hit) {
  (void)user_data, (void)x, (void)y, (void)hit;
  return false; /* no client surfaces: the touches are the system gesture's alone */
}

static const char *state_name(enum gb_system_gesture_state state) {
  switch (state) {
  case GB_SYSTEM_GESTURE_BEGAN: return "began";
  case GB_SYSTEM_GESTURE_CHANGED: return "changed";
  case GB_SYSTEM_GESTURE_ENDED: return "ended";
  case GB_SYSTEM_GESTURE_CANCELLED: return "cancelled";
  case GB_SYSTEM_GESTURE_RECOGNIZED: return "recognized";
  }
  return "unknown";
}

static void gesture(void *user_data, const struct gb_system_gesture *gesture) {
  struct two_runtimes *self = user_data;
  size_t used = strlen(self->states);
  snprintf(self->states + used, sizeof self->states - used, " %s", state_name(gesture->state));
  if (gesture->state == GB_SYSTEM_GESTURE_ENDED && strcmp(gesture->recognizer, "pan") == 0)
    self->pans_ended++;
}

static void log_message(void *user_data, int32_t level, const char *message) {
  (void)user_data;
  weston_log("two-runtimes: bridge (level %d): %s\n", level, message);
}

static int step(void *data) {
  struct two_runtimes *self = data;
  double x = 100 + 20.0 * self->step;
  self->time_usec += 16000;
  if (self->step == 0) {
    self->states[0] = '\0';
    gb_bridge_touch_down(self->bridge, self->time_usec, 0, 100, 300);
  } else if (self->step < STEPS_PER_DRAG - 1) {
    gb_bridge_touch_motion(self->bridge, self->time_usec, 0, x, 300);
  } else {
    gb_bridge_touch_up(self->bridge, self->time_usec, 0);
  }
  gb_bridge_touch_frame(self->bridge);
  if (++self->step == STEPS_PER_DRAG) {
    self->drag++;
    self->step = 0;
    weston_log("two-runtimes: drag %d:%s\n", self->drag, self->states);
  }
  if (self->drag == self->drags_wanted) {
    weston_log("two-runtimes: done, %d drags, %d pans ended\n", self->drag, self->pans_ended);
    return 0;
  }
  wl_event_source_timer_update(self->timer, 20);
  return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
  (void)argc, (void)argv;
  static struct two_runtimes self;
  const char *config = getenv("GESTURE_BRIDGE_TWO_RUNTIMES_CONFIG");
  const char *drags = getenv("GESTURE_BRIDGE_TWO_RUNTIMES_DRAGS");
  self.drags_wanted = drags != NULL ? atoi(drags) : 20;
  if (config == NULL || self.drags_wanted <= 0) {
    weston_log("two-runtimes: error: set GESTURE_BRIDGE_TWO_RUNTIMES_CONFIG (and a positive "
               "GESTURE_BRIDGE_TWO_RUNTIMES_DRAGS)\n");
    return -1;
  }
  self.display = wl_display_create();
  static const struct gb_host_callbacks callbacks = {
      .pick_surface = pick_surface,
      .deliver = ignore_deliver,
      .cancel = ignore_cancel,
      .frame = ignore_frame};
  self.bridge = self.display != NULL ? gb_bridge_create(self.display, &callbacks, &self) : NULL;
  if (self.bridge == NULL) {
    weston_log("two-runtimes: error: no display or gb_bridge_create returned NULL\n");
    return -1;
  }
  gb_bridge_set_screen(self.bridge, 0, 0, 960, 540);
  static const struct gb_system_callbacks system = {.gesture = gesture, .log = log_message};
  gb_bridge_set_system_callbacks(self.bridge, &system, &self);
  char *error = NULL;
  if (!gb_bridge_load_system_gestures(self.bridge, config, &error)) {
    weston_log("two-runtimes: error: %s\n", error != NULL ? error : "(no message)");
    gb_string_free(error);
    return -1;
  }
  self.time_usec = 1000000;
  struct wl_event_loop *loop = wl_display_get_event_loop(compositor->wl_display);
  self.timer = wl_event_loop_add_timer(loop, step, &self);
  wl_event_source_timer_update(self.timer, 20);
  weston_log("two-runtimes: bridge of libgesture-bridge.so.0 ready, %u system recognizers\n",
             gb_bridge_system_recognizer_count(self.bridge));
  return 0;
}
