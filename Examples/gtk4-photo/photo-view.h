/* SPDX-License-Identifier: MIT */
/* The picture and how it is shown: a committed transform (offset, zoom, angle) and the live
 * part of the gestures in progress, drawn with cairo into a GtkDrawingArea. */
#ifndef PHOTO_VIEW_H
#define PHOTO_VIEW_H

#include <gtk/gtk.h>

#include "photo-gesture.h"

typedef struct PhotoView PhotoView;

/* A drawing area showing a generated landscape (no image file: the repository stays small). */
PhotoView *photo_view_new(void);
GtkWidget *photo_view_widget(PhotoView *view);
/* Applies a pan, pinch or rotation state change; other recognizers are ignored. */
void photo_view_apply(PhotoView *view, const PhotoGesture *gesture);
/* Back to the picture fitted, centred and upright (double tap, the Reset button). */
void photo_view_reset(PhotoView *view);
/* Current zoom factor and angle in degrees (for the popover's text). */
double photo_view_zoom(const PhotoView *view);
double photo_view_angle_degrees(const PhotoView *view);
void photo_view_free(PhotoView *view);

#endif
