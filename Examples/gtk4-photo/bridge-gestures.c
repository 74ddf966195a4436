/* SPDX-License-Identifier: MIT */
#include "bridge-gestures.h"

#include <errno.h>

#include <gdk/wayland/gdkwayland.h>
#include <gesture-bridge-client-glib.h>
#include <gesture-bridge-client.h>
#include <wayland-client.h>

typedef struct {
  BridgeGestures *owner;
  PhotoRecognizer recognizer;
} RecognizerSlot;

struct BridgeGestures {
  PhotoApp *app;
  struct gbc_client *client;
  struct wl_display *display;
  struct wl_compositor *compositor;
  struct wl_surface *surface;
  struct gbc_recognizer *recognizers[PHOTO_RECOGNIZER_COUNT];
  RecognizerSlot slots[PHOTO_RECOGNIZER_COUNT];
  struct gbc_system_gesture_surface *deferral; /* version 2 only */
  GdkFrameClock *clock;
  gulong layout_handler;
  bool placed; /* picture_bounds and drawer_bounds are what the compositor has */
  graphene_rect_t picture_bounds, drawer_bounds; /* drawer: empty while closed */
  GSource *source; /* dispatches the library's queue in GTK's main loop */
};

static const enum gbc_kind kinds[PHOTO_RECOGNIZER_COUNT] = {
  [PHOTO_RECOGNIZER_PAN] = GBC_KIND_PAN,
  [PHOTO_RECOGNIZER_PINCH] = GBC_KIND_PINCH,
  [PHOTO_RECOGNIZER_ROTATION] = GBC_KIND_ROTATION,
  [PHOTO_RECOGNIZER_DOUBLE_TAP] = GBC_KIND_TAP,
  [PHOTO_RECOGNIZER_LONG_PRESS] = GBC_KIND_LONG_PRESS,
  [PHOTO_RECOGNIZER_DRAWER_PAN] = GBC_KIND_PAN,
};

static PhotoGestureState state_of(enum gbc_state state) {
  switch (state) {
  case GBC_STATE_BEGAN: return PHOTO_GESTURE_BEGAN;
  case GBC_STATE_CHANGED: return PHOTO_GESTURE_CHANGED;
  case GBC_STATE_ENDED: return PHOTO_GESTURE_ENDED;
  case GBC_STATE_CANCELLED: return PHOTO_GESTURE_CANCELLED;
  case GBC_STATE_RECOGNIZED: return PHOTO_GESTURE_RECOGNIZED;
  case GBC_STATE_FAILED: break;
  }
  return PHOTO_GESTURE_FAILED;
}

/* The library's callback: the event group of one state change, already assembled. */
static void on_gesture(void *data, const struct gbc_gesture *gesture) {
  RecognizerSlot *slot = data;
  PhotoGesture g = {
    .recognizer = slot->recognizer,
    .state = state_of(gesture->state),
    .time_usec = gesture->time_usec,
    .x = gesture->location.x,
    .y = gesture->location.y,
    .touches = (int)gesture->touches.number,
    .taps = (int)gesture->taps.number,
    .dx = gesture->translation.dx,
    .dy = gesture->translation.dy,
    .vx = gesture->velocity.vx,
    .vy = gesture->velocity.vy,
  };
  if (gesture->values & GBC_VALUE_SCALE) {
    g.value = gesture->scale.scale;
    g.velocity = gesture->scale.velocity;
  } else if (gesture->values & GBC_VALUE_ROTATION) {
    g.value = gesture->rotation.rotation;
    g.velocity = gesture->rotation.velocity;
  }
  photo_app_gesture(slot->owner->app, &g);
}

static void on_error(void *data, struct gbc_client *client,
                     const struct gbc_connection_error *error) {
  (void)data;
  (void)client;
  g_printerr("gtk4-photo: gesture-bridge connection failed: %s %s@%u code %u (%s): %s\n",
             error->error_number == EPROTO ? "protocol error" : "connection lost",
             error->interface_name, error->object_id, error->code, error->code_name,
             error->message);
}

static bool check(int status, const char *what) {
  if (status == GBC_STATUS_OK) return true;
  g_printerr("gtk4-photo: %s: %s\n", what, gbc_status_string(status));
  return false;
}

static bool create_recognizers(BridgeGestures *self) {
  for (int i = 0; i < PHOTO_RECOGNIZER_COUNT; i++) {
    enum gbc_status status = GBC_STATUS_OK;
    self->recognizers[i] = gbc_recognizer_create(self->client, self->surface, kinds[i], &status);
    if (self->recognizers[i] == NULL) {
      check(status, photo_recognizer_name((PhotoRecognizer)i));
      return false;
    }
    self->slots[i] = (RecognizerSlot){self, (PhotoRecognizer)i};
    gbc_recognizer_set_callback(self->recognizers[i], on_gesture, &self->slots[i]);
  }
  struct gbc_recognizer **r = self->recognizers;
  /* Pan, pinch and rotation at the same time; the pan follows one or two fingers. */
  return check(gbc_recognizer_set_maximum_number_of_touches(r[PHOTO_RECOGNIZER_PAN], 2),
               "pan maximum") &&
         check(gbc_recognizer_recognize_simultaneously_with(r[PHOTO_RECOGNIZER_PAN],
                                                             r[PHOTO_RECOGNIZER_PINCH]),
               "pan with pinch") &&
         check(gbc_recognizer_recognize_simultaneously_with(r[PHOTO_RECOGNIZER_PAN],
                                                             r[PHOTO_RECOGNIZER_ROTATION]),
               "pan with rotation") &&
         check(gbc_recognizer_recognize_simultaneously_with(r[PHOTO_RECOGNIZER_PINCH],
                                                             r[PHOTO_RECOGNIZER_ROTATION]),
               "pinch with rotation") &&
         check(gbc_recognizer_set_number_of_taps_required(r[PHOTO_RECOGNIZER_DOUBLE_TAP], 2),
               "double tap");
}

static void on_layout(GdkFrameClock *clock, gpointer data);

BridgeGestures *bridge_gestures_new(PhotoApp *app, char **why_not) {
  GdkDisplay *display = gtk_widget_get_display(app->window);
  if (!GDK_IS_WAYLAND_DISPLAY(display)) {
    *why_not = g_strdup("not a Wayland display");
    return NULL;
  }
  struct wl_display *wl_display = gdk_wayland_display_get_wl_display(display);
  enum gbc_unavailable_reason reason = GBC_UNAVAILABLE_NONE;
  struct gbc_client *client = gbc_client_create(wl_display, 5000, &reason);
  if (client == NULL) {
    *why_not = g_strdup(gbc_unavailable_reason_string(reason));
    return NULL;
  }
  BridgeGestures *self = g_new0(BridgeGestures, 1);
  self->app = app;
  self->client = client;
  self->display = wl_display;
  self->compositor = gdk_wayland_display_get_wl_compositor(display);
  self->surface =
    gdk_wayland_surface_get_wl_surface(gtk_native_get_surface(GTK_NATIVE(app->window)));
  gbc_client_set_error_callback(client, on_error, self);
  if (!create_recognizers(self)) {
    *why_not = g_strdup("the recognizers could not be made (see above)");
    bridge_gestures_free(self);
    return NULL;
  }
  if (gbc_client_get_version(client) >= 2) {
    enum gbc_status status = GBC_STATUS_OK;
    self->deferral = gbc_system_gesture_surface_create(client, self->surface, &status);
    if (self->deferral == NULL) check(status, "system gesture surface");
  }
  self->source = gbc_glib_source_new(client);
  g_source_attach(self->source, NULL);
  self->clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(app->window)));
  self->layout_handler =
    g_signal_connect_after(self->clock, "layout", G_CALLBACK(on_layout), self);
  return self;
}

uint32_t bridge_gestures_version(const BridgeGestures *gestures) {
  return gbc_client_get_version(gestures->client);
}

static struct wl_region *region_of(BridgeGestures *self, const graphene_rect_t *r) {
  struct wl_region *region = wl_compositor_create_region(self->compositor);
  wl_region_add(region, (int32_t)r->origin.x, (int32_t)r->origin.y, (int32_t)r->size.width,
                (int32_t)r->size.height);
  return region;
}

/* Sets the recognizers' regions (the picture, less the drawer while it is open; the drawer
 * for the drawer pan, enabled only while open), the exclusion region and the deferred left
 * edge, and commits the recognizers. */
static void update(BridgeGestures *self) {
  bool open = self->drawer_bounds.size.width > 0;
  struct wl_region *picture = region_of(self, &self->picture_bounds);
  struct wl_region *drawer = open ? region_of(self, &self->drawer_bounds) : NULL;
  if (open) {
    const graphene_rect_t *r = &self->drawer_bounds;
    wl_region_subtract(picture, (int32_t)r->origin.x, (int32_t)r->origin.y,
                       (int32_t)r->size.width, (int32_t)r->size.height);
  }
  for (int i = 0; i < PHOTO_RECOGNIZER_COUNT; i++) {
    struct gbc_recognizer *recognizer = self->recognizers[i];
    const char *name = photo_recognizer_name((PhotoRecognizer)i);
    if (i == PHOTO_RECOGNIZER_DRAWER_PAN) {
      check(gbc_recognizer_set_enabled(recognizer, open), name);
      if (open) check(gbc_recognizer_set_region(recognizer, drawer), name);
    } else {
      check(gbc_recognizer_set_region(recognizer, picture), name);
    }
    check(gbc_recognizer_commit(recognizer), name);
  }
  if (self->deferral != NULL) {
    /* While open, the drawer is the app's: no system gesture starts on it, and the first
     * swipe from the left edge (which the drawer covers) is the app's too. The exclusion
     * alone would not do near the edge: the compositor caps it there
     * (docs/system-gestures.md). Both apply at the wl_surface.commit of this frame. */
    check(gbc_system_gesture_surface_set_exclusion_region(self->deferral, drawer),
          "exclusion region");
    check(gbc_system_gesture_surface_set_deferred_edges(self->deferral, open ? GBC_EDGES_LEFT : 0),
          "deferred edges");
  }
  wl_region_destroy(picture);
  if (drawer != NULL) wl_region_destroy(drawer);
}

/* After GTK's layout phase of each frame (allocations done, the frame's wl_surface.commit
 * still to come): when the picture or the drawer's visible part changed, update. */
static void on_layout(GdkFrameClock *clock, gpointer data) {
  (void)clock;
  BridgeGestures *self = data;
  PhotoApp *app = self->app;
  graphene_rect_t picture, drawer = GRAPHENE_RECT_INIT(0, 0, 0, 0);
  if (!gtk_widget_get_mapped(app->picture) ||
      !photo_widget_surface_bounds(app->picture, &picture)) {
    return;
  }
  /* The drawer's visible part: the revealer, which grows and shrinks while it slides. Each
   * frame of the slide draws (the drawer moves), so GTK commits the surface and with it what
   * update() set; a change made when nothing is drawn would wait for the next commit. */
  if (gtk_widget_get_mapped(app->drawer_revealer)) {
    photo_widget_surface_bounds(app->drawer_revealer, &drawer);
  }
  if (drawer.size.width < 1 || drawer.size.height < 1) drawer = GRAPHENE_RECT_INIT(0, 0, 0, 0);
  if (self->placed && graphene_rect_equal(&picture, &self->picture_bounds) &&
      graphene_rect_equal(&drawer, &self->drawer_bounds)) {
    return;
  }
  self->placed = true;
  self->picture_bounds = picture;
  self->drawer_bounds = drawer;
  update(self);
}

typedef struct {
  void (*done)(void *data);
  void *data;
} SyncWait;

static void sync_done(void *data, struct wl_callback *callback, uint32_t serial) {
  (void)serial;
  SyncWait *wait = data;
  wl_callback_destroy(callback);
  wait->done(wait->data);
  g_free(wait);
}

static const struct wl_callback_listener sync_listener = {.done = sync_done};

void bridge_gestures_sync(BridgeGestures *self, void (*done)(void *data), void *data) {
  SyncWait *wait = g_new0(SyncWait, 1);
  wait->done = done;
  wait->data = data;
  /* On GDK's queue: GDK dispatches it, after everything sent before has been handled. */
  struct wl_callback *callback = wl_display_sync(self->display);
  wl_callback_add_listener(callback, &sync_listener, wait);
  wl_display_flush(self->display);
}

void bridge_gestures_free(BridgeGestures *self) {
  if (self == NULL) return;
  if (self->layout_handler != 0) g_signal_handler_disconnect(self->clock, self->layout_handler);
  if (self->source != NULL) {
    g_source_destroy(self->source);
    g_source_unref(self->source);
  }
  gbc_client_destroy(self->client); /* and its recognizers and system gesture surface */
  g_free(self);
}
