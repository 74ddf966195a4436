/* SPDX-License-Identifier: MIT */
/* GENERATED FILE, DO NOT EDIT.
 * Source: Protocols/gesture-bridge-v1.xml, generator: scripts/protocol-client-c.awk (part=header).
 * Regenerate with scripts/generate-protocol.sh; CI checks it with scripts/check-generated.sh.
 *
 * The protocol's enums, the value events of gesture_bridge_recognizer_v1 and
 * struct gbc_gesture, for libgesture-bridge-client. Include gesture-bridge-client.h.
 */
#ifndef GESTURE_BRIDGE_CLIENT_VALUES_H
#define GESTURE_BRIDGE_CLIENT_VALUES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The highest version of gesture_bridge_manager_v1 (and of the objects made
 * through it) this library knows: gbc_client_create binds min(this, the
 * compositor's). */
#define GBC_MANAGER_VERSION 4

/** gesture_bridge_manager_v1.error. */
enum gbc_manager_error {
  /** the type argument is not a value of the type enum */
  GBC_MANAGER_ERROR_INVALID_TYPE = 0,
  /** the surface has 64 recognizers or the client 1024 */
  GBC_MANAGER_ERROR_TOO_MANY_RECOGNIZERS = 1,
  /** the surface has a role that never receives touch input */
  GBC_MANAGER_ERROR_INVALID_SURFACE = 2,
  /** the surface already has a system gesture surface object (since version 2) */
  GBC_MANAGER_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS = 3,
};

/** gesture_bridge_manager_v1.type: recognizer type. */
enum gbc_kind {
  /** discrete; like UITapGestureRecognizer */
  GBC_KIND_TAP = 1,
  /** continuous; like UILongPressGestureRecognizer */
  GBC_KIND_LONG_PRESS = 2,
  /** continuous; like UIPanGestureRecognizer */
  GBC_KIND_PAN = 3,
  /** continuous; like UIPinchGestureRecognizer */
  GBC_KIND_PINCH = 4,
  /** continuous; like UIRotationGestureRecognizer */
  GBC_KIND_ROTATION = 5,
  /** discrete; like UISwipeGestureRecognizer */
  GBC_KIND_SWIPE = 6,
  /** continuous; like UIScreenEdgePanGestureRecognizer */
  GBC_KIND_SCREEN_EDGE_PAN = 7,
  /** continuous; translation, scale and rotation together, like Flutter's ScaleGestureRecognizer (since version 3) */
  GBC_KIND_TRANSFORM = 8,
};

/** gesture_bridge_system_gesture_surface_v1.error. */
enum gbc_system_gesture_surface_error {
  /** the edges value has bits outside the edges enum */
  GBC_SYSTEM_GESTURE_SURFACE_ERROR_INVALID_EDGES = 0,
};

/** gesture_bridge_recognizer_v1.error. */
enum gbc_recognizer_error {
  /** the parameter does not apply to the recognizer's type */
  GBC_RECOGNIZER_ERROR_NOT_APPLICABLE = 0,
  /** a value is out of range or inconsistent */
  GBC_RECOGNIZER_ERROR_INVALID_VALUE = 1,
  /** relation to itself, or require_failure_of cycle */
  GBC_RECOGNIZER_ERROR_INVALID_RELATION = 2,
  /** relation to an inert recognizer */
  GBC_RECOGNIZER_ERROR_INERT_RELATION = 3,
  /** relation to a recognizer of another client */
  GBC_RECOGNIZER_ERROR_FOREIGN_RECOGNIZER = 4,
};

/** gesture_bridge_recognizer_v1.state: reported recognizer state. */
enum gbc_state {
  /** a continuous gesture has started */
  GBC_STATE_BEGAN = 1,
  /** a continuous gesture has new values */
  GBC_STATE_CHANGED = 2,
  /** a continuous gesture has finished normally */
  GBC_STATE_ENDED = 3,
  /** a continuous gesture was cancelled; undo its effects */
  GBC_STATE_CANCELLED = 4,
  /** the touches did not form this gesture */
  GBC_STATE_FAILED = 5,
  /** a discrete gesture was recognized */
  GBC_STATE_RECOGNIZED = 6,
};

/** gesture_bridge_recognizer_v1.direction: swipe directions (bits). */
enum gbc_direction {
  /** towards increasing x */
  GBC_DIRECTION_RIGHT = 1,
  /** towards decreasing x */
  GBC_DIRECTION_LEFT = 2,
  /** towards decreasing y */
  GBC_DIRECTION_UP = 4,
  /** towards increasing y */
  GBC_DIRECTION_DOWN = 8,
};

/** gesture_bridge_recognizer_v1.edges: output edges (bits). */
enum gbc_edges {
  /** top edge */
  GBC_EDGES_TOP = 1,
  /** left edge */
  GBC_EDGES_LEFT = 2,
  /** bottom edge */
  GBC_EDGES_BOTTOM = 4,
  /** right edge */
  GBC_EDGES_RIGHT = 8,
};

/** Bits of gbc_gesture.values: which value events of
 * gesture_bridge_recognizer_v1 the event group of a state change carried. */
enum gbc_value {
  /** location: location of the gesture */
  GBC_VALUE_LOCATION = 1 << 0,
  /** touches: number of touches */
  GBC_VALUE_TOUCHES = 1 << 1,
  /** translation: pan translation */
  GBC_VALUE_TRANSLATION = 1 << 2,
  /** velocity: pan velocity */
  GBC_VALUE_VELOCITY = 1 << 3,
  /** scale: pinch scale */
  GBC_VALUE_SCALE = 1 << 4,
  /** rotation: rotation angle */
  GBC_VALUE_ROTATION = 1 << 5,
  /** direction: direction actually swiped */
  GBC_VALUE_DIRECTION = 1 << 6,
  /** taps: number of taps */
  GBC_VALUE_TAPS = 1 << 7,
};

struct gbc_recognizer;

/** One state change of a recognizer: gesture_bridge_recognizer_v1's frame
 * event and the value events that came before it in its group. The members
 * after `values` are the value events, each named after its event with one
 * member per argument; those whose GBC_VALUE_* bit is not in `values` are 0.
 * Which events each kind gets (the protocol's "Event groups"): location and
 * touches always; tap: taps (recognized); pan and screen_edge_pan: translation
 * and velocity; pinch: scale; rotation: rotation (all but failed); swipe:
 * direction (recognized); long_press: none. The library allocates it: members
 * are only ever appended. */
struct gbc_gesture {
  /** The recognizer whose state changed. */
  struct gbc_recognizer *recognizer;
  /** The user_data given to gbc_recognizer_set_callback (NULL if none). */
  void *user_data;
  /** The recognizer's kind. */
  enum gbc_kind kind;
  /** frame: the state the recognizer entered. */
  enum gbc_state state;
  /** frame: when, in microseconds of CLOCK_MONOTONIC (utime_hi * 2^32 +
   * utime_lo; the wl_touch time in milliseconds is time_usec / 1000 modulo
   * 2^32). */
  uint64_t time_usec;
  /** GBC_VALUE_* bits: the value events of the group. */
  uint32_t values;
  /** location (GBC_VALUE_LOCATION): location of the gesture. */
  struct {
    /** surface-local x */
    double x;
    /** surface-local y */
    double y;
  } location;
  /** touches (GBC_VALUE_TOUCHES): number of touches. */
  struct {
    /** number of touches down */
    uint32_t number;
  } touches;
  /** translation (GBC_VALUE_TRANSLATION): pan translation. */
  struct {
    /** surface-local x displacement */
    double dx;
    /** surface-local y displacement */
    double dy;
  } translation;
  /** velocity (GBC_VALUE_VELOCITY): pan velocity. */
  struct {
    /** surface-local units per second, x */
    double vx;
    /** surface-local units per second, y */
    double vy;
  } velocity;
  /** scale (GBC_VALUE_SCALE): pinch scale. */
  struct {
    /** scale factor, 1 at the start */
    double scale;
    /** scale factor per second */
    double velocity;
  } scale;
  /** rotation (GBC_VALUE_ROTATION): rotation angle. */
  struct {
    /** radians, clockwise-positive */
    double rotation;
    /** radians per second */
    double velocity;
  } rotation;
  /** direction (GBC_VALUE_DIRECTION): direction actually swiped. */
  struct {
    /** the direction swiped, a single bit */
    uint32_t direction;
  } direction;
  /** taps (GBC_VALUE_TAPS): number of taps. */
  struct {
    /** number of taps */
    uint32_t number;
  } taps;
};

#ifdef __cplusplus
}
#endif

#endif /* GESTURE_BRIDGE_CLIENT_VALUES_H */
