/* SPDX-License-Identifier: MIT */
/* gb_wlr_preload.c: libgesture-bridge-wlroots-preload.so, GestureBridge inside an unmodified
 * wlroots compositor, put in front of it with LD_PRELOAD. See docs/phones.md.
 *
 * One source, built for one wlroots version at a time (build.sh --wlroots SERIES, or the
 * newest whose headers are installed): 0.15 (Debian 12: phoc 0.24, sway 1.7, cage 0.1.4),
 * 0.18 (Debian 13: phoc 0.46, sway 1.10), 0.19 (sid's Wayfire) and 0.20 (sid: phoc 0.58,
 * sway 1.12). What differs between them (touch event structs, the device's size, the layout's
 * box, the library's soname) comes from the version layer's gb_wlr_version.h
 * (Compositors/wlroots/version/wlroots-SERIES), not from conditionals here;
 * wlr_compositor_create's wrapper takes the parameters of every version.
 *
 * None of these compositors has a plugin API, so the loader interposes the wlroots calls a
 * compositor makes while it sets up and while it handles touches, and routes the touches
 * through the wlroots adapter (Compositors/wlroots, the same code the test kiosk and
 * the Wayfire plugin use) and the C ABI (gesture_bridge.h), calling the real functions
 * (dlsym RTLD_NEXT) as always:
 *
 * - wlr_compositor_create, wlr_seat_create, wlr_cursor_create, wlr_cursor_attach_output_layout
 *   and wlr_backend_start find the compositor's wl_display, wlr_compositor (surface commits:
 *   apps deferring system gestures), first seat, cursors and output layout (the first one a
 *   cursor is attached to). Once the backend started and the seat and layout exist (in
 *   whichever order the compositor makes them), the adapter is created: the
 *   gesture_bridge_manager_v1 global (at the protocol XML's version) is on the display before any
 *   client runs.
 * - Each wlr_cursor's touch signals get the loader's listeners FIRST (added inside
 *   wlr_cursor_create, before the compositor adds its own): the touch's layout point
 *   (wlr_cursor_absolute_to_layout_coords), motion, up (before the compositor's
 *   wlr_seat_touch_notify_up, as the adapter needs), cancel and frame go to the adapter.
 *   The frame comes from the cursor, so frames are closed whether or not the compositor calls
 *   wlr_seat_touch_notify_frame (cage never does).
 * - A down is handed to the adapter from wlr_seat_touch_notify_down, where the compositor says
 *   which surface it picked (phoc runs its own gestures and hit test first): the adapter's
 *   surface lookup answers with it. A down the compositor gives to no surface (its own UI,
 *   the background, a touch its gesture took) reaches the bridge at the next cursor event as
 *   a touch over no surface, where only system gestures see it.
 * - The adapter's seat grab keeps wlroots from forwarding; the bridge delivers, holds and
 *   cancels through the real seat with serials wlroots accepts (gb_wlr_adapter.h).
 * - While no client has a recognizer and no system gesture is loaded, a touch sequence (first
 *   down to last up) runs on wlroots' own default touch grab and the bridge is not fed: the
 *   compositor behaves exactly as without the loader.
 * - phoc's draggable layer surfaces (Phosh's bars; its private zphoc_layer_shell_effects_v1):
 *   a sequence whose first down phoc gives to one is phoc's, left to wlroots' default grab and
 *   not fed (docs/system-gestures.md, "phoc's own gestures"), unless
 *   PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge. phoc makes no wlroots call when it starts or accepts
 *   such a drag, so the loader learns which layer surfaces are draggable when phoc makes the
 *   object: its get_draggable_layer_surface handler calls wlr_layer_surface_v1_from_resource
 *   (interposed: the layer surface) and then wl_resource_create for the
 *   zphoc_draggable_layer_surface_v1 (interposed, libwayland-server's: the pair is recorded
 *   until that object is destroyed). At a first down the surface phoc picked is looked up with
 *   wlr_layer_surface_v1_try_from_wlr_surface (wlroots 0.15: wlr_surface_is_layer_surface,
 *   then ..._from_wlr_surface), only while a draggable layer surface exists.
 *
 * System gestures: $GESTURE_BRIDGE_SYSTEM_GESTURES names a `gesture-bridge run` config
 * (docs/system-gestures.md); it is loaded when the adapter is created; every state change but
 * `changed` is logged.
 *
 * Safety: at start, a Wayland compositor (a program needing libwayland-server) with no
 * wlroots library loaded, whose wlroots if any is built in (Debian sid's phoc 0.58), is refused
 * with a log line: none of its wlroots calls could reach the loader. At the first interposed
 * call the loader checks that the wlroots the compositor resolved is the library of the
 * version it is built for (GB_WLR_SONAME: libwlroots.so.10 for 0.15, libwlroots-0.18.so for
 * 0.18, ...) and, on the seat and each cursor it is given, the struct fields it relies on;
 * otherwise it logs why, does nothing more, and every
 * interposed function only calls the real one. At that first call it removes itself from
 * LD_PRELOAD, so the compositor's children (session, clients, binding commands) do not load
 * it, while launchers in front of the compositor (setpriv, a shell) pass it on.
 *
 * Log lines (stderr) start with "gesture-bridge-wlroots: ".
 */
#define _GNU_SOURCE
#ifndef WLR_USE_UNSTABLE
#define WLR_USE_UNSTABLE
#endif

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
/* wlr_compositor_create is declared by wlroots with its version's parameters; the loader
 * defines it with the parameters of every version (see its definition). */
#define wlr_compositor_create wlr_compositor_create_as_declared
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/box.h>

#include <gb_wlr_adapter.h>
#include <gb_wlr_version.h>
#include <gesture_bridge.h>
#undef wlr_compositor_create

/* Opaque here (wlr/types/wlr_layer_shell_v1.h needs the compositor's generated layer-shell
 * header): the loader compares pointers to it and reads none of its fields. */
struct wlr_layer_surface_v1;

#define LOG_PREFIX "gesture-bridge-wlroots: "
#define SYSTEM_GESTURES_VARIABLE "GESTURE_BRIDGE_SYSTEM_GESTURES"
/* The wlroots this loader is built for (the version layer's GB_WLR_SERIES and
 * GB_WLR_SONAME; build.sh passes the headers' full version). */
#ifndef GB_WLR_BUILT_VERSION
#define GB_WLR_BUILT_VERSION GB_WLR_SERIES
#endif
#define MAX_CURSORS 8

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs(LOG_PREFIX, stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  fflush(stderr);
  va_end(args);
}

/* MARK: The real functions */

static struct {
  struct wlr_compositor *(*compositor_create)(struct wl_display *, uintptr_t, uintptr_t);
  struct wlr_seat *(*seat_create)(struct wl_display *, const char *);
  void (*seat_destroy)(struct wlr_seat *);
  struct wlr_cursor *(*cursor_create)(void);
  void (*cursor_destroy)(struct wlr_cursor *);
  void (*cursor_attach_output_layout)(struct wlr_cursor *, struct wlr_output_layout *);
  void (*cursor_absolute_to_layout_coords)(struct wlr_cursor *, struct wlr_input_device *,
                                           double, double, double *, double *);
  bool (*backend_start)(struct wlr_backend *);
  uint32_t (*touch_notify_down)(struct wlr_seat *, struct wlr_surface *, uint32_t, int32_t,
                                double, double);
  struct wlr_layer_surface_v1 *(*layer_surface_from_resource)(struct wl_resource *);
  struct wlr_layer_surface_v1 *(*layer_surface_from_surface)(struct wlr_surface *);
  bool (*surface_is_layer_surface)(struct wlr_surface *); /* 0.15 only */
  struct wl_resource *(*resource_create)(struct wl_client *, const struct wl_interface *, int,
                                         uint32_t);
} real;

#define RESOLVE(field, name) real.field = (__typeof__(real.field))dlsym(RTLD_NEXT, name)

/* MARK: State (the display's event-loop thread only, like everything in wlroots) */

#define MAX_DRAGGABLE 16
#define DRAGGABLE_INTERFACE "zphoc_draggable_layer_surface_v1"

/* A layer surface phoc made draggable, while its zphoc_draggable_layer_surface_v1 lives. */
struct draggable {
  struct wl_resource *resource;
  struct wlr_layer_surface_v1 *layer;
  struct wl_listener destroy;
};

struct cursor_hook {
  struct wlr_cursor *cursor;
  struct wl_listener down, up, motion, cancel, frame;
};

/* A down the cursor reported that the compositor has not (yet) given to a surface. */
struct pending_down {
  bool pending;
  uint32_t time_msec;
  int32_t touch_id;
  double lx, ly;
};

static struct {
  bool checked;  /* the wlroots check ran */
  bool active;   /* it passed: the loader works */
  bool started;  /* wlr_backend_start returned true */
  const char *compositor_name;
  struct wl_display *display;
  struct wlr_seat *seat;
  struct wlr_compositor *compositor;
  struct wlr_output_layout *layout;
  struct gb_wlr_adapter *adapter;
  struct wlr_seat_touch_grab *adapter_grab;
  struct wlr_seat_touch_grab *wlroots_grab;
  struct cursor_hook *cursors[MAX_CURSORS];
  /* The current touch sequence (first down to last up): fed to the bridge, or left to
   * wlroots' default grab because nobody listens. */
  bool in_sequence;
  bool bridged;
  int32_t touches_down;
  struct pending_down down;
  /* The compositor's pick for the down being fed (the adapter's lookup answers it). */
  bool picking;
  struct wlr_surface *pick_surface;
  double pick_sx, pick_sy;
  /* phoc's draggable layer surfaces; the layer surface of the last
   * wlr_layer_surface_v1_from_resource, until the next wl_resource_create. */
  struct draggable draggables[MAX_DRAGGABLE];
  struct wlr_layer_surface_v1 *last_layer;
  bool bridge_draggable; /* PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge */
} loader;

/* MARK: Start: leave the children alone, find the compositor and its wlroots */

static bool same_file(const char *a, const char *b) {
  char path_a[PATH_MAX], path_b[PATH_MAX];
  if (realpath(a, path_a) == NULL || realpath(b, path_b) == NULL) return false;
  return strcmp(path_a, path_b) == 0;
}

/* Removes this library from LD_PRELOAD (entries separated by ':' or ' '). */
static void remove_self_from_preload(void) {
  const char *preload = getenv("LD_PRELOAD");
  Dl_info info;
  if (preload == NULL || dladdr((void *)remove_self_from_preload, &info) == 0 ||
      info.dli_fname == NULL) {
    return;
  }
  char *copy = strdup(preload);
  char *kept = calloc(1, strlen(preload) + 1);
  if (copy == NULL || kept == NULL) {
    free(copy);
    free(kept);
    return;
  }
  char *saved = NULL;
  for (char *entry = strtok_r(copy, ": ", &saved); entry != NULL;
       entry = strtok_r(NULL, ": ", &saved)) {
    if (same_file(entry, info.dli_fname)) continue;
    if (kept[0] != '\0') strcat(kept, ":");
    strcat(kept, entry);
  }
  if (kept[0] == '\0') {
    unsetenv("LD_PRELOAD");
  } else {
    setenv("LD_PRELOAD", kept, 1);
  }
  free(copy);
  free(kept);
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

/* The program's path (static storage) and its file name, for the log lines. */
static char executable[PATH_MAX];

static void name_the_compositor(void) {
  ssize_t length = readlink("/proc/self/exe", executable, sizeof(executable) - 1);
  executable[length > 0 ? length : 0] = '\0';
  loader.compositor_name = length > 0 ? base_name(executable) : "?";
}

/* What dl_iterate_phdr finds: whether a wlroots library is loaded, and whether the program
 * itself (the first object) needs libwayland-server, i.e. is a Wayland compositor. */
struct process_objects {
  bool program_seen;
  bool wlroots_library;
  bool compositor;
};

static bool program_needs_wayland_server(const struct dl_phdr_info *info) {
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    if (info->dlpi_phdr[i].p_type != PT_DYNAMIC) continue;
    const ElfW(Dyn) *dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    uintptr_t strings = 0;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
      if (entry->d_tag == DT_STRTAB) strings = entry->d_un.d_ptr;
    }
    if (strings == 0) return false;
    /* glibc relocates the program's DT_STRTAB in place; an unrelocated one is an offset. */
    if (info->dlpi_addr != 0 && strings < info->dlpi_addr) strings += info->dlpi_addr;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
      if (entry->d_tag == DT_NEEDED &&
          strcmp((const char *)strings + entry->d_un.d_val, "libwayland-server.so.0") == 0) {
        return true;
      }
    }
  }
  return false;
}

static int inspect_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct process_objects *found = data;
  if (info->dlpi_name != NULL && strncmp(base_name(info->dlpi_name), "libwlroots", 10) == 0) {
    found->wlroots_library = true;
  }
  if (!found->program_seen) {
    found->program_seen = true;
    found->compositor = program_needs_wayland_server(info);
  }
  return 0;
}

__attribute__((constructor)) static void loader_init(void) {
  RESOLVE(compositor_create, "wlr_compositor_create");
  RESOLVE(seat_create, "wlr_seat_create");
  RESOLVE(seat_destroy, "wlr_seat_destroy");
  RESOLVE(cursor_create, "wlr_cursor_create");
  RESOLVE(cursor_destroy, "wlr_cursor_destroy");
  RESOLVE(cursor_attach_output_layout, "wlr_cursor_attach_output_layout");
  RESOLVE(cursor_absolute_to_layout_coords, "wlr_cursor_absolute_to_layout_coords");
  RESOLVE(backend_start, "wlr_backend_start");
  RESOLVE(touch_notify_down, "wlr_seat_touch_notify_down");
  RESOLVE(layer_surface_from_resource, "wlr_layer_surface_v1_from_resource");
  RESOLVE(layer_surface_from_surface, "wlr_layer_surface_v1_try_from_wlr_surface");
  if (real.layer_surface_from_surface == NULL) {
    /* wlroots 0.15: ..._from_wlr_surface asserts that the surface is a layer surface, which
     * wlr_surface_is_layer_surface tells first. */
    RESOLVE(layer_surface_from_surface, "wlr_layer_surface_v1_from_wlr_surface");
    RESOLVE(surface_is_layer_surface, "wlr_surface_is_layer_surface");
    if (real.surface_is_layer_surface == NULL) real.layer_surface_from_surface = NULL;
  }
  RESOLVE(resource_create, "wl_resource_create");
  /* A Wayland compositor without a wlroots library: its wlroots, if any, is built in (Debian
   * sid's phoc 0.58, postmarketOS's phoc), so none of its wlroots calls can be interposed and
   * no later check would ever run. Said now; its children do not load the loader. */
  struct process_objects found = {0};
  dl_iterate_phdr(inspect_object, &found);
  if (found.compositor && !found.wlroots_library) {
    loader.checked = true;
    remove_self_from_preload();
    name_the_compositor();
    say("%s: refusing: it links no wlroots library (its wlroots is built in, or it is not a "
        "wlroots compositor), and this loader reaches only calls into wlroots %s (%s); the "
        "compositor runs without GestureBridge",
        loader.compositor_name, GB_WLR_SERIES, GB_WLR_SONAME);
  }
}

/* Runs once, at the first interposed call (the compositor is then running its main). */
static void check_wlroots(void) {
  if (loader.checked) return;
  loader.checked = true;
  /* A wlroots compositor (it makes wlroots objects): the processes it starts from now on do
   * not load the loader. Not in the constructor: a launcher in front of the compositor
   * (setpriv, a shell) must pass LD_PRELOAD on. */
  remove_self_from_preload();
  name_the_compositor();
  Dl_info info;
  const char *library = NULL;
  if (real.seat_create != NULL && dladdr((void *)real.seat_create, &info) != 0) {
    library = info.dli_fname;
  }
  if (library == NULL) {
    say("%s: refusing: no wlroots library found (wlr_seat_create); the compositor runs "
        "without GestureBridge",
        loader.compositor_name);
    return;
  }
  if (strcmp(base_name(library), GB_WLR_SONAME) != 0) {
    say("%s: refusing: its wlroots is %s, this loader is built for wlroots %s (%s); the "
        "compositor runs without GestureBridge",
        loader.compositor_name, library, GB_WLR_SERIES, GB_WLR_SONAME);
    return;
  }
  const char *missing = NULL;
  if (real.compositor_create == NULL) missing = "wlr_compositor_create";
  if (real.seat_destroy == NULL) missing = "wlr_seat_destroy";
  if (real.cursor_create == NULL) missing = "wlr_cursor_create";
  if (real.cursor_destroy == NULL) missing = "wlr_cursor_destroy";
  if (real.cursor_attach_output_layout == NULL) missing = "wlr_cursor_attach_output_layout";
  if (real.cursor_absolute_to_layout_coords == NULL) {
    missing = "wlr_cursor_absolute_to_layout_coords";
  }
  if (real.backend_start == NULL) missing = "wlr_backend_start";
  if (real.touch_notify_down == NULL) missing = "wlr_seat_touch_notify_down";
  if (missing != NULL) {
    say("%s: refusing: %s has no %s; the compositor runs without GestureBridge",
        loader.compositor_name, library, missing);
    return;
  }
  loader.active = true;
  const char *draggable = getenv("PHOC_GESTURE_BRIDGE_DRAGGABLE");
  loader.bridge_draggable = draggable != NULL && strcmp(draggable, "bridge") == 0;
  say("%s (%s) with wlroots %s (%s at %s): loader active", loader.compositor_name,
      executable, GB_WLR_SERIES, GB_WLR_SONAME, library);
}

static void refuse(const char *why) {
  say("%s: refusing: %s; the compositor runs without GestureBridge", loader.compositor_name,
      why);
  loader.active = false;
  /* A later object (a second cursor) did not check out: the adapter made before goes too
   * (the seat gets wlroots' default touch grab back, the global is removed). */
  if (loader.adapter != NULL) {
    gb_wlr_adapter_destroy(loader.adapter);
    loader.adapter = NULL;
    loader.in_sequence = false;
  }
}

/* An empty wl_signal's list points at itself both ways. */
static bool signal_is_empty(const struct wl_signal *signal) {
  return signal->listener_list.next == &signal->listener_list &&
         signal->listener_list.prev == &signal->listener_list;
}

/* MARK: The adapter: system gestures, creation */

static void on_system_gesture(void *data, const struct gb_system_gesture *gesture) {
  (void)data;
  if (gesture->state == GB_SYSTEM_GESTURE_CHANGED) return;
  static const char *names[] = {"", "began", "changed", "ended", "cancelled", "recognized"};
  say("system gesture %s %s", gesture->recognizer,
      gesture->state <= GB_SYSTEM_GESTURE_RECOGNIZED ? names[gesture->state] : "?");
}

static void load_system_gestures(struct gb_bridge *bridge) {
  const char *path = getenv(SYSTEM_GESTURES_VARIABLE);
  if (path == NULL || path[0] == '\0') return;
  struct gb_system_callbacks callbacks = {.gesture = on_system_gesture};
  gb_bridge_set_system_callbacks(bridge, &callbacks, NULL);
  char *error = NULL;
  if (!gb_bridge_load_system_gestures(bridge, path, &error)) {
    say("system gestures not loaded: %s", error != NULL ? error : "?");
    gb_string_free(error);
    return;
  }
  say("system gestures: %u recognizer(s) from %s", gb_bridge_system_recognizer_count(bridge),
      path);
}

/* The adapter's surface lookup: the surface the compositor picked for the down being fed. */
static bool pick(void *data, double lx, double ly, struct wlr_surface **surface, double *sx,
                 double *sy) {
  (void)data, (void)lx, (void)ly;
  if (!loader.picking || loader.pick_surface == NULL) return false;
  *surface = loader.pick_surface;
  *sx = loader.pick_sx;
  *sy = loader.pick_sy;
  return true;
}

static void took_touches(void *data) {
  (void)data;
  say("the compositor took the touches: the bridge's touches are cancelled");
}

static void create_adapter(void) {
  /* The output layout is needed at creation: the adapter measures the screen with it. */
  if (!loader.active || loader.adapter != NULL || !loader.started || loader.seat == NULL ||
      loader.layout == NULL) {
    return;
  }
  struct wlr_seat *seat = loader.seat;
  loader.wlroots_grab = seat->touch_state.default_grab;
  loader.adapter = gb_wlr_adapter_create(loader.display, seat, loader.layout, pick, NULL);
  if (loader.adapter == NULL) {
    say("cannot create the bridge on the display: the compositor runs without GestureBridge");
    loader.active = false;
    return;
  }
  loader.adapter_grab = seat->touch_state.default_grab;
  gb_wlr_adapter_set_took_touches(loader.adapter, took_touches);
  if (loader.compositor != NULL) {
    gb_wlr_adapter_watch_surfaces(loader.adapter, loader.compositor);
  } else {
    say("no wlr_compositor seen: apps' deferral of system gestures has no effect");
  }
  load_system_gestures(gb_wlr_adapter_bridge(loader.adapter));
  say("gesture_bridge_manager_v1 advertised on seat %s", seat->name);
}

/* MARK: Touch sequences: bridged, or left to wlroots when nobody listens */

static void set_default_grab(struct wlr_seat_touch_grab *grab) {
  struct wlr_seat *seat = loader.seat;
  if (seat->touch_state.grab == seat->touch_state.default_grab) seat->touch_state.grab = grab;
  seat->touch_state.default_grab = grab;
}

/* At a down while no touch is down: decides the new sequence. */
static void begin_sequence(void) {
  struct gb_bridge *bridge = gb_wlr_adapter_bridge(loader.adapter);
  loader.in_sequence = true;
  loader.bridged = gb_bridge_recognizer_count(bridge) > 0 ||
                   gb_bridge_system_recognizer_count(bridge) > 0;
  set_default_grab(loader.bridged ? loader.adapter_grab : loader.wlroots_grab);
}

static bool bridging(void) { return loader.adapter != NULL && loader.in_sequence && loader.bridged; }

/* MARK: phoc's draggable layer surfaces */

static void forget_draggable(struct wl_listener *listener, void *data) {
  (void)data;
  struct draggable *entry = wl_container_of(listener, entry, destroy);
  wl_list_remove(&entry->destroy.link);
  *entry = (struct draggable){0};
}

static void remember_draggable(struct wl_resource *resource, struct wlr_layer_surface_v1 *layer) {
  for (int i = 0; i < MAX_DRAGGABLE; i++) {
    struct draggable *entry = &loader.draggables[i];
    if (entry->resource != NULL) continue;
    *entry = (struct draggable){.resource = resource, .layer = layer};
    entry->destroy.notify = forget_draggable;
    wl_resource_add_destroy_listener(resource, &entry->destroy);
    say("a draggable layer surface: touch sequences that start on it are the compositor's%s",
        loader.bridge_draggable ? " (no: PHOC_GESTURE_BRIDGE_DRAGGABLE=bridge)" : "");
    return;
  }
  say("more than %d draggable layer surfaces: touches on the next reach the bridge",
      MAX_DRAGGABLE);
}

/* Whether `surface`, given a sequence's first down, belongs to a draggable layer surface. */
static bool on_draggable(struct wlr_surface *surface) {
  bool any = false;
  for (int i = 0; i < MAX_DRAGGABLE; i++) any = any || loader.draggables[i].resource != NULL;
  if (!any || loader.bridge_draggable || surface == NULL ||
      real.layer_surface_from_surface == NULL) {
    return false;
  }
  struct wlr_surface *root = wlr_surface_get_root_surface(surface);
  if (real.surface_is_layer_surface != NULL && !real.surface_is_layer_surface(root)) {
    return false;
  }
  struct wlr_layer_surface_v1 *layer = real.layer_surface_from_surface(root);
  if (layer == NULL) return false;
  for (int i = 0; i < MAX_DRAGGABLE; i++) {
    if (loader.draggables[i].resource != NULL && loader.draggables[i].layer == layer) return true;
  }
  return false;
}

/* A sequence left to the compositor after its first down: phoc gives a layer surface's touch
 * with the default grab in place and then puts back the grab it found (cursor.c's
 * send_touch_down), which was the adapter's: wlroots' grab again, at the next event. */
static void settle_grab(void) {
  struct wlr_seat *seat = loader.seat;
  if (loader.adapter == NULL || !loader.in_sequence || loader.bridged || seat == NULL) return;
  if (seat->touch_state.grab == loader.adapter_grab) {
    seat->touch_state.grab = loader.wlroots_grab;
  }
}

static void set_device_size(struct wlr_input_device *device) {
  struct wlr_box box;
  if (loader.layout == NULL || device == NULL || !gb_wlr_layout_box(loader.layout, &box)) {
    return;
  }
  double width_mm, height_mm;
  gb_wlr_touch_size(device, &width_mm, &height_mm);
  gb_wlr_adapter_set_touch_device_size(loader.adapter, width_mm, height_mm, box.width,
                                       box.height);
}

/* Feeds a down the compositor gave to no surface (picked: none). */
static void flush_pending_down(void) {
  if (!loader.down.pending) return;
  loader.down.pending = false;
  if (!bridging()) return;
  gb_wlr_adapter_touch_down(loader.adapter, loader.down.time_msec, loader.down.touch_id,
                            loader.down.lx, loader.down.ly);
}

static void handle_cursor_down(struct wl_listener *listener, void *data) {
  struct cursor_hook *hook = wl_container_of(listener, hook, down);
  gb_wlr_touch_down_event *event = data;
  if (loader.adapter == NULL) return;
  flush_pending_down();
  if (!loader.in_sequence || loader.touches_down == 0) begin_sequence();
  loader.touches_down++;
  if (!loader.bridged) return;
  double lx, ly;
  struct wlr_input_device *device = GB_WLR_TOUCH_EVENT_DEVICE(event);
  real.cursor_absolute_to_layout_coords(hook->cursor, device, event->x, event->y, &lx, &ly);
  set_device_size(device);
  loader.down = (struct pending_down){.pending = true,
                                      .time_msec = event->time_msec,
                                      .touch_id = event->touch_id,
                                      .lx = lx,
                                      .ly = ly};
}

static void handle_cursor_motion(struct wl_listener *listener, void *data) {
  struct cursor_hook *hook = wl_container_of(listener, hook, motion);
  gb_wlr_touch_motion_event *event = data;
  settle_grab();
  flush_pending_down();
  if (!bridging()) return;
  double lx, ly;
  real.cursor_absolute_to_layout_coords(hook->cursor, GB_WLR_TOUCH_EVENT_DEVICE(event),
                                        event->x, event->y, &lx, &ly);
  gb_wlr_adapter_touch_motion(loader.adapter, event->time_msec, event->touch_id, lx, ly);
}

static void handle_cursor_up(struct wl_listener *listener, void *data) {
  (void)listener;
  gb_wlr_touch_up_event *event = data;
  settle_grab();
  flush_pending_down();
  if (loader.adapter == NULL || !loader.in_sequence) return;
  if (loader.touches_down > 0) loader.touches_down--;
  if (loader.bridged) gb_wlr_adapter_touch_up(loader.adapter, event->time_msec, event->touch_id);
}

static void handle_cursor_cancel(struct wl_listener *listener, void *data) {
  (void)listener;
  gb_wlr_touch_cancel_event *event = data;
  settle_grab();
  flush_pending_down();
  if (loader.adapter == NULL || !loader.in_sequence) return;
  if (loader.touches_down > 0) loader.touches_down--;
  if (loader.bridged) gb_wlr_adapter_touch_cancel(loader.adapter, event->time_msec);
}

static void handle_cursor_frame(struct wl_listener *listener, void *data) {
  (void)listener, (void)data;
  settle_grab();
  flush_pending_down();
  if (loader.adapter == NULL || !loader.in_sequence) return;
  if (loader.bridged) gb_wlr_adapter_touch_frame(loader.adapter);
  /* The sequence ends at the frame of its last up (the compositor's handlers for the up
   * have run by now). */
  if (loader.touches_down == 0) loader.in_sequence = false;
}

/* MARK: Interposed wlroots functions */

/* wlr_compositor_create takes (display, renderer) in wlroots 0.15 and (display, version,
 * renderer) since 0.17. The loader forwards its caller's first three integer arguments as they
 * came, whatever the version (x86-64 and AArch64 pass them in registers, and a function
 * ignores the ones it does not take): a compositor of another wlroots version, which the
 * loader refuses, still gets exactly its own call. */
struct wlr_compositor *wlr_compositor_create(struct wl_display *display, uintptr_t second,
                                             uintptr_t third) {
  check_wlroots();
  struct wlr_compositor *compositor = real.compositor_create(display, second, third);
  if (loader.active && loader.compositor == NULL) loader.compositor = compositor;
  return compositor;
}

struct wlr_seat *wlr_seat_create(struct wl_display *display, const char *name) {
  check_wlroots();
  struct wlr_seat *seat = real.seat_create(display, name);
  if (!loader.active || seat == NULL || loader.seat != NULL) return seat;
  struct wlr_seat_touch_grab *grab = seat->touch_state.default_grab;
  if (seat->display != display || seat->name == NULL || strcmp(seat->name, name) != 0 ||
      seat->touch_state.seat != seat || grab == NULL || seat->touch_state.grab != grab ||
      grab->seat != seat || grab->interface == NULL || !signal_is_empty(&seat->events.destroy)) {
    refuse("struct wlr_seat is not laid out as in wlroots " GB_WLR_BUILT_VERSION);
    return seat;
  }
  loader.display = display;
  loader.seat = seat;
  create_adapter();
  return seat;
}

void wlr_seat_destroy(struct wlr_seat *seat) {
  if (seat != NULL && seat == loader.seat) {
    gb_wlr_adapter_destroy(loader.adapter);
    loader.adapter = NULL;
    loader.seat = NULL;
    loader.in_sequence = false;
  }
  real.seat_destroy(seat);
}

static void listen(struct wl_signal *signal, struct wl_listener *listener,
                   wl_notify_func_t notify) {
  listener->notify = notify;
  wl_signal_add(signal, listener);
}

struct wlr_cursor *wlr_cursor_create(void) {
  check_wlroots();
  struct wlr_cursor *cursor = real.cursor_create();
  if (!loader.active || cursor == NULL) return cursor;
  int slot = -1;
  for (int i = 0; i < MAX_CURSORS && slot < 0; i++) {
    if (loader.cursors[i] == NULL) slot = i;
  }
  if (slot < 0) {
    say("more than %d cursors: touches of the next are not seen", MAX_CURSORS);
    return cursor;
  }
  if (!signal_is_empty(&cursor->events.touch_down) ||
      !signal_is_empty(&cursor->events.touch_frame) || cursor->state == NULL) {
    refuse("struct wlr_cursor is not laid out as in wlroots " GB_WLR_BUILT_VERSION);
    return cursor;
  }
  struct cursor_hook *hook = calloc(1, sizeof(*hook));
  if (hook == NULL) return cursor;
  hook->cursor = cursor;
  /* Before the compositor's listeners: the loader sees each touch event first. */
  listen(&cursor->events.touch_down, &hook->down, handle_cursor_down);
  listen(&cursor->events.touch_up, &hook->up, handle_cursor_up);
  listen(&cursor->events.touch_motion, &hook->motion, handle_cursor_motion);
  listen(&cursor->events.touch_cancel, &hook->cancel, handle_cursor_cancel);
  listen(&cursor->events.touch_frame, &hook->frame, handle_cursor_frame);
  loader.cursors[slot] = hook;
  return cursor;
}

void wlr_cursor_destroy(struct wlr_cursor *cursor) {
  for (int i = 0; i < MAX_CURSORS; i++) {
    struct cursor_hook *hook = loader.cursors[i];
    if (hook == NULL || hook->cursor != cursor) continue;
    wl_list_remove(&hook->down.link);
    wl_list_remove(&hook->up.link);
    wl_list_remove(&hook->motion.link);
    wl_list_remove(&hook->cancel.link);
    wl_list_remove(&hook->frame.link);
    free(hook);
    loader.cursors[i] = NULL;
  }
  real.cursor_destroy(cursor);
}

void wlr_cursor_attach_output_layout(struct wlr_cursor *cursor,
                                     struct wlr_output_layout *layout) {
  check_wlroots();
  real.cursor_attach_output_layout(cursor, layout);
  if (loader.active && loader.layout == NULL && layout != NULL) {
    loader.layout = layout;
    create_adapter();
  }
}

bool wlr_backend_start(struct wlr_backend *backend) {
  check_wlroots();
  bool started = real.backend_start(backend);
  if (started && loader.active && !loader.started) {
    loader.started = true;
    create_adapter();
  }
  return started;
}

uint32_t wlr_seat_touch_notify_down(struct wlr_seat *seat, struct wlr_surface *surface,
                                    uint32_t time_msec, int32_t touch_id, double sx, double sy) {
  if (seat == loader.seat && bridging() && loader.down.pending &&
      loader.down.touch_id == touch_id && loader.touches_down == 1 && on_draggable(surface)) {
    /* The sequence's first down, on a draggable layer surface: phoc's, as without the loader
     * (nothing of it was fed: its down was pending). */
    loader.down.pending = false;
    loader.bridged = false;
    set_default_grab(loader.wlroots_grab);
    say("a touch sequence on a draggable layer surface: left to the compositor");
  }
  if (seat == loader.seat && bridging() && loader.down.pending &&
      loader.down.touch_id == touch_id) {
    loader.down.pending = false;
    loader.picking = true;
    loader.pick_surface = surface;
    loader.pick_sx = sx;
    loader.pick_sy = sy;
    gb_wlr_adapter_touch_down(loader.adapter, loader.down.time_msec, touch_id, loader.down.lx,
                              loader.down.ly);
    loader.picking = false;
    loader.pick_surface = NULL;
  }
  return real.touch_notify_down(seat, surface, time_msec, touch_id, sx, sy);
}

/* phoc's get_draggable_layer_surface handler: the layer surface of its argument ... */
struct wlr_layer_surface_v1 *wlr_layer_surface_v1_from_resource(struct wl_resource *resource) {
  struct wlr_layer_surface_v1 *layer = real.layer_surface_from_resource(resource);
  if (loader.active) loader.last_layer = layer;
  return layer;
}

/* ... then the zphoc_draggable_layer_surface_v1 it makes for it (libwayland-server's
 * function: every resource of the compositor and of the bridge is made here; the interface's
 * name is compared only right after a layer surface was looked up). */
struct wl_resource *wl_resource_create(struct wl_client *client,
                                       const struct wl_interface *interface, int version,
                                       uint32_t id) {
  struct wl_resource *resource = real.resource_create(client, interface, version, id);
  struct wlr_layer_surface_v1 *layer = loader.last_layer;
  loader.last_layer = NULL;
  if (layer != NULL && resource != NULL && loader.active && interface != NULL &&
      strcmp(interface->name, DRAGGABLE_INTERFACE) == 0) {
    remember_draggable(resource, layer);
  }
  return resource;
}
