/* SPDX-License-Identifier: MIT */
/* gesture-bridge-client.h: libgesture-bridge-client, the C client library of the
 * gesture-bridge-v1 Wayland protocol (Protocols/gesture-bridge-v1.xml), for apps.
 *
 * An app asks the compositor to recognize touchscreen gestures (UIKit's tap, long
 * press, pan, pinch, rotation, swipe and screen-edge pan, and every other kind of
 * enum gbc_kind) on its own wl_surfaces and gets one callback per state change with
 * that gesture's values. The library
 * is plain C over libwayland-client: no Swift runtime, no GLib, no toolkit.
 *
 * The display belongs to the app (its toolkit). The library never connects,
 * never disconnects and never dispatches the app's event queues:
 *   - it keeps its own wl_event_queue; every object it makes lives on that queue
 *     (made through wl_proxy_create_wrapper wrappers of the display, or of the
 *     app's registry), so recognizer events are dispatched only by the
 *     gbc_client_dispatch* / gbc_client_roundtrip calls below, and the
 *     toolkit's own events stay on the toolkit's queue until the toolkit
 *     dispatches them;
 *   - it reads the display's fd only in gbc_client_dispatch,
 *     gbc_client_roundtrip and gbc_client_create, always through
 *     wl_display_prepare_read_queue / wl_display_read_events (or
 *     wl_display_cancel_read), so it cooperates with the toolkit's own reader:
 *     events the library reads for the toolkit's queue wait there for the
 *     toolkit, and events the toolkit reads for the library's queue wait there
 *     for gbc_client_dispatch_pending (see "Main loop" below).
 * GTK 4: gdk_wayland_display_get_wl_display() and gdk_wayland_surface_get_wl_surface()
 * give the pointers; GLib main loops use gesture-bridge-client-glib.h. Qt 6:
 * QPlatformNativeInterface's nativeResourceForIntegration("wl_display") and
 * nativeResourceForWindow("surface", window); see "Main loop".
 *
 * Lifecycle:
 *   1. gbc_client_create(display, timeout, &reason) finds and binds the
 *      gesture_bridge_manager_v1 global (version min(compositor's,
 *      GBC_MANAGER_VERSION)), or returns NULL with the reason: then fall back to
 *      the toolkit's own gesture recognizers. (gbc_client_create_from_global
 *      binds a global the app's own registry listener saw, without blocking.)
 *   2. gbc_recognizer_create(client, surface, GBC_KIND_..., &status), then
 *      gbc_recognizer_set_* and the relations, then gbc_recognizer_commit: the
 *      recognizer listens from the surface's next touch sequence.
 *   3. gbc_recognizer_set_callback: one call per state change, a
 *      struct gbc_gesture with the state, time, location, touches and the values
 *      of the recognizer's kind (assembled from the protocol's value events up
 *      to its frame event).
 *   4. Main loop: watch gbc_client_get_fd, call gbc_client_dispatch.
 *   5. Optional, version 2: gbc_system_gesture_surface_create to keep the
 *      compositor's system gestures (edge swipes...) off parts of a surface.
 *   6. gbc_recognizer_destroy, gbc_system_gesture_surface_destroy,
 *      gbc_client_destroy (which destroys what is left).
 *
 * Checking instead of dying: a Wayland protocol error ends the whole connection,
 * and toolkits exit on it (GTK 4 calls _exit(1)). So every gbc_* call checks
 * what the compositor would reject (a parameter that does not apply to the
 * kind, a value out of range, a minimum above a maximum, a relation to itself, a
 * require-failure cycle, a second system gesture surface for a surface, edges
 * outside the four, the 64 recognizers per surface and 1024 per client limits)
 * and returns an error status WITHOUT sending anything. What the library cannot
 * see can still cause a protocol error: a wl_surface that has the cursor or
 * drag-icon role (invalid_surface), and a relation to a recognizer whose
 * wl_surface the app destroyed (inert_relation): destroy recognizers before
 * their surface. A protocol error is reported, never a crash: the error
 * callback (gbc_client_set_error_callback) runs once, gbc_client_get_error
 * describes it (interface, object id, code, code name and the compositor's
 * message), and later calls return GBC_STATUS_CONNECTION_ERROR.
 *
 * Who commits the wl_surface: the app (its toolkit). The library never calls
 * wl_surface_commit. Recognizer state is applied by gbc_recognizer_commit
 * (gesture_bridge_recognizer_v1.commit, independent of the surface); system
 * gesture surface state (exclusion region, deferred edges) is double-buffered on
 * wl_surface.commit, so it takes effect at the surface's next commit by the
 * toolkit (GTK 4: the next frame it draws, e.g. after gtk_widget_queue_draw;
 * Qt: QWindow::requestUpdate or the next repaint).
 *
 * Threading: not thread-safe. Use a client, its recognizers and system gesture
 * surfaces from one thread, the one that calls gbc_client_dispatch; callbacks
 * run on that thread, inside gbc_client_dispatch, gbc_client_dispatch_pending
 * or gbc_client_roundtrip. The toolkit's reader may be another thread.
 *
 * Units: surface-local coordinates (those of wl_touch), seconds for velocities,
 * radians (clockwise-positive) for rotation, microseconds of CLOCK_MONOTONIC
 * for times. Values are converted from and to wl_fixed_t (24.8 fixed point:
 * resolution 1/256).
 *
 * Linking: pkg-config --cflags --libs gesture-bridge-client
 * (libgesture-bridge-client.so.0; exported symbols are gbc_* at version
 * GESTURE_BRIDGE_CLIENT_0; it needs libwayland-client only).
 *
 * Enums and struct gbc_gesture come from gesture-bridge-client-values.h, which
 * scripts/generate-protocol.sh generates from the protocol XML (a new recognizer
 * kind or value event of the protocol appears there).
 */
#ifndef GESTURE_BRIDGE_CLIENT_H
#define GESTURE_BRIDGE_CLIENT_H

#include <stdbool.h>
#include <stdint.h>

#include "gesture-bridge-client-values.h"

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_registry;
struct wl_surface;
struct wl_region;

/** The library's connection to the compositor's gesture_bridge_manager_v1 on an
 * app's wl_display (opaque): the manager, the library's event queue and the
 * recognizers made through it. */
struct gbc_client;

/** One gesture recognizer on a wl_surface (opaque;
 * gesture_bridge_recognizer_v1). */
struct gbc_recognizer;

/** A surface's deferral of the compositor's system gestures (opaque;
 * gesture_bridge_system_gesture_surface_v1, version 2). */
struct gbc_system_gesture_surface;

/* ---------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------- */

/** What a gbc_* call returns (0 or negative). Nothing was sent to the
 * compositor when a call returns anything but GBC_STATUS_OK. */
enum gbc_status {
  /** Done (requests sent: see "Flushing"). */
  GBC_STATUS_OK = 0,
  /** The parameter does not apply to the recognizer's kind (the protocol's
   * not_applicable). */
  GBC_STATUS_NOT_APPLICABLE = -1,
  /** A value is out of range or not finite, or the pending minimum number of
   * touches is above a non-zero maximum at commit (invalid_value), or an edges
   * value has bits outside the four edges (invalid_edges). */
  GBC_STATUS_INVALID_VALUE = -2,
  /** A relation to the recognizer itself, to a recognizer of another
   * gbc_client, or a require-failure relation that would close a cycle
   * (invalid_relation). */
  GBC_STATUS_INVALID_RELATION = -3,
  /** The kind or request needs a newer version of the global than the
   * compositor offers (gbc_client_get_version): for example a system gesture
   * surface on version 1. */
  GBC_STATUS_UNSUPPORTED_VERSION = -4,
  /** 64 recognizers on the surface or 1024 on the client already
   * (too_many_recognizers), or the surface already has a system gesture
   * surface (system_gesture_surface_exists). */
  GBC_STATUS_LIMIT = -5,
  /** An argument is NULL where it may not be, or an unknown kind. */
  GBC_STATUS_INVALID_ARGUMENT = -6,
  /** Out of memory. */
  GBC_STATUS_NO_MEMORY = -7,
  /** The connection has failed (a protocol error or the compositor went
   * away): see gbc_client_get_error. */
  GBC_STATUS_CONNECTION_ERROR = -8,
};

/** A constant English description of a gbc_status ("the parameter does not
 * apply to the recognizer's kind", ...); never NULL. */
const char *gbc_status_string(int status);

/* ---------------------------------------------------------------------------
 * Client
 * ------------------------------------------------------------------------- */

/** Why gbc_client_create returned NULL: the app should then use its toolkit's
 * own gestures. */
enum gbc_unavailable_reason {
  /** Not unavailable (gbc_client_create succeeded). */
  GBC_UNAVAILABLE_NONE = 0,
  /** The compositor does not offer gesture_bridge_manager_v1 (no GestureBridge
   * module, or another compositor). */
  GBC_UNAVAILABLE_NO_GLOBAL = 1,
  /** The compositor did not answer the roundtrip within the timeout. */
  GBC_UNAVAILABLE_TIMED_OUT = 2,
  /** The display's connection has failed (wl_display_get_error is set). */
  GBC_UNAVAILABLE_CONNECTION_ERROR = 3,
  /** display was NULL. */
  GBC_UNAVAILABLE_INVALID_ARGUMENT = 4,
  /** Out of memory (or libwayland could not make the queue or a proxy). */
  GBC_UNAVAILABLE_NO_MEMORY = 5,
};

/** A constant English description of a reason, e.g. "compositor does not
 * support gesture_bridge_manager_v1"; never NULL. */
const char *gbc_unavailable_reason_string(enum gbc_unavailable_reason reason);

/** Finds gesture_bridge_manager_v1 on the app's `display` and binds it with
 * version min(advertised, GBC_MANAGER_VERSION).
 *
 * BLOCKS for one roundtrip to the compositor, at most `timeout_ms`
 * milliseconds (negative: no limit), dispatching only the library's own queue:
 * none of the app's handlers run, and events for the app's queues that arrive
 * meanwhile stay queued for the app. Call it where this thread holds no
 * prepared read of the toolkit's: GTK signal handlers and other callbacks of
 * G_PRIORITY_DEFAULT or a less urgent priority, Qt slots; not in a GSource's
 * check function, nor in a source more urgent than G_PRIORITY_DEFAULT (GLib
 * may have skipped GDK's check then, leaving GDK's read prepared, and
 * libwayland would wait forever: the same holds for wl_display_roundtrip).
 *
 * Returns the client, or NULL and stores the reason in `*reason` (if `reason`
 * is not NULL; GBC_UNAVAILABLE_NONE on success). The app keeps ownership of
 * `display`; destroy the client before disconnecting it. The library also
 * installs a libwayland-client log handler (wl_log_set_handler_client, process
 * wide, once) that keeps the last message and writes every message to stderr
 * like libwayland's default handler, so gbc_client_get_error can give the
 * compositor's error message; an app that installs its own handler afterwards
 * gets the error's summary from the protocol XML instead. */
struct gbc_client *gbc_client_create(struct wl_display *display, int timeout_ms,
                                     enum gbc_unavailable_reason *reason);

/** For an app that runs its own wl_registry listener: binds the global `name`
 * (interface gesture_bridge_manager_v1, advertised with `version`) that the
 * listener saw on `registry`, with version min(version, GBC_MANAGER_VERSION),
 * on the library's queue (through a wrapper of `registry`). Does not block.
 * Returns NULL if an argument is NULL, `version` is 0 or memory runs out.
 * The app keeps ownership of `registry` (it may destroy it afterwards). */
struct gbc_client *gbc_client_create_from_global(struct wl_display *display,
                                                 struct wl_registry *registry, uint32_t name,
                                                 uint32_t version);

/** Destroys the client: its recognizers and system gesture surfaces (their
 * pointers become invalid; their callbacks are not called any more), the
 * manager and the library's queue; flushes. The display stays the app's.
 * NULL is allowed. Called from inside one of the client's callbacks, the
 * destruction is completed when the dispatch call that ran the callback
 * returns (nothing is called in between). */
void gbc_client_destroy(struct gbc_client *client);

/** The version of gesture_bridge_manager_v1 the client bound (1 or 2 today;
 * at most GBC_MANAGER_VERSION). Version 2 adds system gesture surfaces. */
uint32_t gbc_client_get_version(const struct gbc_client *client);

/** The wl_display the client was made on. */
struct wl_display *gbc_client_get_display(const struct gbc_client *client);

/* ---------------------------------------------------------------------------
 * Main loop
 *
 * Watch gbc_client_get_fd for reading (POLLIN / G_IO_IN / QSocketNotifier::Read)
 * and call gbc_client_dispatch when it is readable. Before the loop sleeps, call
 * gbc_client_prepare (it flushes, and says whether events already wait on the
 * library's queue, for example because the toolkit's reader read them: then
 * dispatch without sleeping).
 *
 * gbc_client_dispatch never blocks on its own: it dispatches what the library's
 * queue holds, then, if the fd is readable now, reads (prepare_read_queue,
 * read_events) and dispatches again. If another thread of the app has a read
 * prepared at that moment (Qt's event thread), libwayland makes this call wait
 * until that thread has read, which it does at once because the fd is
 * readable. The same thread must not hold a prepared read of its own while it
 * calls gbc_client_dispatch (libwayland would wait forever): in GLib, call it
 * from a GSource's dispatch function at a priority no more urgent than the
 * toolkit's event source (G_PRIORITY_DEFAULT: GDK's events), never from a
 * check or prepare function. gesture-bridge-client-glib.h does exactly that.
 *
 * Qt 6 (Qt reads the display in its own event thread):
 *
 *   auto *notifier = new QSocketNotifier(gbc_client_get_fd(client),
 *                                        QSocketNotifier::Read, app);
 *   QObject::connect(notifier, &QSocketNotifier::activated, [client] {
 *     gbc_client_dispatch(client);
 *   });
 *   // events Qt's thread read into the library's queue while the fd
 *   // stayed quiet for this thread:
 *   QObject::connect(QAbstractEventDispatcher::instance(),
 *                    &QAbstractEventDispatcher::aboutToBlock, [client] {
 *     if (gbc_client_prepare(client) != 0) gbc_client_dispatch_pending(client);
 *   });
 *
 * A plain poll() loop: poll the fd with POLLIN after gbc_client_prepare
 * returned 0 (timeout 0 if it returned 1), then gbc_client_dispatch.
 *
 * Flushing: every call that sends requests flushes the display before it
 * returns. libwayland-client 1.21 keeps at most 4 KB of unsent requests and
 * fails the whole connection when one does not fit while the compositor's
 * socket is full, so when the socket is full the call waits until the
 * compositor has read (at most 30 s; a compositor that stops reading that long
 * then fails the connection, reported by the error callback).
 * ------------------------------------------------------------------------- */

/** The display's fd (wl_display_get_fd), to watch for reading. Do not read or
 * close it. */
int gbc_client_get_fd(const struct gbc_client *client);

/** Call before the main loop sleeps. Flushes the display (see "Flushing").
 * Returns 1 when events
 * wait on the library's queue (do not sleep: dispatch), 0 when none do, or
 * GBC_STATUS_CONNECTION_ERROR when the connection has failed (the error
 * callback has run). Never reads the fd, never dispatches. */
int gbc_client_prepare(struct gbc_client *client);

/** Dispatches the library's queue: the events already on it, then, if the fd
 * is readable now, reads it and dispatches again. Gesture and error callbacks
 * run in here. Returns the number of events dispatched (>= 0), or
 * GBC_STATUS_CONNECTION_ERROR when the connection has failed (the error
 * callback has run). Never blocks except as described under "Main loop"; never
 * dispatches the app's queues. */
int gbc_client_dispatch(struct gbc_client *client);

/** Dispatches only the events already on the library's queue; never reads the
 * fd. Returns like gbc_client_dispatch. */
int gbc_client_dispatch_pending(struct gbc_client *client);

/** Sends wl_display.sync through the library's queue and dispatches that queue
 * until the compositor answered: every event the compositor sent before has
 * then been delivered to the callbacks. BLOCKS at most `timeout_ms` (negative:
 * no limit); same rules as gbc_client_create for where to call it. Returns
 * GBC_STATUS_OK, 1 when the timeout passed first, or
 * GBC_STATUS_CONNECTION_ERROR. */
int gbc_client_roundtrip(struct gbc_client *client, int timeout_ms);

/* ---------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------- */

/** A failed connection, as gbc_client_get_error describes it. Strings are
 * owned by the library and stay valid until the client is destroyed. */
struct gbc_connection_error {
  /** errno of the failure (wl_display_get_error): EPROTO for a protocol
   * error (libwayland gives EINVAL or ENOMEM for some errors of wl_display
   * itself), another value (EPIPE, ECONNRESET, ...) when the connection was
   * lost. */
  int error_number;
  /** For a protocol error: the interface of the object the error was raised
   * on, e.g. "gesture_bridge_recognizer_v1" or "wl_display"; "" otherwise. */
  const char *interface_name;
  /** For a protocol error: that object's id; 0 otherwise. */
  uint32_t object_id;
  /** For a protocol error: the code of that interface's error enum; 0
   * otherwise. */
  uint32_t code;
  /** The code's entry name in the XML, e.g. "invalid_value" (the
   * gesture-bridge-v1 interfaces and wl_display), or "" when not known. */
  const char *code_name;
  /** The compositor's message, e.g. "gesture_bridge_recognizer_v1.commit: ...",
   * when the library's log handler caught it; otherwise the code's summary
   * from the XML, or strerror(error_number) for a lost connection. */
  const char *message;
};

/** Called once, when a gbc_* call of the client first finds the connection
 * failed. `error` is valid during the call. Gesture events that arrived in the
 * same read as a protocol error are not delivered: libwayland stops
 * dispatching at the error. The app typically drops its
 * recognizers (gbc_client_destroy, outside the callback or inside: see
 * gbc_client_destroy) and falls back to its toolkit's gestures, if the toolkit
 * survives the failure. */
typedef void (*gbc_error_callback)(void *user_data, struct gbc_client *client,
                                   const struct gbc_connection_error *error);

/** Sets (or clears, with NULL) the error callback. */
void gbc_client_set_error_callback(struct gbc_client *client, gbc_error_callback callback,
                                   void *user_data);

/** If the display's connection has failed (whoever noticed: the library or the
 * app's own dispatch returning -1), fills `*error` and returns true; otherwise
 * returns false and leaves `*error` untouched. */
bool gbc_client_get_error(struct gbc_client *client, struct gbc_connection_error *error);

/* ---------------------------------------------------------------------------
 * Recognizers
 * ------------------------------------------------------------------------- */

/** Called once per state change of a recognizer (the protocol's frame event),
 * with everything the event group carried. `gesture` is valid during the call.
 * The callback may create, commit and destroy recognizers (this one included)
 * and destroy the client. */
typedef void (*gbc_gesture_callback)(void *user_data, const struct gbc_gesture *gesture);

/** Called for every state change of every recognizer of the client, before
 * the recognizer's own callback; `user_data` is the client's (NULL clears). */
void gbc_client_set_gesture_callback(struct gbc_client *client, gbc_gesture_callback callback,
                                     void *user_data);

/** Creates a recognizer of `kind` on the app's `surface` with the protocol's
 * (UIKit's) defaults. It does not listen before gbc_recognizer_commit. The
 * surface may have no role yet; it must never get the cursor or drag-icon
 * role. Returns NULL and sets `*status` (if not NULL) to
 * GBC_STATUS_INVALID_ARGUMENT (NULL argument, kind not in enum gbc_kind),
 * GBC_STATUS_UNSUPPORTED_VERSION (kind newer than the bound version),
 * GBC_STATUS_LIMIT (64 live recognizers of this client on the surface, or
 * 1024 on the client), GBC_STATUS_NO_MEMORY or GBC_STATUS_CONNECTION_ERROR. */
struct gbc_recognizer *gbc_recognizer_create(struct gbc_client *client,
                                             struct wl_surface *surface, enum gbc_kind kind,
                                             enum gbc_status *status);

/** Destroys the recognizer at once: it sends no more events (not even a final
 * cancelled), and relations that name it are dropped. NULL is allowed. */
void gbc_recognizer_destroy(struct gbc_recognizer *recognizer);

/** Sets (or clears, with NULL) the recognizer's gesture callback; `user_data`
 * is passed to it and is also gbc_gesture.user_data. */
void gbc_recognizer_set_callback(struct gbc_recognizer *recognizer,
                                 gbc_gesture_callback callback, void *user_data);

/** The recognizer's kind, surface and client. */
enum gbc_kind gbc_recognizer_get_kind(const struct gbc_recognizer *recognizer);
struct wl_surface *gbc_recognizer_get_surface(const struct gbc_recognizer *recognizer);
struct gbc_client *gbc_recognizer_get_client(const struct gbc_recognizer *recognizer);

/* Parameters. Each sets pending state (sent at once: the compositor keeps it
 * pending) that gbc_recognizer_commit applies; each returns a gbc_status and
 * sends nothing unless it is GBC_STATUS_OK. Defaults and meaning: the set_*
 * requests of gesture_bridge_recognizer_v1 in the protocol XML. */

/** numberOfTapsRequired. tap (default 1, >= 1) and long_press (default 0, >= 0). */
int gbc_recognizer_set_number_of_taps_required(struct gbc_recognizer *recognizer, int32_t taps);
/** numberOfTouchesRequired. tap, long_press, swipe (default 1, >= 1). */
int gbc_recognizer_set_number_of_touches_required(struct gbc_recognizer *recognizer,
                                                  int32_t touches);
/** minimumPressDuration in microseconds. long_press (default 500000, >= 0). */
int gbc_recognizer_set_minimum_press_duration(struct gbc_recognizer *recognizer,
                                              int32_t duration_usec);
/** allowableMovement in surface-local units. long_press (default: the
 * compositor's 1.56 mm; >= 0, finite, at most 8388607). */
int gbc_recognizer_set_allowable_movement(struct gbc_recognizer *recognizer, double distance);
/** minimumNumberOfTouches. pan, screen_edge_pan, transform (default 1, >= 1);
 * pinch and rotation on a version 4 binding (default 2; 1 counts as 2). */
int gbc_recognizer_set_minimum_number_of_touches(struct gbc_recognizer *recognizer,
                                                 int32_t touches);
/** maximumNumberOfTouches. pan, screen_edge_pan, transform (default 0: no limit;
 * >= 0); pinch and rotation on a version 4 binding (default 2, or the minimum
 * when that is higher; 0: no limit). gbc_recognizer_commit rejects a minimum
 * above a non-zero maximum, both set. */
int gbc_recognizer_set_maximum_number_of_touches(struct gbc_recognizer *recognizer,
                                                 int32_t touches);
/** Permitted swipe directions: a non-empty set of GBC_DIRECTION_* bits.
 * swipe (default GBC_DIRECTION_RIGHT). */
int gbc_recognizer_set_direction(struct gbc_recognizer *recognizer, uint32_t directions);
/** Screen edges a screen-edge pan may start from: GBC_EDGES_* bits (0 allowed:
 * never begins, the default). screen_edge_pan. */
int gbc_recognizer_set_edges(struct gbc_recognizer *recognizer, uint32_t edges);
/** The surface-local region where touches must go down to be seen, or NULL
 * for the whole surface (the default). Every kind. The compositor copies the
 * rectangles when it handles the request: the app may destroy `region` right
 * after this call. */
int gbc_recognizer_set_region(struct gbc_recognizer *recognizer, struct wl_region *region);
/** cancelsTouchesInView (default true). Every kind. */
int gbc_recognizer_set_cancels_touches(struct gbc_recognizer *recognizer, bool enabled);
/** delaysTouchesBegan (default false). Every kind. */
int gbc_recognizer_set_delays_touches_began(struct gbc_recognizer *recognizer, bool enabled);
/** delaysTouchesEnded (default true). Every kind. */
int gbc_recognizer_set_delays_touches_ended(struct gbc_recognizer *recognizer, bool enabled);
/** isEnabled (default true). Every kind. */
int gbc_recognizer_set_enabled(struct gbc_recognizer *recognizer, bool enabled);

/** Relations (pending until commit, like parameters). `other` must be another
 * recognizer of the same client (GBC_STATUS_INVALID_RELATION otherwise), on any
 * surface of it. Adding a relation twice has no further effect; relations end
 * only when either recognizer is destroyed. */

/** UIKit require(toFail:): `recognizer` waits until `other` fails, and fails
 * if `other` is recognized or begins. GBC_STATUS_INVALID_RELATION if it would
 * close a cycle of require-failure relations (committed or pending) of the
 * client. */
int gbc_recognizer_require_failure_of(struct gbc_recognizer *recognizer,
                                      struct gbc_recognizer *other);
/** shouldRecognizeSimultaneouslyWith returning true: both may be recognized,
 * or be in began/changed, in one touch sequence (symmetric). */
int gbc_recognizer_recognize_simultaneously_with(struct gbc_recognizer *recognizer,
                                                 struct gbc_recognizer *other);

/** Applies the pending parameters and relations (gesture_bridge_recognizer_v1
 * .commit) and flushes. The first commit makes the recognizer listen from the
 * surface's next touch sequence. GBC_STATUS_INVALID_VALUE (nothing sent) if the
 * minimum number of touches is above a non-zero maximum. */
int gbc_recognizer_commit(struct gbc_recognizer *recognizer);

/* ---------------------------------------------------------------------------
 * System gestures (version 2): exclusion region and deferred edges
 * ------------------------------------------------------------------------- */

/** Creates the surface's deferral object (one per wl_surface at a time). It
 * starts with no exclusion and no deferred edge. Returns NULL and sets
 * `*status` (if not NULL): GBC_STATUS_UNSUPPORTED_VERSION when the client bound
 * version 1, GBC_STATUS_LIMIT when the surface already has one (made through
 * this client), GBC_STATUS_INVALID_ARGUMENT, GBC_STATUS_NO_MEMORY,
 * GBC_STATUS_CONNECTION_ERROR. */
struct gbc_system_gesture_surface *
gbc_system_gesture_surface_create(struct gbc_client *client, struct wl_surface *surface,
                                  enum gbc_status *status);

/** Destroys it; the surface's exclusion and deferral are removed at the
 * surface's next wl_surface.commit (by the app). NULL is allowed. */
void gbc_system_gesture_surface_destroy(struct gbc_system_gesture_surface *deferral);

/** Sets the pending exclusion region (surface-local; NULL: none): touches that
 * go down there are not seen by system gestures (capped near the screen edges,
 * see the XML). Applied by the app's next wl_surface.commit. The compositor
 * copies the rectangles: the app may destroy `region` right after. */
int gbc_system_gesture_surface_set_exclusion_region(struct gbc_system_gesture_surface *deferral,
                                                    struct wl_region *region);

/** Sets the pending deferred screen edges (GBC_EDGES_* bits, 0: none): the
 * first edge gesture on such an edge goes to the app, a second one right
 * after it to the system. GBC_STATUS_INVALID_VALUE for other bits. Applied by
 * the app's next wl_surface.commit. */
int gbc_system_gesture_surface_set_deferred_edges(struct gbc_system_gesture_surface *deferral,
                                                  uint32_t edges);

/* ---------------------------------------------------------------------------
 * Names (the protocol XML's), for logs and JSON
 * ------------------------------------------------------------------------- */

/** The kind's entry name in the XML ("tap", "long_press", ...); NULL for a value
 * not in enum gbc_kind. */
const char *gbc_kind_name(enum gbc_kind kind);
/** "began", "changed", "ended", "cancelled", "failed", "recognized"; NULL for a
 * value not in enum gbc_state. */
const char *gbc_state_name(enum gbc_state state);

#ifdef __cplusplus
}
#endif

#endif /* GESTURE_BRIDGE_CLIENT_H */
