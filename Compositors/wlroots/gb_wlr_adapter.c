/* SPDX-License-Identifier: MIT */
/* gb_wlr_adapter.c: see include/gb_wlr_adapter.h. Written once for every wlroots version:
 * what differs between them comes from the version layer's gb_wlr_version.h
 * (Compositors/wlroots/version/wlroots-X.Y/, put on the include path by the build). */
#define _POSIX_C_SOURCE 200809L
#ifndef WLR_USE_UNSTABLE
#define WLR_USE_UNSTABLE
#endif

#include "gb_wlr_adapter.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pixman.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/box.h>

#include "gb_wlr_version.h"

#include <gesture_bridge.h>

struct gb_wlr_adapter {
  struct gb_bridge *bridge;
  struct wl_display *display;
  struct wlr_seat *seat;
  struct wlr_output_layout *layout;
  gb_wlr_pick_surface_fn pick;
  gb_wlr_took_touches_fn took_touches;
  void *user_data;
  /* The adapter's grab, the seat's default touch grab while the adapter lives. */
  struct wlr_seat_touch_grab grab;
  struct wlr_seat_touch_grab *previous_default_grab;
  struct wl_listener grab_begin;
  struct wl_listener seat_destroy;
  /* The ids of the touches the bridge has down (fed down, not yet up or cancelled), and the
   * latest input time (microseconds). */
  int32_t ids_down[GB_WLR_MAX_TOUCHES];
  int32_t touches_down;
  uint64_t last_time_usec;
  /* The latest down delivered while its touch had no seat point yet (the bridge delivered
   * it before the compositor's wlr_seat_touch_notify_down): its touch id and serial. */
  int32_t early_down_touch_id;
  uint32_t early_down_serial;
  /* The scale last given to gb_bridge_set_pixels_per_millimetre (0: unknown). */
  double pixels_per_millimetre;
  /* gb_wlr_adapter_watch_surfaces: the compositor's new_surface and destroy, and one
   * struct surface_watch per live surface (its commit and destroy). */
  struct wl_listener new_surface;
  struct wl_listener compositor_destroy;
  struct wl_list surface_watches;
  bool watches_surfaces;
};

/* One wlr_surface whose commits go to gb_bridge_surface_committed. */
struct surface_watch {
  struct gb_wlr_adapter *adapter;
  struct wlr_surface *surface;
  struct wl_listener commit;
  struct wl_listener destroy;
  struct wl_list link;
};

static int32_t index_of_touch(const struct gb_wlr_adapter *adapter, int32_t touch_id) {
  for (int32_t i = 0; i < adapter->touches_down; i++) {
    if (adapter->ids_down[i] == touch_id) return i;
  }
  return -1;
}

uint64_t gb_wlr_time_usec(uint32_t time_msec) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t now_msec = (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
  uint64_t msec = (now_msec & ~(uint64_t)0xffffffffu) | time_msec;
  if (msec > now_msec + 0x80000000u && msec >= 0x100000000u) msec -= 0x100000000u;
  return msec * 1000u;
}

/* MARK: Sending to the clients */

static struct wlr_seat_client *seat_client_of(struct gb_wlr_adapter *adapter,
                                              struct wl_resource *surface) {
  if (surface == NULL || adapter->seat == NULL) return NULL; /* the seat is gone */
  return wlr_seat_client_for_wl_client(adapter->seat, wl_resource_get_client(surface));
}

/* The seat client's wl_touch resources that are not inert (their seat client is gone). */
#define for_each_touch(resource, client)                      \
  wl_resource_for_each(resource, &(client)->touches)          \
    if (wl_resource_get_user_data(resource) != NULL)

/* Whether the seat has a touch point other than `touch_id`'s. */
static bool seat_has_other_points(struct wlr_seat *seat, int32_t touch_id) {
  struct wlr_touch_point *point;
  wl_list_for_each(point, &seat->touch_state.touch_points, link) {
    if (point->touch_id != touch_id) return true;
  }
  return false;
}

static void host_deliver(void *data, const struct gb_touch_event *event) {
  struct gb_wlr_adapter *adapter = data;
  struct wlr_seat_client *client = seat_client_of(adapter, event->surface);
  if (client == NULL) return;
  uint32_t time_msec = (uint32_t)(event->time_usec / 1000u);
  wl_fixed_t sx = wl_fixed_from_double(event->sx);
  wl_fixed_t sy = wl_fixed_from_double(event->sy);
  struct wl_resource *resource;
  switch (event->kind) {
  case GB_TOUCH_DOWN: {
    uint32_t serial = wlr_seat_client_next_serial(client);
    for_each_touch(resource, client) {
      wl_touch_send_down(resource, serial, time_msec, event->surface, event->wl_touch_id, sx,
                         sy);
    }
    /* The serial start_drag is asked with: wlroots checks it against the seat's touch grab
     * serial while the seat has one touch point. The down of the seat's only touch sets it.
     * Its point may be made after this delivery (the bridge delivers at once or at the
     * frame): grab_down then answers the compositor's wlr_seat_touch_notify_down with this
     * serial, which wlroots makes the grab serial. */
    if (!seat_has_other_points(adapter->seat, event->touch_id)) {
      adapter->seat->touch_state.grab_serial = serial;
      adapter->seat->touch_state.grab_id = (uint32_t)event->touch_id;
    }
    if (wlr_seat_touch_get_point(adapter->seat, event->touch_id) == NULL) {
      adapter->early_down_touch_id = event->touch_id;
      adapter->early_down_serial = serial;
    }
    break;
  }
  case GB_TOUCH_MOTION:
    for_each_touch(resource, client) {
      wl_touch_send_motion(resource, time_msec, event->wl_touch_id, sx, sy);
    }
    break;
  case GB_TOUCH_UP: {
    uint32_t serial = wlr_seat_client_next_serial(client);
    for_each_touch(resource, client) {
      wl_touch_send_up(resource, serial, time_msec, event->wl_touch_id);
    }
    break;
  }
  }
}

static void host_frame(void *data, struct wl_resource *surface) {
  struct gb_wlr_adapter *adapter = data;
  struct wlr_seat_client *client = seat_client_of(adapter, surface);
  if (client == NULL) return;
  struct wl_resource *resource;
  for_each_touch(resource, client) {
    if (wl_resource_get_version(resource) >= WL_TOUCH_FRAME_SINCE_VERSION) {
      wl_touch_send_frame(resource);
    }
  }
}

static void host_cancel(void *data, struct wl_resource *surface, uint64_t time_usec) {
  (void)time_usec; /* wl_touch.cancel carries no time */
  struct gb_wlr_adapter *adapter = data;
  struct wlr_seat_client *client = seat_client_of(adapter, surface);
  if (client == NULL) return;
  /* What wlroots' wlr_seat_touch_send_cancel does (for a surface in 0.15, a seat client
   * since 0.16): wl_touch.cancel to every wl_touch of the surface's client on the seat,
   * whatever the seat's touch points. */
  struct wl_resource *resource;
  for_each_touch(resource, client) { wl_touch_send_cancel(resource); }
}

/* MARK: Picking, regions, roles */

static bool host_pick_surface(void *data, double x, double y, struct gb_surface_hit *hit) {
  struct gb_wlr_adapter *adapter = data;
  struct wlr_surface *surface = NULL;
  double sx = 0, sy = 0;
  if (!adapter->pick(adapter->user_data, x, y, &surface, &sx, &sy) || surface == NULL ||
      surface->resource == NULL) {
    return false;
  }
  hit->surface = surface->resource;
  hit->sx = sx;
  hit->sy = sy;
  hit->width = surface->current.width;
  hit->height = surface->current.height;
  return true;
}

static int32_t host_region_rectangles(void *data, struct wl_resource *region,
                                      struct gb_rect *rects, int32_t capacity) {
  (void)data;
  const pixman_region32_t *pixman = wlr_region_from_resource(region);
  if (pixman == NULL) return -1;
  int count = 0;
  pixman_box32_t *boxes = pixman_region32_rectangles(pixman, &count);
  for (int i = 0; i < count && i < capacity; i++) {
    rects[i] = (struct gb_rect){boxes[i].x1, boxes[i].y1, boxes[i].x2 - boxes[i].x1,
                                boxes[i].y2 - boxes[i].y1};
  }
  return count;
}

static bool host_surface_accepts_touch(void *data, struct wl_resource *resource) {
  (void)data;
  struct wlr_surface *surface = wlr_surface_from_resource(resource);
  if (surface == NULL || surface->role == NULL || surface->role->name == NULL) return true;
  return strcmp(surface->role->name, "wl_pointer-cursor") != 0 &&
         strcmp(surface->role->name, "wl_data_device-icon") != 0;
}

/* MARK: The seat's default touch grab: the compositor's notify_* calls reach no client */

static uint32_t grab_down(struct wlr_seat_touch_grab *grab, struct wlr_touch_point *point) {
  struct gb_wlr_adapter *adapter = grab->data;
  /* Sends nothing (the bridge's deliver sends the down, with its own serial), but must
   * return a serial: wlroots destroys the new touch point when the grab returns 0, and then
   * rejects every start_drag (no touch point). wlroots makes the returned serial the seat's
   * touch grab serial while this is the only point: the serial of the down the bridge
   * already delivered for this touch, if it did, else the display's current serial (the
   * bridge's later delivery then sets the grab serial to its own). */
  if (adapter->early_down_serial != 0 && point->touch_id == adapter->early_down_touch_id) {
    uint32_t serial = adapter->early_down_serial;
    adapter->early_down_serial = 0;
    return serial;
  }
  uint32_t serial = wl_display_get_serial(adapter->display);
  return serial != 0 ? serial : wl_display_next_serial(adapter->display);
}

static void grab_up(struct wlr_seat_touch_grab *grab, struct wlr_touch_point *point) {
  struct gb_wlr_adapter *adapter = grab->data;
  /* The compositor lifts a touch point the bridge still has down (its up is fed before the
   * compositor's wlr_seat_touch_notify_up): something of the compositor took the touches
   * (Wayfire lifts every point when a plugin grabs input). */
  if (index_of_touch(adapter, point->touch_id) >= 0) {
    if (adapter->took_touches != NULL) adapter->took_touches(adapter->user_data);
    gb_wlr_adapter_cancel_touches(adapter);
  }
}

static void grab_wl_cancel(struct wlr_seat_touch_grab *grab) {
  /* The compositor cancelled the touches (wlr_seat_touch_notify_cancel): the bridge cancels
   * them, and its cancel callback sends wl_touch.cancel to the clients that had them. */
  gb_wlr_adapter_cancel_touches(grab->data);
}

/* Motions, enters, frames and the grab's own cancel do nothing: the bridge delivers. */
GB_WLR_DEFINE_TOUCH_GRAB(grab_interface, grab_down, grab_up, grab_wl_cancel);

static void handle_grab_begin(struct wl_listener *listener, void *data) {
  struct gb_wlr_adapter *adapter = wl_container_of(listener, adapter, grab_begin);
  if (data == &adapter->grab || adapter->touches_down == 0) return;
  /* Another touch grab (a touch drag, the compositor's own) owns the touches while it lasts;
   * wlroots returns to the default grab, the adapter's, when it ends. */
  gb_wlr_adapter_cancel_touches(adapter);
}

static void handle_seat_destroy(struct wl_listener *listener, void *data) {
  (void)data;
  struct gb_wlr_adapter *adapter = wl_container_of(listener, adapter, seat_destroy);
  wl_list_remove(&adapter->grab_begin.link);
  wl_list_remove(&adapter->seat_destroy.link);
  wl_list_init(&adapter->grab_begin.link);
  wl_list_init(&adapter->seat_destroy.link);
  adapter->seat = NULL;
}

/* MARK: Surface commits (double-buffered bridge state, gesture_bridge_system_gesture_surface_v1) */

static void remove_surface_watch(struct surface_watch *watch) {
  wl_list_remove(&watch->commit.link);
  wl_list_remove(&watch->destroy.link);
  wl_list_remove(&watch->link);
  free(watch);
}

static void handle_surface_commit(struct wl_listener *listener, void *data) {
  (void)data;
  struct surface_watch *watch = wl_container_of(listener, watch, commit);
  gb_bridge_surface_committed(watch->adapter->bridge, watch->surface->resource);
}

static void handle_surface_destroy(struct wl_listener *listener, void *data) {
  (void)data;
  struct surface_watch *watch = wl_container_of(listener, watch, destroy);
  remove_surface_watch(watch);
}

static void handle_new_surface(struct wl_listener *listener, void *data) {
  struct gb_wlr_adapter *adapter = wl_container_of(listener, adapter, new_surface);
  struct wlr_surface *surface = data;
  struct surface_watch *watch = calloc(1, sizeof(*watch));
  if (watch == NULL) return; /* out of memory: that surface's deferral has no effect */
  watch->adapter = adapter;
  watch->surface = surface;
  watch->commit.notify = handle_surface_commit;
  wl_signal_add(&surface->events.commit, &watch->commit);
  watch->destroy.notify = handle_surface_destroy;
  wl_signal_add(&surface->events.destroy, &watch->destroy);
  wl_list_insert(&adapter->surface_watches, &watch->link);
}

static void stop_watching_surfaces(struct gb_wlr_adapter *adapter) {
  if (!adapter->watches_surfaces) return;
  adapter->watches_surfaces = false;
  wl_list_remove(&adapter->new_surface.link);
  wl_list_remove(&adapter->compositor_destroy.link);
  struct surface_watch *watch, *next;
  wl_list_for_each_safe(watch, next, &adapter->surface_watches, link) {
    remove_surface_watch(watch);
  }
}

static void handle_compositor_destroy(struct wl_listener *listener, void *data) {
  (void)data;
  struct gb_wlr_adapter *adapter = wl_container_of(listener, adapter, compositor_destroy);
  stop_watching_surfaces(adapter);
}

void gb_wlr_adapter_watch_surfaces(struct gb_wlr_adapter *adapter,
                                   struct wlr_compositor *compositor) {
  if (adapter == NULL || compositor == NULL || adapter->watches_surfaces) return;
  adapter->watches_surfaces = true;
  wl_list_init(&adapter->surface_watches);
  adapter->new_surface.notify = handle_new_surface;
  wl_signal_add(&compositor->events.new_surface, &adapter->new_surface);
  adapter->compositor_destroy.notify = handle_compositor_destroy;
  wl_signal_add(&compositor->events.destroy, &adapter->compositor_destroy);
}

/* MARK: Life */

struct gb_wlr_adapter *gb_wlr_adapter_create(struct wl_display *display, struct wlr_seat *seat,
                                             struct wlr_output_layout *layout,
                                             gb_wlr_pick_surface_fn pick, void *user_data) {
  if (display == NULL || seat == NULL || pick == NULL) return NULL;
  struct gb_wlr_adapter *adapter = calloc(1, sizeof(*adapter));
  if (adapter == NULL) return NULL;
  adapter->display = display;
  adapter->seat = seat;
  adapter->layout = layout;
  adapter->pick = pick;
  adapter->user_data = user_data;
  struct gb_host_callbacks callbacks = {
      .pick_surface = host_pick_surface,
      .region_rectangles = host_region_rectangles,
      .surface_accepts_touch = host_surface_accepts_touch,
      .deliver = host_deliver,
      .hold = NULL,
      .cancel = host_cancel,
      .frame = host_frame,
  };
  adapter->bridge = gb_bridge_create(display, &callbacks, adapter);
  if (adapter->bridge == NULL) {
    free(adapter);
    return NULL;
  }
  adapter->grab.interface = &grab_interface;
  adapter->grab.seat = seat;
  adapter->grab.data = adapter;
  adapter->previous_default_grab = seat->touch_state.default_grab;
  if (seat->touch_state.grab == seat->touch_state.default_grab) {
    seat->touch_state.grab = &adapter->grab;
  }
  seat->touch_state.default_grab = &adapter->grab;
  adapter->grab_begin.notify = handle_grab_begin;
  wl_signal_add(&seat->events.touch_grab_begin, &adapter->grab_begin);
  adapter->seat_destroy.notify = handle_seat_destroy;
  wl_signal_add(&seat->events.destroy, &adapter->seat_destroy);
  return adapter;
}

void gb_wlr_adapter_destroy(struct gb_wlr_adapter *adapter) {
  if (adapter == NULL) return;
  if (adapter->seat != NULL) {
    struct wlr_seat *seat = adapter->seat;
    if (seat->touch_state.grab == &adapter->grab) {
      seat->touch_state.grab = adapter->previous_default_grab;
    }
    seat->touch_state.default_grab = adapter->previous_default_grab;
    wl_list_remove(&adapter->grab_begin.link);
    wl_list_remove(&adapter->seat_destroy.link);
  }
  stop_watching_surfaces(adapter);
  gb_bridge_destroy(adapter->bridge);
  free(adapter);
}

void gb_wlr_adapter_set_took_touches(struct gb_wlr_adapter *adapter,
                                     gb_wlr_took_touches_fn took_touches) {
  adapter->took_touches = took_touches;
}

struct gb_bridge *gb_wlr_adapter_bridge(struct gb_wlr_adapter *adapter) {
  return adapter == NULL ? NULL : adapter->bridge;
}

int32_t gb_wlr_adapter_touches_down(const struct gb_wlr_adapter *adapter) {
  return adapter == NULL ? 0 : adapter->touches_down;
}

void gb_wlr_adapter_set_touch_device_size(struct gb_wlr_adapter *adapter, double width_mm,
                                          double height_mm, double output_width,
                                          double output_height) {
  double scale = 0;
  if (width_mm > 0 && height_mm > 0 && output_width > 0 && output_height > 0) {
    scale = sqrt((output_width / width_mm) * (output_height / height_mm));
  }
  if (scale == adapter->pixels_per_millimetre) return;
  adapter->pixels_per_millimetre = scale;
  gb_bridge_set_pixels_per_millimetre(adapter->bridge, scale);
}

/* MARK: Feeding */

static void update_screen(struct gb_wlr_adapter *adapter) {
  struct wlr_box box;
  if (adapter->layout == NULL || !gb_wlr_layout_box(adapter->layout, &box)) return;
  if (box.width > 0 && box.height > 0) {
    gb_bridge_set_screen(adapter->bridge, box.x, box.y, box.width, box.height);
  }
}

void gb_wlr_adapter_touch_down(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                               int32_t touch_id, double lx, double ly) {
  uint64_t time = gb_wlr_time_usec(time_msec);
  adapter->last_time_usec = time;
  if (adapter->touches_down == 0) update_screen(adapter);
  if (index_of_touch(adapter, touch_id) < 0 && adapter->touches_down < GB_WLR_MAX_TOUCHES) {
    adapter->ids_down[adapter->touches_down++] = touch_id;
  }
  gb_bridge_touch_down(adapter->bridge, time, touch_id, lx, ly);
}

void gb_wlr_adapter_touch_motion(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                                 int32_t touch_id, double lx, double ly) {
  uint64_t time = gb_wlr_time_usec(time_msec);
  adapter->last_time_usec = time;
  gb_bridge_touch_motion(adapter->bridge, time, touch_id, lx, ly);
}

void gb_wlr_adapter_touch_up(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                             int32_t touch_id) {
  uint64_t time = gb_wlr_time_usec(time_msec);
  adapter->last_time_usec = time;
  int32_t index = index_of_touch(adapter, touch_id);
  if (index >= 0) adapter->ids_down[index] = adapter->ids_down[--adapter->touches_down];
  gb_bridge_touch_up(adapter->bridge, time, touch_id);
}

void gb_wlr_adapter_touch_cancel(struct gb_wlr_adapter *adapter, uint32_t time_msec) {
  adapter->last_time_usec = gb_wlr_time_usec(time_msec);
  gb_wlr_adapter_cancel_touches(adapter);
}

void gb_wlr_adapter_touch_frame(struct gb_wlr_adapter *adapter) {
  gb_bridge_touch_frame(adapter->bridge);
}

void gb_wlr_adapter_cancel_touches(struct gb_wlr_adapter *adapter) {
  if (adapter->touches_down == 0) return;
  adapter->touches_down = 0;
  gb_bridge_touch_cancel(adapter->bridge, adapter->last_time_usec);
}
