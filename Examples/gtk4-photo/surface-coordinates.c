/* SPDX-License-Identifier: MIT */
/* Widget <-> wl_surface coordinates. gesture-bridge-v1 speaks surface-local coordinates; a
 * GTK toplevel's surface may be larger than the window widget (client-side shadows), and
 * gtk_native_get_surface_transform gives the window widget's origin in the surface. */
#include "photo-app.h"

static bool native_offset(GtkWidget *widget, GtkWidget **native, double *ox, double *oy) {
  GtkNative *n = gtk_widget_get_native(widget);
  if (n == NULL) return false;
  *native = GTK_WIDGET(n);
  gtk_native_get_surface_transform(n, ox, oy);
  return true;
}

bool photo_widget_point_to_surface(GtkWidget *widget, double x, double y, double *sx,
                                   double *sy) {
  GtkWidget *native;
  double ox, oy;
  if (!native_offset(widget, &native, &ox, &oy)) return false;
  graphene_point_t in = GRAPHENE_POINT_INIT((float)x, (float)y), out;
  if (!gtk_widget_compute_point(widget, native, &in, &out)) return false;
  *sx = out.x + ox;
  *sy = out.y + oy;
  return true;
}

bool photo_surface_point_to_widget(GtkWidget *widget, double sx, double sy, double *x,
                                   double *y) {
  GtkWidget *native;
  double ox, oy;
  if (!native_offset(widget, &native, &ox, &oy)) return false;
  graphene_point_t in = GRAPHENE_POINT_INIT((float)(sx - ox), (float)(sy - oy)), out;
  if (!gtk_widget_compute_point(native, widget, &in, &out)) return false;
  *x = out.x;
  *y = out.y;
  return true;
}

bool photo_widget_surface_bounds(GtkWidget *widget, graphene_rect_t *bounds) {
  GtkWidget *native;
  double ox, oy;
  if (!native_offset(widget, &native, &ox, &oy)) return false;
  if (!gtk_widget_compute_bounds(widget, native, bounds)) return false;
  bounds->origin.x += (float)ox;
  bounds->origin.y += (float)oy;
  return true;
}
