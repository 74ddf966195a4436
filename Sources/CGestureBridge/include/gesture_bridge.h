/* SPDX-License-Identifier: MIT */
/* gesture_bridge.h: C ABI of the GestureBridge compositor side (gesture-bridge-v1).
 *
 * A compositor creates one bridge on its wl_display. The bridge advertises the
 * gesture_bridge_manager_v1 global, runs the clients' gesture recognizers on the
 * touches the compositor feeds, sends the recognizers' events to their clients,
 * and tells the compositor, through gb_host_callbacks, which touch events to
 * forward to the clients' wl_touch objects, which are withheld for now, and when
 * to send wl_touch.cancel.
 *
 * Threading: every function and callback runs on the thread of the display's
 * event loop. The bridge arms a timer on that loop (long press, multi-tap,
 * swipe deadlines).
 *
 * Time: microseconds of CLOCK_MONOTONIC (the clock of libinput events).
 * Coordinates: screen (compositor global, logical) coordinates in, surface-local
 * coordinates out.
 *
 * Linking: pkg-config --cflags --libs gesture-bridge
 *
 * ABI change since GestureBridge 0.1.0: gb_touch_event.wl_touch_id and the
 * time_usec argument of gb_host_callbacks.cancel are new; hosts built against the
 * earlier header must be rebuilt.
 */
#ifndef GESTURE_BRIDGE_H
#define GESTURE_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_resource;

/** The bridge (opaque). */
struct gb_bridge;

/** The surface under a screen point, filled by gb_host_callbacks.pick_surface. */
struct gb_surface_hit {
  /** The wl_surface resource under the point. */
  struct wl_resource *surface;
  /** The point in surface-local coordinates. */
  double sx, sy;
  /** The surface's size in surface-local units (0 if unknown). */
  double width, height;
};

/** A rectangle in surface-local coordinates. */
struct gb_rect {
  int32_t x, y, width, height;
};

/** Kinds of gb_touch_event. */
enum gb_touch_event_kind {
  GB_TOUCH_DOWN = 0,
  GB_TOUCH_MOTION = 1,
  GB_TOUCH_UP = 2,
};

/** One touch event to forward to a client's wl_touch objects, or withheld. */
struct gb_touch_event {
  enum gb_touch_event_kind kind;
  /** The id the compositor gave the touch in gb_bridge_touch_down. */
  int32_t touch_id;
  /** When the event happened: withheld events keep their original time. */
  uint64_t time_usec;
  /** The wl_surface resource the touch went down on. */
  struct wl_resource *surface;
  /** Screen coordinates. */
  double x, y;
  /** Surface-local coordinates (the ones wl_touch.down/motion carry). */
  double sx, sy;
  /** The id to put in the client's wl_touch events: touch_id unless another
   * touch the client has open (down sent, no up or wl_touch.cancel yet) uses
   * it, then the lowest id none of them uses. A touch whose up is held back
   * (delaysTouchesEnded: a double tap's first tap) keeps its id, so the next
   * touch gets another one and no client sees one id go down twice. Unique
   * among the client's open touches on every seat. */
  int32_t wl_touch_id;
};

/** What the compositor provides. NULL entries marked optional are allowed. */
struct gb_host_callbacks {
  /** Required. Fills `hit` with the surface under screen point (x, y) and returns
   * true, or returns false over no surface. */
  bool (*pick_surface)(void *user_data, double x, double y, struct gb_surface_hit *hit);
  /** Optional. Writes up to `capacity` rectangles of the wl_region resource into
   * `rects` and returns how many the region has (call again with more room if
   * above `capacity`), or -1 if the region is unknown. NULL: regions are ignored
   * (recognizers listen on the whole surface). */
  int32_t (*region_rectangles)(void *user_data, struct wl_resource *region,
                               struct gb_rect *rects, int32_t capacity);
  /** Optional. Returns false for surfaces that never receive touches (cursor,
   * drag icon). NULL: every surface accepts touches. */
  bool (*surface_accepts_touch)(void *user_data, struct wl_resource *surface);
  /** Required. Send this down/motion/up to the wl_touch objects of the client
   * owning event->surface. */
  void (*deliver)(void *user_data, const struct gb_touch_event *event);
  /** Optional. The event the compositor fed is withheld from the client for now
   * (it may be delivered later through deliver, or dropped by a cancel). */
  void (*hold)(void *user_data, const struct gb_touch_event *event);
  /** Required. Send wl_touch.cancel to the wl_touch objects of the client owning
   * `surface`; forward nothing more of the touches that client had down.
   * `time_usec` is the time of the input that caused the cancel (the input frame
   * or the timer deadline at which a recognizer began, the host's own
   * gb_bridge_touch_cancel); wl_touch.cancel itself carries no time. */
  void (*cancel)(void *user_data, struct wl_resource *surface, uint64_t time_usec);
  /** Required. Send wl_touch.frame to the client owning `surface`. */
  void (*frame)(void *user_data, struct wl_resource *surface);
};

/** Creates the bridge and its global on `display`. `callbacks` is copied.
 * Returns NULL if a required callback is missing or the global cannot be made. */
struct gb_bridge *gb_bridge_create(struct wl_display *display,
                                   const struct gb_host_callbacks *callbacks,
                                   void *user_data);

/** Destroys the bridge and its global. NULL is allowed and does nothing.
 * Existing recognizer objects stay valid for their clients and become inert. */
void gb_bridge_destroy(struct gb_bridge *bridge);

/** Sets the screen rectangle (union of the outputs, global coordinates), against
 * which screen-edge pans measure their edges. */
void gb_bridge_set_screen(struct gb_bridge *bridge, double x, double y, double width,
                          double height);

/** Sets how many screen pixels (the global coordinates of gb_bridge_touch_*) one
 * millimetre of the touch surface covers. The bridge's thresholds are physical
 * distances (tap slop 2.86 mm, pan and pinch hysteresis 2.86 mm, multi-tap slop
 * 15.9 mm, swipe distance 7.94 mm and speed 47.6 mm/s, edge zone 3.81 mm, a long
 * press's default allowable movement 1.56 mm) turned into pixels with this
 * scale. A touchscreen with libinput_device_get_size() of W x H mm mapped onto
 * an output of w x h pixels has sqrt((w / W) * (h / H)) pixels per millimetre;
 * without the device, an output's physical size (EDID) gives the same for a
 * touchscreen covering it. 0, a negative or a non-finite value means unknown:
 * the thresholds are then fixed pixel values (18 px tap slop, ...), the
 * default until this is called. Takes effect from the next touch event. */
void gb_bridge_set_pixels_per_millimetre(struct gb_bridge *bridge, double pixels_per_mm);

/** A client committed `surface` (its wl_surface resource): call it for every
 * wl_surface.commit, after the compositor applied the commit (weston: the
 * surface's commit_signal; wlroots: wlr_surface.events.commit). It applies the
 * surface's pending gesture_bridge_system_gesture_surface_v1 state (exclusion
 * region, deferred edges; version 2 of the global), which is double-buffered on
 * wl_surface.commit: a host that never calls it leaves every client's deferral of
 * system gestures without effect. Cheap for surfaces the bridge does not know
 * (one lookup). NULL is allowed and does nothing.
 *
 * The exclusion is capped per screen edge at 32 mm of the touch surface (with
 * gb_bridge_set_pixels_per_millimetre; 200 px without it); see the protocol XML. */
void gb_bridge_surface_committed(struct gb_bridge *bridge, struct wl_resource *surface);

/** A touch went down at screen point (x, y). */
void gb_bridge_touch_down(struct gb_bridge *bridge, uint64_t time_usec, int32_t touch_id,
                          double x, double y);
/** A touch moved to screen point (x, y). */
void gb_bridge_touch_motion(struct gb_bridge *bridge, uint64_t time_usec, int32_t touch_id,
                            double x, double y);
/** A touch lifted. */
void gb_bridge_touch_up(struct gb_bridge *bridge, uint64_t time_usec, int32_t touch_id);
/** Every touch was cancelled by the seat (handled at once, no frame needed).
 * `time_usec` is the time of the input that caused it (a libinput
 * TOUCH_CANCEL's time, or the latest input time the host has when its cancel
 * carries none): recognizers report `cancelled` with it. */
void gb_bridge_touch_cancel(struct gb_bridge *bridge, uint64_t time_usec);
/** Ends one input frame: recognizers evaluate it and the callbacks run.
 * A frame the host leaves open (libinput 1.22 sometimes sends no TOUCH_FRAME on
 * devices with fuzz, and a host forwarding libinput forwards the gap) is closed
 * by the bridge: by the next touch call stamped later than the frame, or when
 * the display's event loop goes idle, whichever comes first; with the frame's
 * own time either way. */
void gb_bridge_touch_frame(struct gb_bridge *bridge);

/** The number of recognizers that clients have committed at least once and that
 * are not inert (their wl_surface is alive). 0 for NULL. A host can use it to
 * wait until some client listens before feeding scripted input. */
uint32_t gb_bridge_recognizer_count(struct gb_bridge *bridge);

/* ---- System gestures: gestures the compositor owns (see docs/system-gestures.md) ----
 *
 * A system-gesture config is a `gesture-bridge run` config (docs/daemon.md): a scene whose
 * views are in the compositor's global coordinates (the coordinates of gb_bridge_touch_*),
 * plus "bindings" (shell commands per recognizer state). Its recognizers see every touch
 * of the seat, over every surface (clients with or without gesture_bridge_manager_v1) and
 * over no surface, and take precedence over the clients' recognizers: when one begins or
 * recognizes, the client recognizers sharing its touches fail or are cancelled and the
 * clients get wl_touch.cancel (through the `cancel` host callback); while it is undecided
 * clients get their touches as usual, unless it delays them (delaysTouchesBegan). A client
 * defers system gestures through version 2 of the protocol
 * (gesture_bridge_system_gesture_surface_v1: exclusion regions, deferred edges), applied when
 * the host calls gb_bridge_surface_committed for its wl_surface.commit. */

/** The state change a system gesture reports. Discrete gestures (tap, swipe) report
 * RECOGNIZED; the others BEGAN, CHANGED, then ENDED or CANCELLED. */
enum gb_system_gesture_state {
  GB_SYSTEM_GESTURE_BEGAN = 1,
  GB_SYSTEM_GESTURE_CHANGED = 2,
  GB_SYSTEM_GESTURE_ENDED = 3,
  GB_SYSTEM_GESTURE_CANCELLED = 4,
  GB_SYSTEM_GESTURE_RECOGNIZED = 5,
};

/** A swipe's direction (0: none or not a swipe). */
enum gb_system_gesture_direction {
  GB_SYSTEM_GESTURE_DIRECTION_NONE = 0,
  GB_SYSTEM_GESTURE_DIRECTION_RIGHT = 1,
  GB_SYSTEM_GESTURE_DIRECTION_LEFT = 2,
  GB_SYSTEM_GESTURE_DIRECTION_UP = 4,
  GB_SYSTEM_GESTURE_DIRECTION_DOWN = 8,
};

/** One state change of a system gesture, with its typed values. The strings are valid
 * during the callback only. Values a type does not have are 0 (scale: 1). */
struct gb_system_gesture {
  /** The recognizer's name in the config, its type (the kind's name as configs write it:
   * "tap", "pan", "pinch", ...) and the name of its view. */
  const char *recognizer;
  const char *type;
  const char *view;
  enum gb_system_gesture_state state;
  /** The time of the input (or timer deadline) that caused it, CLOCK_MONOTONIC us. */
  uint64_t time_usec;
  /** The gesture's location in global coordinates, and in its view's coordinates. */
  double x, y;
  double view_x, view_y;
  /** Touches the gesture involves now (UIKit's numberOfTouches). */
  uint32_t touches;
  /** Each value below is one the gesture's kind reports (the kinds of docs/scenes.md
   * and their values); a kind without it leaves it 0 (scale: 1).
   * Taps completed (tap). */
  uint32_t taps;
  /** Pixels the fingers' centroid moved since it began, and pixels per second (pan,
   * screen-edge-pan, transform). */
  double translation_x, translation_y;
  double velocity_x, velocity_y;
  /** Scale factor and its change per second (pinch, transform). */
  double scale, scale_velocity;
  /** Radians (clockwise positive) and radians per second (rotation, transform). */
  double rotation, rotation_velocity;
  /** enum gb_system_gesture_direction (swipe). */
  uint32_t direction;
};

/** What the host gets from system gestures. Every member is optional (NULL / 0). */
struct gb_system_callbacks {
  /** Every state change of a system gesture, in order, before its bindings run: drive an
   * animation from CHANGED, decide on ENDED with the velocity. Runs while the bridge
   * handles input: it must not call gb_* functions of this bridge. */
  void (*gesture)(void *user_data, const struct gb_system_gesture *gesture);
  /** The bridge's messages about system gestures and their commands (level: 0 debug,
   * 1 info, 2 warning, 3 error), one line without newline. NULL: info and worse go to
   * stderr. Without command_started, the messages about commands ending come from the
   * bridge's reaper thread. */
  void (*log)(void *user_data, int32_t level, const char *message);
  /** Non-NULL: the host reaps its child processes itself (as weston does); the bridge tells
   * it the pid of every command it starts, and the host must call
   * gb_bridge_command_exited when that child ends. NULL: a thread of the bridge waits for
   * the commands (it reaps any child of the process while commands run). */
  void (*command_started)(void *user_data, int32_t pid);
  /** How many binding commands may run at once (a command triggered while that many run
   * is skipped and logged); 0: 16. */
  uint32_t max_commands;
};

/** Sets the system-gesture callbacks (copied) before the first
 * gb_bridge_load_system_gestures; later calls apply to configs loaded afterwards. */
void gb_bridge_set_system_callbacks(struct gb_bridge *bridge,
                                    const struct gb_system_callbacks *callbacks,
                                    void *user_data);

/** Loads the system-gesture config at `path`, replacing the one in use. Validated as
 * `gesture-bridge run --check` does, with the same messages. Returns true when it is in
 * use. On error the config in use (if any) stays in use, nothing changes, and when
 * `error_message` is not NULL, *error_message is set to a newly allocated message
 * ("FILE: PATH: problem", or "FILE:LINE:COLUMN: invalid JSON: ...") that the caller owns
 * and frees with gb_string_free (it is set to NULL on success). Replacing while touches are
 * down cancels the old config's active gestures (their `cancelled` bindings run), fails
 * its undecided ones and releases the touches they held back; the new config sees the
 * touches that go down afterwards. Must not be called from a callback. */
bool gb_bridge_load_system_gestures(struct gb_bridge *bridge, const char *path,
                                    char **error_message);

/** Removes the system gestures in use (as a replacement by an empty config would). */
void gb_bridge_unload_system_gestures(struct gb_bridge *bridge);

/** The number of system recognizers in use (0 for NULL). */
uint32_t gb_bridge_system_recognizer_count(struct gb_bridge *bridge);

/** The host reaped the command `pid` (told by `command_started`) with wait status
 * `status` (as from waitpid). */
void gb_bridge_command_exited(struct gb_bridge *bridge, int32_t pid, int32_t status);

/** Frees a string the bridge allocated for the caller (NULL allowed). */
void gb_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
