/* SPDX-License-Identifier: MIT */
#include "gesture-log.h"

#include <inttypes.h>
#include <stdlib.h>

struct GestureLog {
  FILE *file;
};

static const char *const names[PHOTO_RECOGNIZER_COUNT] = {
  "pan", "pinch", "rotation", "double-tap", "long-press", "drawer-pan",
};
static const char *const types[PHOTO_RECOGNIZER_COUNT] = {
  "pan", "pinch", "rotation", "tap", "long-press", "pan",
};

const char *photo_recognizer_name(PhotoRecognizer recognizer) {
  return recognizer < PHOTO_RECOGNIZER_COUNT ? names[recognizer] : "unknown";
}

const char *photo_recognizer_type(PhotoRecognizer recognizer) {
  return recognizer < PHOTO_RECOGNIZER_COUNT ? types[recognizer] : "unknown";
}

const char *photo_gesture_state_name(PhotoGestureState state) {
  switch (state) {
  case PHOTO_GESTURE_BEGAN: return "began";
  case PHOTO_GESTURE_CHANGED: return "changed";
  case PHOTO_GESTURE_ENDED: return "ended";
  case PHOTO_GESTURE_CANCELLED: return "cancelled";
  case PHOTO_GESTURE_RECOGNIZED: return "recognized";
  case PHOTO_GESTURE_FAILED: return "failed";
  }
  return "unknown";
}

GestureLog *gesture_log_open(const char *path) {
  FILE *file = fopen(path, "w");
  if (file == NULL) return NULL;
  GestureLog *log = calloc(1, sizeof *log);
  if (log == NULL) {
    fclose(file);
    return NULL;
  }
  log->file = file;
  return log;
}

int gesture_log_format(const PhotoGesture *g, char *buffer, size_t size) {
  PhotoRecognizer r = g->recognizer;
  int n = snprintf(buffer, size,
                   "{\"time\":%" PRIu64 ".%06" PRIu64 ",\"recognizer\":\"%s\",\"type\":\"%s\","
                   "\"view\":\"surface\",\"state\":\"%s\",\"location\":[%.2f,%.2f],"
                   "\"touches\":%d",
                   g->time_usec / 1000000, g->time_usec % 1000000, photo_recognizer_name(r),
                   photo_recognizer_type(r), photo_gesture_state_name(g->state), g->x, g->y,
                   g->touches);
  if (n < 0 || (size_t)n >= size) return n;
  size_t used = (size_t)n;
  int more = 0;
  switch (r) {
  case PHOTO_RECOGNIZER_PAN:
  case PHOTO_RECOGNIZER_DRAWER_PAN:
    more = snprintf(buffer + used, size - used,
                    ",\"translation\":[%.2f,%.2f],\"velocity\":[%.1f,%.1f]}", g->dx, g->dy,
                    g->vx, g->vy);
    break;
  case PHOTO_RECOGNIZER_PINCH:
    more = snprintf(buffer + used, size - used, ",\"scale\":%.4f,\"velocity\":%.4f}", g->value,
                    g->velocity);
    break;
  case PHOTO_RECOGNIZER_ROTATION:
    more = snprintf(buffer + used, size - used, ",\"rotation\":%.4f,\"velocity\":%.4f}",
                    g->value, g->velocity);
    break;
  case PHOTO_RECOGNIZER_DOUBLE_TAP:
    more = snprintf(buffer + used, size - used, ",\"taps\":%d}", g->taps);
    break;
  default:
    more = snprintf(buffer + used, size - used, "}");
    break;
  }
  return more < 0 ? more : n + more;
}

void gesture_log_write(GestureLog *log, const PhotoGesture *gesture) {
  if (log == NULL) return;
  char line[512];
  int n = gesture_log_format(gesture, line, sizeof line);
  if (n < 0 || (size_t)n >= sizeof line) return;
  fprintf(log->file, "%s\n", line);
  fflush(log->file);
}

void gesture_log_close(GestureLog *log) {
  if (log == NULL) return;
  fclose(log->file);
  free(log);
}
