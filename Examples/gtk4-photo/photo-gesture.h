/* SPDX-License-Identifier: MIT */
/* One gesture state change as the photo viewer sees it, whichever path reported it: the
 * compositor's recognizers (gesture-bridge-v1 through libgesture-bridge-client) or GTK's own
 * GtkGesture controllers (the fallback). Positions are surface-local (the wl_surface's logical
 * coordinates), as gesture-bridge-v1 reports them. */
#ifndef PHOTO_GESTURE_H
#define PHOTO_GESTURE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
  PHOTO_GESTURE_BEGAN,
  PHOTO_GESTURE_CHANGED,
  PHOTO_GESTURE_ENDED,
  PHOTO_GESTURE_CANCELLED,
  PHOTO_GESTURE_RECOGNIZED,
  PHOTO_GESTURE_FAILED,
} PhotoGestureState;

/* The recognizers of the viewer; their names are the "recognizer" field of the log. */
typedef enum {
  PHOTO_RECOGNIZER_PAN,        /* moves the picture (1 or 2 fingers) */
  PHOTO_RECOGNIZER_PINCH,      /* zooms it, together with the rotation */
  PHOTO_RECOGNIZER_ROTATION,   /* turns it */
  PHOTO_RECOGNIZER_DOUBLE_TAP, /* resets the view */
  PHOTO_RECOGNIZER_LONG_PRESS, /* opens the popover */
  PHOTO_RECOGNIZER_DRAWER_PAN, /* drags the open drawer (closes it when swiped left) */
  PHOTO_RECOGNIZER_COUNT,
} PhotoRecognizer;

typedef struct {
  PhotoRecognizer recognizer;
  PhotoGestureState state;
  uint64_t time_usec; /* CLOCK_MONOTONIC; GTK's fallback has millisecond times */
  double x, y;        /* surface-local location */
  int touches;
  int taps;                 /* double tap */
  double dx, dy, vx, vy;    /* pans: translation and velocity per second */
  double value, velocity;   /* pinch: scale and its velocity; rotation: radians and rad/s */
} PhotoGesture;

/* "pan", "pinch", ... and the protocol's type names ("pan", "pinch", "tap", ...). */
const char *photo_recognizer_name(PhotoRecognizer recognizer);
const char *photo_recognizer_type(PhotoRecognizer recognizer);
const char *photo_gesture_state_name(PhotoGestureState state);

#endif
