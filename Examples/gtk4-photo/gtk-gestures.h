/* SPDX-License-Identifier: MIT */
/* The fallback path: GTK's own gesture controllers on the picture and the drawer, for
 * compositors without gesture-bridge-v1. They report through photo_app_gesture with the same
 * recognizer names and states as the compositor's recognizers (values in GTK's terms:
 * GtkGestureZoom's scale, GtkGestureRotate's angle delta, millisecond times). */
#ifndef GTK_GESTURES_H
#define GTK_GESTURES_H

#include "photo-app.h"

GtkGestures *gtk_gestures_attach(PhotoApp *app);
void gtk_gestures_free(GtkGestures *gestures);

#endif
