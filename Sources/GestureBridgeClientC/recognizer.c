/* SPDX-License-Identifier: MIT */
/* gbc_recognizer: gesture_bridge_recognizer_v1 with the compositor's checks done first (so a
 * mistake is a status, not a protocol error that ends the app's connection), and the delivery
 * of each assembled event group. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gbc-internal.h"

/* The compositor's limits (gesture_bridge_manager_v1). */
enum { SURFACE_LIMIT = 64, CLIENT_LIMIT = 1024 };

#define KIND_BIT(kind) (1u << (kind))
#define EVERY_KIND 0xFFFFFFFFu
/* Largest distance wl_fixed_t carries (24.8: 8388607 + 255/256). */
#define FIXED_MAX 8388607.0

static const uint32_t four_bits = GBC_DIRECTION_RIGHT | GBC_DIRECTION_LEFT | GBC_DIRECTION_UP | GBC_DIRECTION_DOWN;

static void set_status(enum gbc_status *out, enum gbc_status status) {
  if (out != NULL) *out = status;
}

/* GBC_STATUS_OK when `recognizer` is usable and its kind takes a parameter of `kinds`. */
static int usable(struct gbc_recognizer *recognizer, uint32_t kinds) {
  if (recognizer == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(recognizer->client);
  if (status != GBC_STATUS_OK) return status;
  if ((kinds & KIND_BIT(recognizer->kind)) == 0) return GBC_STATUS_NOT_APPLICABLE;
  return GBC_STATUS_OK;
}

/* usable() with the kinds a request applies to on the version the client bound. */
static int applicable(struct gbc_recognizer *recognizer,
                      const uint32_t kinds_by_version[GBC_MANAGER_VERSION + 1]) {
  if (recognizer == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  uint32_t version = recognizer->client->version;
  if (version > GBC_MANAGER_VERSION) version = GBC_MANAGER_VERSION;
  return usable(recognizer, kinds_by_version[version]);
}

static size_t recognizers_on(struct gbc_client *client, struct wl_surface *surface) {
  size_t count = 0;
  struct gbc_recognizer *r;
  wl_list_for_each(r, &client->recognizers, link) {
    if (r->surface == surface) count++;
  }
  return count;
}

GBC_EXPORT struct gbc_recognizer *gbc_recognizer_create(struct gbc_client *client,
                                                        struct wl_surface *surface,
                                                        enum gbc_kind kind,
                                                        enum gbc_status *status) {
  if (client == NULL || surface == NULL || gbc_internal_kind_since((uint32_t)kind) == 0) {
    set_status(status, GBC_STATUS_INVALID_ARGUMENT);
    return NULL;
  }
  int connection = gbc_internal_check_connection(client);
  if (connection != GBC_STATUS_OK) {
    set_status(status, (enum gbc_status)connection);
    return NULL;
  }
  if (gbc_internal_kind_since((uint32_t)kind) > client->version) {
    set_status(status, GBC_STATUS_UNSUPPORTED_VERSION);
    return NULL;
  }
  if (client->recognizer_count >= CLIENT_LIMIT || recognizers_on(client, surface) >= SURFACE_LIMIT) {
    set_status(status, GBC_STATUS_LIMIT);
    return NULL;
  }
  struct gbc_recognizer *recognizer = calloc(1, sizeof *recognizer);
  if (recognizer == NULL) {
    set_status(status, GBC_STATUS_NO_MEMORY);
    return NULL;
  }
  recognizer->proxy = gesture_bridge_manager_v1_get_recognizer(client->manager, surface, kind);
  if (recognizer->proxy == NULL) {
    free(recognizer);
    set_status(status, GBC_STATUS_NO_MEMORY);
    return NULL;
  }
  gesture_bridge_recognizer_v1_add_listener(recognizer->proxy, &gbc_internal_recognizer_listener,
                                            recognizer);
  recognizer->client = client;
  recognizer->surface = surface;
  recognizer->kind = kind;
  /* What commit checks: a minimum set above a maximum set (0: none set, or no limit). A
   * pinch's or rotation's default maximum (2) counts as at least its minimum, so it is not
   * held against a minimum set alone. */
  recognizer->minimum_touches = 1;
  recognizer->maximum_touches = 0;
  wl_list_insert(&client->recognizers, &recognizer->link);
  client->recognizer_count++;
  gbc_internal_flush(client);
  set_status(status, GBC_STATUS_OK);
  return recognizer;
}

/* Removes `target` from the require-failure list of `recognizer`. */
static void forget_requirement(struct gbc_recognizer *recognizer, struct gbc_recognizer *target) {
  for (size_t i = 0; i < recognizer->requires_count;) {
    if (recognizer->requires[i] == target) {
      recognizer->requires[i] = recognizer->requires[--recognizer->requires_count];
    } else {
      i++;
    }
  }
}

/* Unlinks and frees without touching the callbacks. */
static void recognizer_free(struct gbc_recognizer *recognizer) {
  struct gbc_client *client = recognizer->client;
  if (client->delivering == recognizer) client->delivering = NULL;
  wl_list_remove(&recognizer->link);
  struct gbc_recognizer *r;
  wl_list_for_each(r, &client->recognizers, link) forget_requirement(r, recognizer);
  client->recognizer_count--;
  gesture_bridge_recognizer_v1_destroy(recognizer->proxy);
  free(recognizer->requires);
  free(recognizer);
  /* One request at a time: a client destroying 1024 would overflow libwayland's buffer. */
  gbc_internal_flush(client);
}

GBC_EXPORT void gbc_recognizer_destroy(struct gbc_recognizer *recognizer) {
  if (recognizer != NULL) recognizer_free(recognizer);
}

void gbc_internal_destroy_recognizers(struct gbc_client *client) {
  struct gbc_recognizer *recognizer, *next;
  wl_list_for_each_safe(recognizer, next, &client->recognizers, link) recognizer_free(recognizer);
}

GBC_EXPORT void gbc_recognizer_set_callback(struct gbc_recognizer *recognizer,
                                            gbc_gesture_callback callback, void *user_data) {
  if (recognizer == NULL) return;
  recognizer->callback = callback;
  recognizer->user_data = user_data;
}

GBC_EXPORT enum gbc_kind gbc_recognizer_get_kind(const struct gbc_recognizer *recognizer) {
  return recognizer != NULL ? recognizer->kind : (enum gbc_kind)0;
}

GBC_EXPORT struct wl_surface *gbc_recognizer_get_surface(const struct gbc_recognizer *recognizer) {
  return recognizer != NULL ? recognizer->surface : NULL;
}

GBC_EXPORT struct gbc_client *gbc_recognizer_get_client(const struct gbc_recognizer *recognizer) {
  return recognizer != NULL ? recognizer->client : NULL;
}

/* Events: the generated listener fills the group; frame delivers it. */

struct gbc_gesture *gbc_internal_group(void *data) {
  struct gbc_recognizer *recognizer = data;
  return &recognizer->group;
}

void gbc_internal_frame(void *data, uint32_t state, uint64_t time_usec) {
  struct gbc_recognizer *recognizer = data;
  struct gbc_client *client = recognizer->client;
  struct gbc_gesture gesture = recognizer->group;
  memset(&recognizer->group, 0, sizeof recognizer->group);
  /* A state this library does not know (a compositor's mistake) is dropped. */
  if (gbc_state_name((enum gbc_state)state) == NULL || client->destroy_pending) return;
  gesture.recognizer = recognizer;
  gesture.user_data = recognizer->user_data;
  gesture.kind = recognizer->kind;
  gesture.state = (enum gbc_state)state;
  gesture.time_usec = time_usec;
  client->delivering = recognizer;
  if (client->gesture_callback != NULL) {
    client->gesture_callback(client->gesture_user_data, &gesture);
  }
  /* The client's callback may have destroyed the recognizer or the client. */
  if (client->delivering == recognizer && recognizer->callback != NULL) {
    recognizer->callback(recognizer->user_data, &gesture);
  }
  client->delivering = NULL;
}

/* Parameters. */

static int sent(struct gbc_recognizer *recognizer) {
  gbc_internal_flush(recognizer->client);
  return GBC_STATUS_OK;
}

GBC_EXPORT int gbc_recognizer_set_number_of_taps_required(struct gbc_recognizer *recognizer,
                                                          int32_t taps) {
  int status = applicable(recognizer, gbc_internal_kinds_set_number_of_taps_required);
  if (status != GBC_STATUS_OK) return status;
  if (taps < (recognizer->kind == GBC_KIND_TAP ? 1 : 0)) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_number_of_taps_required(recognizer->proxy, taps);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_number_of_touches_required(struct gbc_recognizer *recognizer,
                                                             int32_t touches) {
  int status = applicable(recognizer, gbc_internal_kinds_set_number_of_touches_required);
  if (status != GBC_STATUS_OK) return status;
  if (touches < 1) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_number_of_touches_required(recognizer->proxy, touches);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_minimum_press_duration(struct gbc_recognizer *recognizer,
                                                         int32_t duration_usec) {
  int status = applicable(recognizer, gbc_internal_kinds_set_minimum_press_duration);
  if (status != GBC_STATUS_OK) return status;
  if (duration_usec < 0) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_minimum_press_duration(recognizer->proxy, duration_usec);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_allowable_movement(struct gbc_recognizer *recognizer,
                                                     double distance) {
  int status = applicable(recognizer, gbc_internal_kinds_set_allowable_movement);
  if (status != GBC_STATUS_OK) return status;
  if (!isfinite(distance) || distance < 0 || distance > FIXED_MAX) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_allowable_movement(recognizer->proxy,
                                                      wl_fixed_from_double(distance));
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_minimum_number_of_touches(struct gbc_recognizer *recognizer,
                                                            int32_t touches) {
  int status = applicable(recognizer, gbc_internal_kinds_set_minimum_number_of_touches);
  if (status != GBC_STATUS_OK) return status;
  if (touches < 1) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_minimum_number_of_touches(recognizer->proxy, touches);
  recognizer->minimum_touches = touches;
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_maximum_number_of_touches(struct gbc_recognizer *recognizer,
                                                            int32_t touches) {
  int status = applicable(recognizer, gbc_internal_kinds_set_maximum_number_of_touches);
  if (status != GBC_STATUS_OK) return status;
  if (touches < 0) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_maximum_number_of_touches(recognizer->proxy, touches);
  recognizer->maximum_touches = touches;
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_direction(struct gbc_recognizer *recognizer,
                                            uint32_t directions) {
  int status = applicable(recognizer, gbc_internal_kinds_set_direction);
  if (status != GBC_STATUS_OK) return status;
  if (directions == 0 || (directions & ~four_bits) != 0) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_direction(recognizer->proxy, directions);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_edges(struct gbc_recognizer *recognizer, uint32_t edges) {
  int status = applicable(recognizer, gbc_internal_kinds_set_edges);
  if (status != GBC_STATUS_OK) return status;
  if ((edges & ~four_bits) != 0) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_recognizer_v1_set_edges(recognizer->proxy, edges);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_region(struct gbc_recognizer *recognizer,
                                         struct wl_region *region) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_set_region(recognizer->proxy, region);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_cancels_touches(struct gbc_recognizer *recognizer,
                                                  bool enabled) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_set_cancels_touches(recognizer->proxy, enabled ? 1 : 0);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_delays_touches_began(struct gbc_recognizer *recognizer,
                                                       bool enabled) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_set_delays_touches_began(recognizer->proxy, enabled ? 1 : 0);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_delays_touches_ended(struct gbc_recognizer *recognizer,
                                                       bool enabled) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_set_delays_touches_ended(recognizer->proxy, enabled ? 1 : 0);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_set_enabled(struct gbc_recognizer *recognizer, bool enabled) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_set_enabled(recognizer->proxy, enabled ? 1 : 0);
  return sent(recognizer);
}

/* Relations. */

/* GBC_STATUS_OK when both are usable recognizers of one client and not the same one. */
static int relatable(struct gbc_recognizer *recognizer, struct gbc_recognizer *other) {
  if (recognizer == NULL || other == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  if (other == recognizer || other->client != recognizer->client) {
    return GBC_STATUS_INVALID_RELATION;
  }
  return GBC_STATUS_OK;
}

/* Whether following require-failure relations from `from` reaches `target` (depth first, each
 * recognizer visited once per search). */
static bool reaches(struct gbc_recognizer *from, struct gbc_recognizer *target, uint32_t epoch) {
  if (from == target) return true;
  if (from->visit == epoch) return false;
  from->visit = epoch;
  for (size_t i = 0; i < from->requires_count; i++) {
    if (reaches(from->requires[i], target, epoch)) return true;
  }
  return false;
}

static bool requires(const struct gbc_recognizer *recognizer, const struct gbc_recognizer *other) {
  for (size_t i = 0; i < recognizer->requires_count; i++) {
    if (recognizer->requires[i] == other) return true;
  }
  return false;
}

GBC_EXPORT int gbc_recognizer_require_failure_of(struct gbc_recognizer *recognizer,
                                                 struct gbc_recognizer *other) {
  int status = relatable(recognizer, other);
  if (status != GBC_STATUS_OK) return status;
  if (!requires(recognizer, other)) {
    struct gbc_client *client = recognizer->client;
    if (++client->visit_epoch == 0) {
      struct gbc_recognizer *r;
      wl_list_for_each(r, &client->recognizers, link) r->visit = 0;
      client->visit_epoch = 1;
    }
    if (reaches(other, recognizer, client->visit_epoch)) return GBC_STATUS_INVALID_RELATION;
    if (recognizer->requires_count == recognizer->requires_capacity) {
      size_t capacity = recognizer->requires_capacity ? recognizer->requires_capacity * 2 : 4;
      struct gbc_recognizer **grown =
          realloc(recognizer->requires, capacity * sizeof *recognizer->requires);
      if (grown == NULL) return GBC_STATUS_NO_MEMORY;
      recognizer->requires = grown;
      recognizer->requires_capacity = capacity;
    }
    recognizer->requires[recognizer->requires_count++] = other;
  }
  gesture_bridge_recognizer_v1_require_failure_of(recognizer->proxy, other->proxy);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_recognize_simultaneously_with(struct gbc_recognizer *recognizer,
                                                            struct gbc_recognizer *other) {
  int status = relatable(recognizer, other);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_recognizer_v1_recognize_simultaneously_with(recognizer->proxy, other->proxy);
  return sent(recognizer);
}

GBC_EXPORT int gbc_recognizer_commit(struct gbc_recognizer *recognizer) {
  int status = usable(recognizer, EVERY_KIND);
  if (status != GBC_STATUS_OK) return status;
  if (recognizer->maximum_touches != 0 &&
      recognizer->minimum_touches > recognizer->maximum_touches) {
    return GBC_STATUS_INVALID_VALUE;
  }
  gesture_bridge_recognizer_v1_commit(recognizer->proxy);
  return sent(recognizer);
}
