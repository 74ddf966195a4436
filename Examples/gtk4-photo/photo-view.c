/* SPDX-License-Identifier: MIT */
#include "photo-view.h"

#include <math.h>

enum { PICTURE_WIDTH = 640, PICTURE_HEIGHT = 420 };

typedef struct {
  double dx, dy, zoom, angle;
} Transform;

struct PhotoView {
  GtkWidget *area;
  cairo_surface_t *picture;
  Transform committed;
  /* The running gestures' values (identity when none runs). */
  double pan_dx, pan_dy, pinch_scale, rotation;
};

static void draw_landscape(cairo_t *cr) {
  cairo_pattern_t *sky = cairo_pattern_create_linear(0, 0, 0, PICTURE_HEIGHT);
  cairo_pattern_add_color_stop_rgb(sky, 0, 0.16, 0.35, 0.66);
  cairo_pattern_add_color_stop_rgb(sky, 0.6, 0.96, 0.72, 0.45);
  cairo_set_source(cr, sky);
  cairo_paint(cr);
  cairo_pattern_destroy(sky);

  cairo_set_source_rgb(cr, 1.0, 0.93, 0.55); /* sun */
  cairo_arc(cr, 470, 150, 46, 0, 2 * G_PI);
  cairo_fill(cr);

  static const double far[][2] = {{0, 300}, {90, 170}, {170, 250}, {260, 120}, {360, 260},
                                  {450, 190}, {560, 280}, {640, 210}, {640, 420}, {0, 420}};
  static const double near[][2] = {{0, 340}, {120, 250}, {230, 330}, {330, 270}, {470, 350},
                                   {640, 300}, {640, 420}, {0, 420}};
  cairo_set_source_rgb(cr, 0.33, 0.36, 0.52);
  for (size_t i = 0; i < G_N_ELEMENTS(far); i++) cairo_line_to(cr, far[i][0], far[i][1]);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 1, 1, 1); /* snow on the highest peak */
  cairo_move_to(cr, 260, 120);
  cairo_line_to(cr, 290, 160);
  cairo_line_to(cr, 232, 160);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.18, 0.42, 0.25);
  for (size_t i = 0; i < G_N_ELEMENTS(near); i++) cairo_line_to(cr, near[i][0], near[i][1]);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.2, 0.45, 0.7); /* lake */
  cairo_save(cr);
  cairo_translate(cr, 320, 385);
  cairo_scale(cr, 240, 28);
  cairo_arc(cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore(cr);
  cairo_fill(cr);

  cairo_set_source_rgb(cr, 1, 1, 1); /* a frame, so rotation and zoom are easy to see */
  cairo_set_line_width(cr, 8);
  cairo_rectangle(cr, 4, 4, PICTURE_WIDTH - 8, PICTURE_HEIGHT - 8);
  cairo_stroke(cr);
}

static Transform current(const PhotoView *view) {
  Transform t = view->committed;
  t.dx += view->pan_dx;
  t.dy += view->pan_dy;
  t.zoom *= view->pinch_scale;
  t.angle += view->rotation;
  return t;
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
  (void)area;
  PhotoView *view = data;
  cairo_set_source_rgb(cr, 0.12, 0.12, 0.13);
  cairo_paint(cr);
  double fit = fmin((double)width / PICTURE_WIDTH, (double)height / PICTURE_HEIGHT) * 0.9;
  Transform t = current(view);
  cairo_translate(cr, width / 2.0 + t.dx, height / 2.0 + t.dy);
  cairo_rotate(cr, t.angle); /* clockwise-positive on screen, like gesture-bridge-v1 */
  cairo_scale(cr, fit * t.zoom, fit * t.zoom);
  cairo_translate(cr, -PICTURE_WIDTH / 2.0, -PICTURE_HEIGHT / 2.0);
  cairo_set_source_surface(cr, view->picture, 0, 0);
  cairo_paint(cr);
}

PhotoView *photo_view_new(void) {
  PhotoView *view = g_new0(PhotoView, 1);
  view->picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, PICTURE_WIDTH, PICTURE_HEIGHT);
  cairo_t *cr = cairo_create(view->picture);
  draw_landscape(cr);
  cairo_destroy(cr);
  view->area = gtk_drawing_area_new();
  gtk_widget_set_hexpand(view->area, TRUE);
  gtk_widget_set_vexpand(view->area, TRUE);
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(view->area), draw, view, NULL);
  photo_view_reset(view);
  return view;
}

GtkWidget *photo_view_widget(PhotoView *view) { return view->area; }

/* A gesture that is over folds its value into the committed transform (ended) or drops it
 * (cancelled: the picture goes back to where it was). */
static void finish(PhotoGestureState state, double *value, double identity,
                   double *target, bool multiply) {
  if (state == PHOTO_GESTURE_ENDED) *target = multiply ? *target * *value : *target + *value;
  *value = identity;
}

void photo_view_apply(PhotoView *view, const PhotoGesture *g) {
  bool running = g->state == PHOTO_GESTURE_BEGAN || g->state == PHOTO_GESTURE_CHANGED;
  bool over = g->state == PHOTO_GESTURE_ENDED || g->state == PHOTO_GESTURE_CANCELLED;
  switch (g->recognizer) {
  case PHOTO_RECOGNIZER_PAN:
    if (running) {
      view->pan_dx = g->dx;
      view->pan_dy = g->dy;
    } else if (over) {
      finish(g->state, &view->pan_dx, 0, &view->committed.dx, false);
      finish(g->state, &view->pan_dy, 0, &view->committed.dy, false);
    }
    break;
  case PHOTO_RECOGNIZER_PINCH:
    if (running && g->value > 0) view->pinch_scale = g->value;
    else if (over) finish(g->state, &view->pinch_scale, 1, &view->committed.zoom, true);
    break;
  case PHOTO_RECOGNIZER_ROTATION:
    if (running) view->rotation = g->value;
    else if (over) finish(g->state, &view->rotation, 0, &view->committed.angle, false);
    break;
  default:
    return;
  }
  gtk_widget_queue_draw(view->area);
}

void photo_view_reset(PhotoView *view) {
  view->committed = (Transform){.dx = 0, .dy = 0, .zoom = 1, .angle = 0};
  view->pan_dx = view->pan_dy = view->rotation = 0;
  view->pinch_scale = 1;
  gtk_widget_queue_draw(view->area);
}

double photo_view_zoom(const PhotoView *view) { return current(view).zoom; }

double photo_view_angle_degrees(const PhotoView *view) {
  return current(view).angle * 180 / G_PI;
}

void photo_view_free(PhotoView *view) {
  if (view == NULL) return;
  cairo_surface_destroy(view->picture);
  g_free(view);
}
