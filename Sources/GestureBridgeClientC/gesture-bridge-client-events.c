/* SPDX-License-Identifier: MIT */
/* GENERATED FILE, DO NOT EDIT.
 * Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-client-c.awk (part=code).
 * Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
 *
 * The event assembly of libgesture-bridge-client: value events go into the
 * struct gbc_gesture of the state change under way, frame hands it on.
 */
#include <stddef.h>
#include <string.h>

#include "gbc-internal.h"

static void gbc_on_location(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t x, wl_fixed_t y) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->location.x = wl_fixed_to_double(x);
  gesture->location.y = wl_fixed_to_double(y);
  gesture->values |= GBC_VALUE_LOCATION;
}

static void gbc_on_touches(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t number) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->touches.number = number;
  gesture->values |= GBC_VALUE_TOUCHES;
}

static void gbc_on_translation(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t dx, wl_fixed_t dy) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->translation.dx = wl_fixed_to_double(dx);
  gesture->translation.dy = wl_fixed_to_double(dy);
  gesture->values |= GBC_VALUE_TRANSLATION;
}

static void gbc_on_velocity(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t vx, wl_fixed_t vy) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->velocity.vx = wl_fixed_to_double(vx);
  gesture->velocity.vy = wl_fixed_to_double(vy);
  gesture->values |= GBC_VALUE_VELOCITY;
}

static void gbc_on_scale(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t scale, wl_fixed_t velocity) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->scale.scale = wl_fixed_to_double(scale);
  gesture->scale.velocity = wl_fixed_to_double(velocity);
  gesture->values |= GBC_VALUE_SCALE;
}

static void gbc_on_rotation(void *data, struct gesture_bridge_recognizer_v1 *proxy, wl_fixed_t rotation, wl_fixed_t velocity) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->rotation.rotation = wl_fixed_to_double(rotation);
  gesture->rotation.velocity = wl_fixed_to_double(velocity);
  gesture->values |= GBC_VALUE_ROTATION;
}

static void gbc_on_direction(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t direction) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->direction.direction = direction;
  gesture->values |= GBC_VALUE_DIRECTION;
}

static void gbc_on_taps(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t number) {
  (void)proxy;
  struct gbc_gesture *gesture = gbc_internal_group(data);
  gesture->taps.number = number;
  gesture->values |= GBC_VALUE_TAPS;
}

static void gbc_on_frame(void *data, struct gesture_bridge_recognizer_v1 *proxy, uint32_t state, uint32_t utime_hi, uint32_t utime_lo) {
  (void)proxy;
  gbc_internal_frame(data, state, ((uint64_t)utime_hi << 32) | utime_lo);
}

const struct gesture_bridge_recognizer_v1_listener gbc_internal_recognizer_listener = {
    .location = gbc_on_location,
    .touches = gbc_on_touches,
    .translation = gbc_on_translation,
    .velocity = gbc_on_velocity,
    .scale = gbc_on_scale,
    .rotation = gbc_on_rotation,
    .direction = gbc_on_direction,
    .taps = gbc_on_taps,
    .frame = gbc_on_frame,
};

GBC_EXPORT const char *gbc_kind_name(enum gbc_kind value) {
  switch (value) {
  case GBC_KIND_TAP:
    return "tap";
  case GBC_KIND_LONG_PRESS:
    return "long_press";
  case GBC_KIND_PAN:
    return "pan";
  case GBC_KIND_PINCH:
    return "pinch";
  case GBC_KIND_ROTATION:
    return "rotation";
  case GBC_KIND_SWIPE:
    return "swipe";
  case GBC_KIND_SCREEN_EDGE_PAN:
    return "screen_edge_pan";
  case GBC_KIND_TRANSFORM:
    return "transform";
  }
  return NULL;
}

GBC_EXPORT const char *gbc_state_name(enum gbc_state value) {
  switch (value) {
  case GBC_STATE_BEGAN:
    return "began";
  case GBC_STATE_CHANGED:
    return "changed";
  case GBC_STATE_ENDED:
    return "ended";
  case GBC_STATE_CANCELLED:
    return "cancelled";
  case GBC_STATE_FAILED:
    return "failed";
  case GBC_STATE_RECOGNIZED:
    return "recognized";
  }
  return NULL;
}

/* The kinds each parameter request applies to on a binding of each version (the index),
 * from its "Applies to" sentence. */
const uint32_t gbc_internal_kinds_set_number_of_taps_required[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS)};
const uint32_t gbc_internal_kinds_set_number_of_touches_required[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS) | (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS) | (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS) | (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_TAP) | (1u << GBC_KIND_LONG_PRESS) | (1u << GBC_KIND_SWIPE)};
const uint32_t gbc_internal_kinds_set_minimum_press_duration[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS)};
const uint32_t gbc_internal_kinds_set_allowable_movement[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS),
    (1u << GBC_KIND_LONG_PRESS)};
const uint32_t gbc_internal_kinds_set_minimum_number_of_touches[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_PINCH) | (1u << GBC_KIND_ROTATION) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM)};
const uint32_t gbc_internal_kinds_set_maximum_number_of_touches[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM),
    (1u << GBC_KIND_PAN) | (1u << GBC_KIND_PINCH) | (1u << GBC_KIND_ROTATION) | (1u << GBC_KIND_SCREEN_EDGE_PAN) | (1u << GBC_KIND_TRANSFORM)};
const uint32_t gbc_internal_kinds_set_direction[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_SWIPE),
    (1u << GBC_KIND_SWIPE)};
const uint32_t gbc_internal_kinds_set_edges[GBC_MANAGER_VERSION + 1] = {0,
    (1u << GBC_KIND_SCREEN_EDGE_PAN),
    (1u << GBC_KIND_SCREEN_EDGE_PAN),
    (1u << GBC_KIND_SCREEN_EDGE_PAN),
    (1u << GBC_KIND_SCREEN_EDGE_PAN)};
const uint32_t gbc_internal_kinds_set_region[GBC_MANAGER_VERSION + 1] = {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
const uint32_t gbc_internal_kinds_set_cancels_touches[GBC_MANAGER_VERSION + 1] = {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
const uint32_t gbc_internal_kinds_set_delays_touches_began[GBC_MANAGER_VERSION + 1] = {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
const uint32_t gbc_internal_kinds_set_delays_touches_ended[GBC_MANAGER_VERSION + 1] = {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
const uint32_t gbc_internal_kinds_set_enabled[GBC_MANAGER_VERSION + 1] = {0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};

uint32_t gbc_internal_kind_since(uint32_t kind) {
  switch (kind) {
  case GBC_KIND_TAP:
    return 1;
  case GBC_KIND_LONG_PRESS:
    return 1;
  case GBC_KIND_PAN:
    return 1;
  case GBC_KIND_PINCH:
    return 1;
  case GBC_KIND_ROTATION:
    return 1;
  case GBC_KIND_SWIPE:
    return 1;
  case GBC_KIND_SCREEN_EDGE_PAN:
    return 1;
  case GBC_KIND_TRANSFORM:
    return 3;
  default:
    return 0;
  }
}

bool gbc_internal_error_code(const char *interface_name, uint32_t code, const char **name,
                             const char **summary) {
  if (strcmp(interface_name, "gesture_bridge_manager_v1") == 0) {
    switch (code) {
    case 0:
      *name = "invalid_type";
      *summary = "the type argument is not a value of the type enum";
      return true;
    case 1:
      *name = "too_many_recognizers";
      *summary = "the surface has 64 recognizers or the client 1024";
      return true;
    case 2:
      *name = "invalid_surface";
      *summary = "the surface has a role that never receives touch input";
      return true;
    case 3:
      *name = "system_gesture_surface_exists";
      *summary = "the surface already has a system gesture surface object";
      return true;
    default:
      return false;
    }
  }
  if (strcmp(interface_name, "gesture_bridge_system_gesture_surface_v1") == 0) {
    switch (code) {
    case 0:
      *name = "invalid_edges";
      *summary = "the edges value has bits outside the edges enum";
      return true;
    default:
      return false;
    }
  }
  if (strcmp(interface_name, "gesture_bridge_recognizer_v1") == 0) {
    switch (code) {
    case 0:
      *name = "not_applicable";
      *summary = "the parameter does not apply to the recognizer's type";
      return true;
    case 1:
      *name = "invalid_value";
      *summary = "a value is out of range or inconsistent";
      return true;
    case 2:
      *name = "invalid_relation";
      *summary = "relation to itself, or require_failure_of cycle";
      return true;
    case 3:
      *name = "inert_relation";
      *summary = "relation to an inert recognizer";
      return true;
    case 4:
      *name = "foreign_recognizer";
      *summary = "relation to a recognizer of another client";
      return true;
    default:
      return false;
    }
  }
  return false;
}
