/* SPDX-License-Identifier: MIT */
#include "gtk-gestures.h"

#include <math.h>

/* A continuous gesture as UIKit reports it: began once it is under way, then changed, then
 * ended or cancelled; values and their velocity from the previous report. */
typedef struct {
  bool began;
  double last_value, last_dx, last_dy, last_x, last_y;
  uint64_t last_time;
} Track;

struct GtkGestures {
  PhotoApp *app;
  Track pan, drawer_pan, pinch, rotation;
  bool long_press_began;
  double long_press_x, long_press_y;
  int drag_threshold;
};

static uint64_t event_time_usec(GtkGesture *gesture) {
  return (uint64_t)gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture)) *
         1000;
}

static int touches(GtkGesture *gesture) {
  GList *sequences = gtk_gesture_get_sequences(gesture);
  int n = (int)g_list_length(sequences);
  g_list_free(sequences);
  return n > 0 ? n : 1;
}

/* A report with the gesture's time, touches and the centre of its touches in surface
 * coordinates; when no touch is left (ended), at (*x, *y), the last centre; that is updated. */
static PhotoGesture report(GtkGesture *gesture, PhotoRecognizer recognizer,
                           PhotoGestureState state, double *x, double *y) {
  PhotoGesture g = {.recognizer = recognizer, .state = state,
                    .time_usec = event_time_usec(gesture), .touches = touches(gesture)};
  double cx = 0, cy = 0;
  GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
  if (gtk_gesture_get_bounding_box_center(gesture, &cx, &cy)) {
    photo_widget_point_to_surface(widget, cx, cy, x, y);
  }
  g.x = *x;
  g.y = *y;
  return g;
}

static double per_second(double delta, uint64_t from, uint64_t to) {
  return to > from ? delta * 1e6 / (double)(to - from) : 0;
}

/* GtkGestureDrag -> pan: began once the finger moved past GTK's drag threshold. */
static void drag_update(GtkGestureDrag *drag, double dx, double dy, GtkGestures *self,
                        Track *track, PhotoRecognizer recognizer) {
  GtkGesture *gesture = GTK_GESTURE(drag);
  if (!track->began && hypot(dx, dy) < self->drag_threshold) return;
  PhotoGesture g = report(gesture, recognizer,
                          track->began ? PHOTO_GESTURE_CHANGED : PHOTO_GESTURE_BEGAN,
                          &track->last_x, &track->last_y);
  g.dx = dx;
  g.dy = dy;
  if (track->began) {
    g.vx = per_second(dx - track->last_dx, track->last_time, g.time_usec);
    g.vy = per_second(dy - track->last_dy, track->last_time, g.time_usec);
  }
  track->began = true;
  track->last_dx = dx;
  track->last_dy = dy;
  track->last_time = g.time_usec;
  photo_app_gesture(self->app, &g);
}

static void drag_finish(GtkGesture *gesture, GtkGestures *self, Track *track,
                        PhotoRecognizer recognizer, PhotoGestureState state) {
  if (!track->began) return;
  PhotoGesture g = report(gesture, recognizer, state, &track->last_x, &track->last_y);
  double x = 0, y = 0;
  if (gtk_gesture_drag_get_offset(GTK_GESTURE_DRAG(gesture), &x, &y)) {
    g.dx = x;
    g.dy = y;
  } else {
    g.dx = track->last_dx;
    g.dy = track->last_dy;
  }
  *track = (Track){0};
  photo_app_gesture(self->app, &g);
}

static void pan_update(GtkGestureDrag *drag, double dx, double dy, gpointer data) {
  GtkGestures *self = data;
  drag_update(drag, dx, dy, self, &self->pan, PHOTO_RECOGNIZER_PAN);
}
static void pan_end(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  drag_finish(gesture, self, &self->pan, PHOTO_RECOGNIZER_PAN, PHOTO_GESTURE_ENDED);
}
static void pan_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  drag_finish(gesture, self, &self->pan, PHOTO_RECOGNIZER_PAN, PHOTO_GESTURE_CANCELLED);
}
static void drawer_update(GtkGestureDrag *drag, double dx, double dy, gpointer data) {
  GtkGestures *self = data;
  drag_update(drag, dx, dy, self, &self->drawer_pan, PHOTO_RECOGNIZER_DRAWER_PAN);
}
static void drawer_end(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  drag_finish(gesture, self, &self->drawer_pan, PHOTO_RECOGNIZER_DRAWER_PAN,
              PHOTO_GESTURE_ENDED);
}
static void drawer_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  drag_finish(gesture, self, &self->drawer_pan, PHOTO_RECOGNIZER_DRAWER_PAN,
              PHOTO_GESTURE_CANCELLED);
}

/* GtkGestureZoom -> pinch, GtkGestureRotate -> rotation: began at the first change. */
static void two_finger_change(GtkGesture *gesture, GtkGestures *self, Track *track,
                              PhotoRecognizer recognizer, double value) {
  PhotoGesture g = report(gesture, recognizer,
                          track->began ? PHOTO_GESTURE_CHANGED : PHOTO_GESTURE_BEGAN,
                          &track->last_x, &track->last_y);
  g.value = value;
  if (track->began) {
    g.velocity = per_second(value - track->last_value, track->last_time, g.time_usec);
  }
  track->began = true;
  track->last_value = value;
  track->last_time = g.time_usec;
  photo_app_gesture(self->app, &g);
}

static void two_finger_finish(GtkGesture *gesture, GtkGestures *self, Track *track,
                              PhotoRecognizer recognizer, PhotoGestureState state) {
  if (!track->began) return;
  PhotoGesture g = report(gesture, recognizer, state, &track->last_x, &track->last_y);
  g.value = track->last_value;
  g.touches = 2;
  *track = (Track){0};
  photo_app_gesture(self->app, &g);
}

static void zoom_changed(GtkGestureZoom *zoom, double scale, gpointer data) {
  GtkGestures *self = data;
  two_finger_change(GTK_GESTURE(zoom), self, &self->pinch, PHOTO_RECOGNIZER_PINCH, scale);
}
static void zoom_end(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  two_finger_finish(gesture, self, &self->pinch, PHOTO_RECOGNIZER_PINCH, PHOTO_GESTURE_ENDED);
}
static void zoom_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  two_finger_finish(gesture, self, &self->pinch, PHOTO_RECOGNIZER_PINCH,
                    PHOTO_GESTURE_CANCELLED);
}
static void rotate_changed(GtkGestureRotate *rotate, double angle, double delta, gpointer data) {
  (void)angle;
  GtkGestures *self = data;
  two_finger_change(GTK_GESTURE(rotate), self, &self->rotation, PHOTO_RECOGNIZER_ROTATION,
                    delta);
}
static void rotate_end(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  two_finger_finish(gesture, self, &self->rotation, PHOTO_RECOGNIZER_ROTATION,
                    PHOTO_GESTURE_ENDED);
}
static void rotate_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  two_finger_finish(gesture, self, &self->rotation, PHOTO_RECOGNIZER_ROTATION,
                    PHOTO_GESTURE_CANCELLED);
}

/* GtkGestureClick -> double tap, recognized when the second press lifts. */
static void click_released(GtkGestureClick *click, int n_press, double x, double y,
                           gpointer data) {
  GtkGestures *self = data;
  if (n_press != 2) return;
  double sx = 0, sy = 0;
  photo_widget_point_to_surface(self->app->picture, x, y, &sx, &sy);
  PhotoGesture g = report(GTK_GESTURE(click), PHOTO_RECOGNIZER_DOUBLE_TAP,
                          PHOTO_GESTURE_RECOGNIZED, &sx, &sy);
  g.taps = 2;
  g.touches = 1;
  photo_app_gesture(self->app, &g);
}

/* GtkGestureLongPress -> long press: began when pressed long enough, ended when lifted. */
static void long_pressed(GtkGestureLongPress *press, double x, double y, gpointer data) {
  GtkGestures *self = data;
  self->long_press_began = true;
  photo_widget_point_to_surface(self->app->picture, x, y, &self->long_press_x,
                                &self->long_press_y);
  PhotoGesture g = report(GTK_GESTURE(press), PHOTO_RECOGNIZER_LONG_PRESS, PHOTO_GESTURE_BEGAN,
                          &self->long_press_x, &self->long_press_y);
  photo_app_gesture(self->app, &g);
}
static void long_press_end(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
  (void)sequence;
  GtkGestures *self = data;
  if (!self->long_press_began) return;
  self->long_press_began = false;
  PhotoGesture g = report(gesture, PHOTO_RECOGNIZER_LONG_PRESS, PHOTO_GESTURE_ENDED,
                          &self->long_press_x, &self->long_press_y);
  g.touches = 1;
  photo_app_gesture(self->app, &g);
}

static GtkGesture *add(GtkWidget *widget, GtkGesture *gesture) {
  gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(gesture), GTK_PHASE_BUBBLE);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(gesture));
  return gesture;
}

GtkGestures *gtk_gestures_attach(PhotoApp *app) {
  GtkGestures *self = g_new0(GtkGestures, 1);
  self->app = app;
  self->drag_threshold = 8;
  g_object_get(gtk_widget_get_settings(app->picture), "gtk-dnd-drag-threshold",
               &self->drag_threshold, NULL);

  GtkGesture *pan = add(app->picture, gtk_gesture_drag_new());
  g_signal_connect(pan, "drag-update", G_CALLBACK(pan_update), self);
  g_signal_connect(pan, "end", G_CALLBACK(pan_end), self);
  g_signal_connect(pan, "cancel", G_CALLBACK(pan_cancel), self);

  GtkGesture *zoom = add(app->picture, gtk_gesture_zoom_new());
  g_signal_connect(zoom, "scale-changed", G_CALLBACK(zoom_changed), self);
  g_signal_connect(zoom, "end", G_CALLBACK(zoom_end), self);
  g_signal_connect(zoom, "cancel", G_CALLBACK(zoom_cancel), self);

  GtkGesture *rotate = add(app->picture, gtk_gesture_rotate_new());
  g_signal_connect(rotate, "angle-changed", G_CALLBACK(rotate_changed), self);
  g_signal_connect(rotate, "end", G_CALLBACK(rotate_end), self);
  g_signal_connect(rotate, "cancel", G_CALLBACK(rotate_cancel), self);
  /* One group: pinch and rotation see the same touches at the same time. */
  gtk_gesture_group(zoom, rotate);

  GtkGesture *click = add(app->picture, gtk_gesture_click_new());
  g_signal_connect(click, "released", G_CALLBACK(click_released), self);

  GtkGesture *press = add(app->picture, gtk_gesture_long_press_new());
  g_signal_connect(press, "pressed", G_CALLBACK(long_pressed), self);
  g_signal_connect(press, "end", G_CALLBACK(long_press_end), self);

  GtkGesture *drawer = add(app->drawer, gtk_gesture_drag_new());
  g_signal_connect(drawer, "drag-update", G_CALLBACK(drawer_update), self);
  g_signal_connect(drawer, "end", G_CALLBACK(drawer_end), self);
  g_signal_connect(drawer, "cancel", G_CALLBACK(drawer_cancel), self);
  return self;
}

void gtk_gestures_free(GtkGestures *gestures) { g_free(gestures); }
