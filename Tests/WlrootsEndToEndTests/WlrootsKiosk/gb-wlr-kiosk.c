/* SPDX-License-Identifier: MIT */
/* gb-wlr-kiosk: a minimal cage-shaped wlroots 0.15 kiosk compositor with the GestureBridge
 * wlroots adapter, for the end-to-end tests (built by the tests with cc; never installed).
 *
 * Real wlroots all the way: the headless backend for outputs (pixman renderer:
 * WLR_RENDERER=pixman), wlroots' libinput backend for touches (a wlr_session; with
 * LIBSEAT_BACKEND=noop it opens the nodes itself, so it runs inside a umockdev testbed),
 * wlr_scene for rendering and picking, xdg-shell toplevels sized to their output
 * (app_id "right" on the second output, every other one on the first; centred when smaller,
 * as kiosk-shell and cage do), wlr_cursor mapping touches onto the first output (or, with
 * --touch-layout, the whole layout). Its touch handlers are the hook points a cage, sway or
 * labwc patch would use: each event goes to the adapter first, then to the compositor's usual
 * wlr_seat_touch_notify_* (which the adapter's seat grab keeps from clients).
 *
 * Usage: gb-wlr-kiosk --socket NAME [--size WxH] [--outputs 1|2] [--touch-layout]
 *        [--no-libinput] [--system-gestures PATH]
 * --system-gestures loads a system-gesture config (gb_bridge_load_system_gestures) and logs
 * "gb-wlr-kiosk: system gesture NAME STATE" for every state change but changed. Surface
 * commits reach the bridge through gb_wlr_adapter_watch_surfaces (apps' deferral of system
 * gestures).
 * Log (stderr): "gb-wlr-kiosk: touch device added: NAME", "gb-wlr-kiosk: recognizers N"
 * (each change of gb_bridge_recognizer_count), "gb-wlr-kiosk: mapped APP_ID at X,Y WxH",
 * "gb-wlr-kiosk: ready" once the socket is listening.
 * SIGHUP: the kiosk takes the touches as Wayfire does for a plugin grab (lifts every seat touch
 * point while the fingers stay down); SIGTERM / SIGINT: exits.
 */
#define _POSIX_C_SOURCE 200809L
#define WLR_USE_UNSTABLE

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/libinput.h>
#include <wlr/backend/multi.h>
#include <wlr/backend/session.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>

#include <gb_wlr_adapter.h>
#include <gesture_bridge.h>

#define MAX_OUTPUTS 2

struct kiosk {
  struct wl_display *display;
  struct wlr_backend *backend;
  struct wlr_renderer *renderer;
  struct wlr_allocator *allocator;
  struct wlr_output_layout *layout;
  struct wlr_scene *scene;
  struct wlr_seat *seat;
  struct wlr_cursor *cursor;
  struct gb_wlr_adapter *adapter;
  struct wlr_output *outputs[MAX_OUTPUTS];
  int output_count;
  int width, height;
  bool touch_layout;
  uint32_t recognizers;
  struct wl_event_source *poll;
  struct wl_listener new_output, new_input, new_xdg_surface, request_start_drag;
  struct wl_listener touch_down, touch_up, touch_motion, touch_cancel, touch_frame;
  /* The layout position of the surface each touch point went down on, by touch id. */
  struct {
    bool down;
    int x, y;
  } points[GB_WLR_MAX_TOUCHES];
};

struct kiosk_output {
  struct kiosk *kiosk;
  struct wlr_output *output;
  struct wlr_scene_output *scene_output;
  struct wl_listener frame;
};

struct kiosk_view {
  struct kiosk *kiosk;
  struct wlr_xdg_surface *xdg;
  struct wlr_scene_node *node;
  struct wl_listener map, destroy;
};

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void say(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "gb-wlr-kiosk: ");
  vfprintf(stderr, format, args);
  fprintf(stderr, "\n");
  fflush(stderr);
  va_end(args);
}

/* MARK: Picking (what the adapter asks, and what the compositor's own touch handling uses) */

static bool pick(void *data, double lx, double ly, struct wlr_surface **surface, double *sx,
                 double *sy) {
  struct kiosk *kiosk = data;
  struct wlr_scene_node *node = wlr_scene_node_at(&kiosk->scene->node, lx, ly, sx, sy);
  if (node == NULL || node->type != WLR_SCENE_NODE_SURFACE) return false;
  *surface = wlr_scene_surface_from_node(node)->surface;
  return true;
}

/* MARK: Touch: the hook points (adapter first, then wlroots' seat as always) */

static void handle_touch_down(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, touch_down);
  struct wlr_event_touch_down *event = data;
  double lx, ly;
  wlr_cursor_absolute_to_layout_coords(kiosk->cursor, event->device, event->x, event->y, &lx,
                                       &ly);
  gb_wlr_adapter_touch_down(kiosk->adapter, event->time_msec, event->touch_id, lx, ly);
  struct wlr_surface *surface = NULL;
  double sx, sy;
  if (!pick(kiosk, lx, ly, &surface, &sx, &sy)) return;
  if (event->touch_id >= 0 && event->touch_id < GB_WLR_MAX_TOUCHES) {
    kiosk->points[event->touch_id].down = true;
    kiosk->points[event->touch_id].x = (int)(lx - sx);
    kiosk->points[event->touch_id].y = (int)(ly - sy);
  }
  wlr_seat_touch_notify_down(kiosk->seat, surface, event->time_msec, event->touch_id, sx, sy);
}

static void handle_touch_motion(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, touch_motion);
  struct wlr_event_touch_motion *event = data;
  double lx, ly;
  wlr_cursor_absolute_to_layout_coords(kiosk->cursor, event->device, event->x, event->y, &lx,
                                       &ly);
  gb_wlr_adapter_touch_motion(kiosk->adapter, event->time_msec, event->touch_id, lx, ly);
  if (event->touch_id >= 0 && event->touch_id < GB_WLR_MAX_TOUCHES &&
      kiosk->points[event->touch_id].down) {
    wlr_seat_touch_notify_motion(kiosk->seat, event->time_msec, event->touch_id,
                                 lx - kiosk->points[event->touch_id].x,
                                 ly - kiosk->points[event->touch_id].y);
  }
}

static void handle_touch_up(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, touch_up);
  struct wlr_event_touch_up *event = data;
  gb_wlr_adapter_touch_up(kiosk->adapter, event->time_msec, event->touch_id);
  if (event->touch_id >= 0 && event->touch_id < GB_WLR_MAX_TOUCHES) {
    kiosk->points[event->touch_id].down = false;
  }
  wlr_seat_touch_notify_up(kiosk->seat, event->time_msec, event->touch_id);
}

static void handle_touch_cancel(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, touch_cancel);
  struct wlr_event_touch_cancel *event = data;
  gb_wlr_adapter_touch_cancel(kiosk->adapter, event->time_msec);
  struct wlr_touch_point *point = wlr_seat_touch_get_point(kiosk->seat, event->touch_id);
  if (point != NULL && point->surface != NULL) {
    wlr_seat_touch_notify_cancel(kiosk->seat, point->surface);
  }
}

static void handle_touch_frame(struct wl_listener *listener, void *data) {
  (void)data;
  struct kiosk *kiosk = wl_container_of(listener, kiosk, touch_frame);
  gb_wlr_adapter_touch_frame(kiosk->adapter);
  wlr_seat_touch_notify_frame(kiosk->seat);
}

/* MARK: Drag-and-drop: a client's start_drag is accepted only on the seat's touch grab
 * serial (the serial of the down the adapter delivered for the seat's one touch point) */

static void handle_request_start_drag(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, request_start_drag);
  struct wlr_seat_request_start_drag_event *event = data;
  struct wlr_touch_point *point = NULL;
  if (wlr_seat_validate_touch_grab_serial(kiosk->seat, event->origin, event->serial, &point)) {
    say("touch drag started (serial %u)", event->serial);
    wlr_seat_start_touch_drag(kiosk->seat, event->drag, event->serial, point);
    return;
  }
  say("start_drag refused: serial %u is not the touch grab serial %u", event->serial,
      kiosk->seat->touch_state.grab_serial);
  wlr_data_source_destroy(event->drag->source);
}

/* MARK: Outputs, inputs, windows */

static void output_frame(struct wl_listener *listener, void *data) {
  (void)data;
  struct kiosk_output *output = wl_container_of(listener, output, frame);
  wlr_scene_output_commit(output->scene_output);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  wlr_scene_output_send_frame_done(output->scene_output, &now);
}

static void handle_new_output(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, new_output);
  struct wlr_output *wlr_output = data;
  if (kiosk->output_count == MAX_OUTPUTS) return;
  wlr_output_init_render(wlr_output, kiosk->allocator, kiosk->renderer);
  wlr_output_enable(wlr_output, true);
  if (!wlr_output_commit(wlr_output)) {
    say("error: cannot enable output %s", wlr_output->name);
    return;
  }
  struct kiosk_output *output = calloc(1, sizeof(*output));
  output->kiosk = kiosk;
  output->output = wlr_output;
  output->frame.notify = output_frame;
  wl_signal_add(&wlr_output->events.frame, &output->frame);
  wlr_output_layout_add(kiosk->layout, wlr_output, kiosk->output_count * kiosk->width, 0);
  output->scene_output = wlr_scene_output_create(kiosk->scene, wlr_output);
  kiosk->outputs[kiosk->output_count++] = wlr_output;
  say("output %s at %d,0 %dx%d", wlr_output->name, (kiosk->output_count - 1) * kiosk->width,
      kiosk->width, kiosk->height);
}

static void handle_new_input(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, new_input);
  struct wlr_input_device *device = data;
  if (device->type != WLR_INPUT_DEVICE_TOUCH) return;
  wlr_cursor_attach_input_device(kiosk->cursor, device);
  if (kiosk->output_count > 0 && !kiosk->touch_layout) {
    wlr_cursor_map_input_to_output(kiosk->cursor, device, kiosk->outputs[0]);
  }
  wlr_seat_set_capabilities(kiosk->seat, WL_SEAT_CAPABILITY_TOUCH);
  /* The device's size on what it is mapped onto (the first output, or the whole layout). */
  gb_wlr_adapter_set_touch_device_size(
      kiosk->adapter, device->width_mm, device->height_mm,
      kiosk->width * (kiosk->touch_layout ? kiosk->output_count : 1), kiosk->height);
  say("touch device added: %s", device->name);
}

static void view_map(struct wl_listener *listener, void *data) {
  (void)data;
  struct kiosk_view *view = wl_container_of(listener, view, map);
  struct kiosk *kiosk = view->kiosk;
  const char *app_id = view->xdg->toplevel->app_id ? view->xdg->toplevel->app_id : "";
  int index = strcmp(app_id, "right") == 0 && kiosk->output_count > 1 ? 1 : 0;
  /* Centred on its output when smaller than it, as weston's kiosk-shell and cage do. */
  int width = view->xdg->surface->current.width, height = view->xdg->surface->current.height;
  int x = index * kiosk->width + (width < kiosk->width ? (kiosk->width - width) / 2 : 0);
  int y = height < kiosk->height ? (kiosk->height - height) / 2 : 0;
  wlr_scene_node_set_position(view->node, x, y);
  say("mapped %s at %d,%d %dx%d", app_id, x, y, width, height);
}

static void view_destroy(struct wl_listener *listener, void *data) {
  (void)data;
  struct kiosk_view *view = wl_container_of(listener, view, destroy);
  wl_list_remove(&view->map.link);
  wl_list_remove(&view->destroy.link);
  free(view);
}

static void handle_new_xdg_surface(struct wl_listener *listener, void *data) {
  struct kiosk *kiosk = wl_container_of(listener, kiosk, new_xdg_surface);
  struct wlr_xdg_surface *xdg = data;
  if (xdg->role != WLR_XDG_SURFACE_ROLE_TOPLEVEL) return;
  struct kiosk_view *view = calloc(1, sizeof(*view));
  view->kiosk = kiosk;
  view->xdg = xdg;
  view->node = wlr_scene_xdg_surface_create(&kiosk->scene->node, xdg);
  view->map.notify = view_map;
  wl_signal_add(&xdg->events.map, &view->map);
  view->destroy.notify = view_destroy;
  wl_signal_add(&xdg->events.destroy, &view->destroy);
  wlr_xdg_toplevel_set_size(xdg, kiosk->width, kiosk->height);
}

static int poll_recognizers(void *data) {
  struct kiosk *kiosk = data;
  uint32_t count = gb_bridge_recognizer_count(gb_wlr_adapter_bridge(kiosk->adapter));
  if (count != kiosk->recognizers) {
    kiosk->recognizers = count;
    say("recognizers %u", count);
  }
  wl_event_source_timer_update(kiosk->poll, 20);
  return 0;
}

/* SIGHUP: the compositor takes the touches, as Wayfire does when a plugin grabs input
 * (touch_interface_t::set_grab lifts every touch point while the fingers stay down). */
static int handle_take_touches(int signal, void *data) {
  (void)signal;
  struct kiosk *kiosk = data;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint32_t time_msec = (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
  int lifted = 0;
  for (int32_t id = 0; id < GB_WLR_MAX_TOUCHES; id++) {
    if (!kiosk->points[id].down) continue;
    kiosk->points[id].down = false;
    wlr_seat_touch_notify_up(kiosk->seat, time_msec, id);
    lifted++;
  }
  say("took the touches: lifted %d touch point(s)", lifted);
  return 0;
}

static void took_touches(void *data) {
  (void)data;
  say("adapter: the compositor took the touches: bridge touches cancelled");
}

static int handle_signal(int signal, void *data) {
  (void)signal;
  wl_display_terminate(data);
  return 0;
}

/* --system-gestures: every state change but changed is a log line. */
static void on_system_gesture(void *data, const struct gb_system_gesture *gesture) {
  (void)data;
  if (gesture->state == GB_SYSTEM_GESTURE_CHANGED) return;
  static const char *names[] = {"", "began", "changed", "ended", "cancelled", "recognized"};
  say("system gesture %s %s", gesture->recognizer,
      gesture->state <= GB_SYSTEM_GESTURE_RECOGNIZED ? names[gesture->state] : "?");
}

int main(int argc, char **argv) {
  const char *socket = NULL;
  const char *system_gestures = NULL;
  int outputs = 1;
  bool use_libinput = true;
  struct kiosk kiosk = {.width = 1024, .height = 640};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--socket") == 0 && i + 1 < argc) {
      socket = argv[++i];
    } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
      if (sscanf(argv[++i], "%dx%d", &kiosk.width, &kiosk.height) != 2) return 2;
    } else if (strcmp(argv[i], "--outputs") == 0 && i + 1 < argc) {
      outputs = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--touch-layout") == 0) {
      kiosk.touch_layout = true;
    } else if (strcmp(argv[i], "--no-libinput") == 0) {
      use_libinput = false;
    } else if (strcmp(argv[i], "--system-gestures") == 0 && i + 1 < argc) {
      system_gestures = argv[++i];
    } else {
      fprintf(stderr, "usage: gb-wlr-kiosk --socket NAME [--size WxH] [--outputs 1|2] "
                      "[--touch-layout] [--no-libinput] [--system-gestures PATH]\n");
      return 2;
    }
  }
  if (socket == NULL || outputs < 1 || outputs > MAX_OUTPUTS) return 2;
  wlr_log_init(getenv("GB_WLR_KIOSK_DEBUG") ? WLR_DEBUG : WLR_ERROR, NULL);

  kiosk.display = wl_display_create();
  struct wl_event_loop *loop = wl_display_get_event_loop(kiosk.display);
  kiosk.backend = wlr_multi_backend_create(kiosk.display);
  struct wlr_backend *headless = wlr_headless_backend_create(kiosk.display);
  wlr_multi_backend_add(kiosk.backend, headless);
  if (use_libinput) {
    struct wlr_session *session = wlr_session_create(kiosk.display);
    if (session == NULL) {
      say("error: no session (libseat): set LIBSEAT_BACKEND=noop to open devices directly");
      return 1;
    }
    /* libseat's noop backend (LIBSEAT_BACKEND=noop, no seatd or logind) names its seat
     * "noop", and libinput's udev backend then assigns no device (a device without ID_SEAT
     * is on seat0): libinput is given seat0. */
    if (strcmp(session->seat, "noop") == 0) {
      snprintf(session->seat, sizeof(session->seat), "seat0");
    }
    struct wlr_backend *libinput = wlr_libinput_backend_create(kiosk.display, session);
    if (libinput == NULL) {
      say("error: cannot create the libinput backend");
      return 1;
    }
    wlr_multi_backend_add(kiosk.backend, libinput);
  }
  kiosk.renderer = wlr_renderer_autocreate(kiosk.backend);
  if (kiosk.renderer == NULL) {
    say("error: no renderer (set WLR_RENDERER=pixman)");
    return 1;
  }
  wlr_renderer_init_wl_display(kiosk.renderer, kiosk.display);
  kiosk.allocator = wlr_allocator_autocreate(kiosk.backend, kiosk.renderer);
  struct wlr_compositor *compositor = wlr_compositor_create(kiosk.display, kiosk.renderer);
  wlr_data_device_manager_create(kiosk.display);
  kiosk.layout = wlr_output_layout_create();
  kiosk.scene = wlr_scene_create();
  wlr_scene_attach_output_layout(kiosk.scene, kiosk.layout);
  kiosk.cursor = wlr_cursor_create();
  wlr_cursor_attach_output_layout(kiosk.cursor, kiosk.layout);
  kiosk.seat = wlr_seat_create(kiosk.display, "seat0");
  wlr_seat_set_capabilities(kiosk.seat, WL_SEAT_CAPABILITY_TOUCH);
  kiosk.request_start_drag.notify = handle_request_start_drag;
  wl_signal_add(&kiosk.seat->events.request_start_drag, &kiosk.request_start_drag);
  kiosk.adapter = gb_wlr_adapter_create(kiosk.display, kiosk.seat, kiosk.layout, pick, &kiosk);
  if (kiosk.adapter == NULL) {
    say("error: gb_wlr_adapter_create failed");
    return 1;
  }
  gb_wlr_adapter_watch_surfaces(kiosk.adapter, compositor);
  if (system_gestures != NULL) {
    struct gb_bridge *bridge = gb_wlr_adapter_bridge(kiosk.adapter);
    struct gb_system_callbacks callbacks = {.gesture = on_system_gesture};
    gb_bridge_set_system_callbacks(bridge, &callbacks, NULL);
    char *error = NULL;
    if (!gb_bridge_load_system_gestures(bridge, system_gestures, &error)) {
      say("error: system gestures: %s", error ? error : "?");
      gb_string_free(error);
      return 1;
    }
    say("system gestures: %u recognizer(s)", gb_bridge_system_recognizer_count(bridge));
  }
  struct wlr_xdg_shell *shell = wlr_xdg_shell_create(kiosk.display);
  kiosk.new_xdg_surface.notify = handle_new_xdg_surface;
  wl_signal_add(&shell->events.new_surface, &kiosk.new_xdg_surface);
  kiosk.new_output.notify = handle_new_output;
  wl_signal_add(&kiosk.backend->events.new_output, &kiosk.new_output);
  kiosk.new_input.notify = handle_new_input;
  wl_signal_add(&kiosk.backend->events.new_input, &kiosk.new_input);
  kiosk.touch_down.notify = handle_touch_down;
  wl_signal_add(&kiosk.cursor->events.touch_down, &kiosk.touch_down);
  kiosk.touch_motion.notify = handle_touch_motion;
  wl_signal_add(&kiosk.cursor->events.touch_motion, &kiosk.touch_motion);
  kiosk.touch_up.notify = handle_touch_up;
  wl_signal_add(&kiosk.cursor->events.touch_up, &kiosk.touch_up);
  kiosk.touch_cancel.notify = handle_touch_cancel;
  wl_signal_add(&kiosk.cursor->events.touch_cancel, &kiosk.touch_cancel);
  kiosk.touch_frame.notify = handle_touch_frame;
  wl_signal_add(&kiosk.cursor->events.touch_frame, &kiosk.touch_frame);

  for (int i = 0; i < outputs; i++) wlr_headless_add_output(headless, kiosk.width, kiosk.height);
  if (wl_display_add_socket(kiosk.display, socket) != 0) {
    say("error: cannot listen on socket %s", socket);
    return 1;
  }
  if (!wlr_backend_start(kiosk.backend)) {
    say("error: cannot start the backends");
    return 1;
  }
  kiosk.poll = wl_event_loop_add_timer(loop, poll_recognizers, &kiosk);
  wl_event_source_timer_update(kiosk.poll, 20);
  wl_event_loop_add_signal(loop, SIGTERM, handle_signal, kiosk.display);
  wl_event_loop_add_signal(loop, SIGINT, handle_signal, kiosk.display);
  wl_event_loop_add_signal(loop, SIGHUP, handle_take_touches, &kiosk);
  gb_wlr_adapter_set_took_touches(kiosk.adapter, took_touches);
  say("ready");
  wl_display_run(kiosk.display);
  wl_display_destroy_clients(kiosk.display);
  gb_wlr_adapter_destroy(kiosk.adapter);
  wlr_backend_destroy(kiosk.backend);
  wl_display_destroy(kiosk.display);
  say("exited");
  return 0;
}
