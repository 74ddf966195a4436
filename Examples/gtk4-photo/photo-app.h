/* SPDX-License-Identifier: MIT */
/* The photo viewer's window and what both gesture paths call back into. */
#ifndef PHOTO_APP_H
#define PHOTO_APP_H

#include <gtk/gtk.h>

#include "gesture-log.h"
#include "photo-gesture.h"
#include "photo-view.h"

typedef struct BridgeGestures BridgeGestures;
typedef struct GtkGestures GtkGestures;

typedef struct PhotoApp {
  GtkWidget *window;
  GtkWidget *picture; /* the drawing area of view */
  GtkWidget *drawer;  /* the side drawer's content (inside drawer_revealer) */
  GtkWidget *drawer_revealer;
  GtkWidget *drawer_button;
  GtkWidget *popover;
  GtkWidget *popover_label;
  PhotoView *view;
  GestureLog *log;
  BridgeGestures *bridge;  /* gesture-bridge-v1, or NULL */
  GtkGestures *fallback;   /* GtkGesture controllers, or NULL */
  GMainLoop *loop;
  bool drawer_open;
  bool no_gesture_bridge;
} PhotoApp;

/* Every gesture state change of either path: logged, then acted on (the picture moves, a
 * double tap resets it, a long press opens the popover, the drawer pan closes the drawer). */
void photo_app_gesture(PhotoApp *app, const PhotoGesture *gesture);
/* Opens or closes the drawer; the gesture path updates regions and deferral. */
void photo_app_set_drawer_open(PhotoApp *app, bool open);
/* One line on stdout, flushed (tests wait for these). */
void photo_app_say(const char *format, ...) G_GNUC_PRINTF(1, 2);

/* Surface-local coordinates (the wl_surface's) of a point of widget / of its bounds. */
bool photo_widget_point_to_surface(GtkWidget *widget, double x, double y, double *sx, double *sy);
bool photo_surface_point_to_widget(GtkWidget *widget, double sx, double sy, double *x, double *y);
bool photo_widget_surface_bounds(GtkWidget *widget, graphene_rect_t *bounds);

#endif
