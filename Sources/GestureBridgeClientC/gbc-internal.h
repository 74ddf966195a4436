/* SPDX-License-Identifier: MIT */
/* gbc-internal.h: what the files of libgesture-bridge-client share (not installed). */
#ifndef GBC_INTERNAL_H
#define GBC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wayland-client.h>

#include "gesture-bridge-client.h"
#include "gesture-bridge-v1-client-protocol.h"

#if defined(__GNUC__)
#define GBC_EXPORT __attribute__((visibility("default")))
#else
#define GBC_EXPORT
#endif

struct gbc_client {
  struct wl_display *display;
  /* The library's queue, and a wrapper of the display on it (for wl_display.sync). */
  struct wl_event_queue *queue;
  struct wl_display *display_wrapper;
  struct gesture_bridge_manager_v1 *manager;
  uint32_t version;

  /* gbc_recognizer.link and gbc_system_gesture_surface.link (libwayland's wl_list). */
  struct wl_list recognizers;
  size_t recognizer_count;
  struct wl_list deferrals;

  gbc_gesture_callback gesture_callback;
  void *gesture_user_data;
  gbc_error_callback error_callback;
  void *error_user_data;
  bool error_reported;

  /* gbc_client_destroy inside a callback: completed when the outermost dispatch returns. */
  int dispatch_depth;
  bool destroy_pending;
  /* The recognizer whose frame is being delivered (NULL once it is destroyed meanwhile). */
  struct gbc_recognizer *delivering;
  /* Bumped per cycle search (marks of gbc_recognizer.visit). */
  uint32_t visit_epoch;

  /* Storage behind the strings of the last gbc_client_get_error. */
  char error_interface[64];
  char error_code_name[64];
  char error_message[512];
};

struct gbc_recognizer {
  struct gbc_client *client;
  struct wl_list link;
  struct gesture_bridge_recognizer_v1 *proxy;
  struct wl_surface *surface;
  enum gbc_kind kind;
  gbc_gesture_callback callback;
  void *user_data;
  /* The event group under way (values since the last frame). */
  struct gbc_gesture group;
  /* The last values sent (the compositor checks the minimum against a non-zero maximum at
   * commit; both persist across commits). */
  int32_t minimum_touches;
  int32_t maximum_touches;
  /* require_failure_of targets, committed or pending (for the cycle check). */
  struct gbc_recognizer **requires;
  size_t requires_count, requires_capacity;
  uint32_t visit;
};

struct gbc_system_gesture_surface {
  struct gbc_client *client;
  struct wl_list link;
  struct gesture_bridge_system_gesture_surface_v1 *proxy;
  struct wl_surface *surface;
};

/* Generated (gesture-bridge-client-events.c). */
extern const struct gesture_bridge_recognizer_v1_listener gbc_internal_recognizer_listener;
/* Since which version of the manager `kind` exists; 0 if it is not a kind. */
uint32_t gbc_internal_kind_since(uint32_t kind);
/* The kinds (bit 1 << kind) each parameter request applies to on a binding of each version
 * (the index, 0 to GBC_MANAGER_VERSION), read from its "Applies to" sentence in the XML. */
extern const uint32_t gbc_internal_kinds_set_number_of_taps_required[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_number_of_touches_required[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_minimum_press_duration[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_allowable_movement[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_minimum_number_of_touches[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_maximum_number_of_touches[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_direction[GBC_MANAGER_VERSION + 1];
extern const uint32_t gbc_internal_kinds_set_edges[GBC_MANAGER_VERSION + 1];
/* Name and summary of error `code` of the interface named `interface_name` (one of the
 * protocol's); false if unknown. */
bool gbc_internal_error_code(const char *interface_name, uint32_t code, const char **name,
                             const char **summary);

/* recognizer.c: the group under way, and the end of a group. */
struct gbc_gesture *gbc_internal_group(void *recognizer);
void gbc_internal_frame(void *recognizer, uint32_t state, uint64_t time_usec);
/* Destroys every recognizer of the client (no callbacks). */
void gbc_internal_destroy_recognizers(struct gbc_client *client);

/* system-gesture-surface.c */
void gbc_internal_destroy_deferrals(struct gbc_client *client);

/* dispatch.c: wl_display.sync through `wrapper` (a wrapper of the display on `queue`),
 * dispatching `queue` until it is answered. 0 answered, 1 timed out, -1 the connection
 * failed. */
int gbc_internal_roundtrip(struct wl_display *display, struct wl_display *wrapper,
                           struct wl_event_queue *queue, int timeout_ms);
/* Flushes everything, waiting while the socket is full (libwayland 1.21 fails the connection
 * when a request meets a full buffer). */
void gbc_internal_flush(struct gbc_client *client);

/* error.c: GBC_STATUS_CONNECTION_ERROR (and the error callback, once) if the connection
 * failed, else GBC_STATUS_OK. */
int gbc_internal_check_connection(struct gbc_client *client);
/* Installs the log handler that keeps the last message (once per process). */
void gbc_internal_capture_log(void);

/* client.c: completes a destruction requested inside a callback, once no dispatch runs. */
void gbc_internal_finish_destroy(struct gbc_client *client);

#endif
