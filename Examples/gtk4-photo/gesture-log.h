/* SPDX-License-Identifier: MIT */
/* --log FILE: one JSON line per gesture state change, in the format of
 * `gesture-bridge replay --format json` with "view":"surface" (time 6 decimals, pixels 2,
 * pixel velocities 1, scale, rotation and their velocities 4). */
#ifndef GESTURE_LOG_H
#define GESTURE_LOG_H

#include <stdio.h>

#include "photo-gesture.h"

typedef struct GestureLog GestureLog;

/* Opens (truncates) path; NULL with errno set when it cannot be opened. */
GestureLog *gesture_log_open(const char *path);
/* Writes one line and flushes it, so a reader sees whole lines as they happen. */
void gesture_log_write(GestureLog *log, const PhotoGesture *gesture);
void gesture_log_close(GestureLog *log);
/* The line for gesture, without the newline, into buffer (size bytes); returns its length. */
int gesture_log_format(const PhotoGesture *gesture, char *buffer, size_t size);

#endif
