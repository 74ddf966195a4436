/* SPDX-License-Identifier: MIT */
/* gb_wlr_adapter.h: the glue between a wlroots compositor and the GestureBridge C ABI
 * (gesture_bridge.h).
 *
 * The same API for wlroots 0.15, 0.18, 0.19 and 0.20: gb_wlr_adapter.c is built for one of
 * them with that version's layer on the include path,
 * -I Compositors/wlroots/version/wlroots-SERIES (Compositors/wlroots/version/select.sh
 * prints the series, pkg-config package and soname of the newest installed; docs/wlroots.md).
 * This header names no version-specific wlroots type.
 *
 * One adapter per wlr_seat. The compositor feeds it the touch events of its wlr_cursor (or
 * its wlr_touch devices) in layout coordinates; the adapter feeds the bridge, picks surfaces
 * through the compositor's callback, and performs the bridge's regulated deliveries on the
 * seat's clients: wl_touch.down/motion/up/frame straight to the wl_touch resources of the
 * surface's client (serials from wlr_seat_client_next_serial; the down of the seat's only
 * touch becomes the seat's touch grab serial, which wlr_seat_validate_touch_grab_serial checks
 * for start_drag and xdg_popup.grab), wl_touch.cancel with wlr_seat_touch_send_cancel.
 *
 * The compositor keeps calling wlr_seat_touch_notify_down/motion/up/frame as it always did
 * (so wlroots keeps its touch points, drag-and-drop and serial validation right): the adapter
 * replaces the seat's default touch grab with one that forwards nothing to clients (the bridge
 * decides what they get) and turns wlr_seat_touch_notify_cancel into a bridge cancel. When
 * another touch grab starts (a touch drag, a compositor's own grab), or the compositor lifts a
 * touch point the bridge still has down (Wayfire's plugin grabs), the bridge's touches are
 * cancelled: recognizers report cancelled or failed, clients get wl_touch.cancel.
 *
 * Threading: the display's event-loop thread, like everything in wlroots.
 * Time: the adapter takes wlroots' time_msec (uint32 milliseconds of CLOCK_MONOTONIC) and
 * widens it to microseconds of CLOCK_MONOTONIC for the bridge.
 */
#ifndef GB_WLR_ADAPTER_H
#define GB_WLR_ADAPTER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wlr_seat;
struct wlr_surface;
struct wlr_output_layout;
struct gb_bridge;

/** The most touches the adapter follows at once (more are fed to the bridge but not
 * followed for the take-over rule of the seat grab). */
#define GB_WLR_MAX_TOUCHES 32

/** The adapter (opaque). */
struct gb_wlr_adapter;

/** The compositor's surface lookup: the surface that takes touches at layout point (lx, ly)
 * and the point in its surface-local coordinates; false over no such surface (the
 * compositor's own UI, the background). sway: node_at_coords; cage and labwc:
 * wlr_scene_node_at; Wayfire: wf::get_core().get_surface_at. */
typedef bool (*gb_wlr_pick_surface_fn)(void *user_data, double lx, double ly,
                                       struct wlr_surface **surface, double *sx, double *sy);

/** Creates the bridge (and its gesture_bridge_manager_v1 global) on `display` and installs
 * the adapter's touch grab as `seat`'s default touch grab. `layout` (may be NULL) gives the
 * screen rectangle edge pans measure against (its bounding box, read at every first touch).
 * Returns NULL if the bridge cannot be created. */
struct gb_wlr_adapter *gb_wlr_adapter_create(struct wl_display *display, struct wlr_seat *seat,
                                             struct wlr_output_layout *layout,
                                             gb_wlr_pick_surface_fn pick, void *user_data);

/** Told (before the cancel) when the compositor lifted a touch point the bridge still had
 * down, i.e. took the touches (for a log line). */
typedef void (*gb_wlr_took_touches_fn)(void *user_data);
void gb_wlr_adapter_set_took_touches(struct gb_wlr_adapter *adapter,
                                     gb_wlr_took_touches_fn took_touches);

/** Tells the bridge of every wl_surface.commit (gb_bridge_surface_committed), which applies
 * the double-buffered state of gesture_bridge_system_gesture_surface_v1 (apps deferring
 * system gestures, version 2 of the global): listens to `compositor`'s new_surface and to
 * each surface's commit (wlr_surface.events.commit) until the surface, the compositor or
 * the adapter goes. Call it once, right after gb_wlr_adapter_create, with the compositor's
 * wlr_compositor (surfaces created before are not watched). Without it clients' exclusion
 * regions and deferred edges have no effect. */
struct wlr_compositor;
void gb_wlr_adapter_watch_surfaces(struct gb_wlr_adapter *adapter,
                                   struct wlr_compositor *compositor);

/** Restores the seat's previous default touch grab and destroys the bridge. NULL allowed. */
void gb_wlr_adapter_destroy(struct gb_wlr_adapter *adapter);

/** The bridge, for the gb_bridge_* calls the adapter does not wrap
 * (gb_bridge_set_pixels_per_millimetre, gb_bridge_recognizer_count). */
struct gb_bridge *gb_wlr_adapter_bridge(struct gb_wlr_adapter *adapter);

/** The touchscreen's physical size (wlr_input_device.width_mm / height_mm, libinput's
 * libinput_device_get_size) and the size in layout pixels of the output it is mapped onto:
 * gives the bridge its pixels per millimetre, sqrt((w / W) * (h / H)), for its physical
 * thresholds (gesture_bridge.h). A size of 0 (unknown) sets "unknown" (the pixel fallbacks).
 * Takes effect from the next touch event; cheap to call at every first touch. */
void gb_wlr_adapter_set_touch_device_size(struct gb_wlr_adapter *adapter, double width_mm,
                                          double height_mm, double output_width,
                                          double output_height);

/** A touch went down / moved at layout point (lx, ly) (wlr_cursor_absolute_to_layout_coords
 * of the event). Feed each up BEFORE the compositor's own wlr_seat_touch_notify_up for it
 * (downs and motions in either order): an up the compositor notifies for a touch the bridge
 * still has down means the compositor took the touches (the adapter then cancels the
 * bridge's touches). */
void gb_wlr_adapter_touch_down(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                               int32_t touch_id, double lx, double ly);
void gb_wlr_adapter_touch_motion(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                                 int32_t touch_id, double lx, double ly);
void gb_wlr_adapter_touch_up(struct gb_wlr_adapter *adapter, uint32_t time_msec,
                             int32_t touch_id);
/** libinput cancelled a touch (wlr_cursor's touch_cancel, e.g. a palm): the bridge cancels
 * every touch of the seat (the C ABI has no per-touch cancel), with this time. */
void gb_wlr_adapter_touch_cancel(struct gb_wlr_adapter *adapter, uint32_t time_msec);
/** Ends one input frame (wlr_cursor's touch_frame). */
void gb_wlr_adapter_touch_frame(struct gb_wlr_adapter *adapter);

/** Cancels the bridge's touches now with the latest input time (a compositor's own gesture
 * or grab takes the touches without a wlr_seat touch grab, as Wayfire's plugin grabs do). */
void gb_wlr_adapter_cancel_touches(struct gb_wlr_adapter *adapter);

/** The number of touches the bridge has down (fed down, not yet up or cancelled). */
int32_t gb_wlr_adapter_touches_down(const struct gb_wlr_adapter *adapter);

/** wlroots' 32-bit millisecond time widened to microseconds of CLOCK_MONOTONIC (the nearest
 * value whose low 32 bits of milliseconds are `time_msec`, at or before now + 2^31 ms). */
uint64_t gb_wlr_time_usec(uint32_t time_msec);

#ifdef __cplusplus
}
#endif

#endif
