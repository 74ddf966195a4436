/* SPDX-License-Identifier: MIT */
/* gtk4-photo: a GTK4 photo viewer on gesture-bridge-v1 (docs/toolkits.md).
 *
 * Pan, pinch and rotate the picture (pinch and rotation together), double tap to reset, long
 * press for a popover, and a side drawer (the Albums button) that, while open, excludes its
 * area from the compositor's system gestures and defers the left screen edge. With the
 * compositor's recognizers (libgesture-bridge-client) when it offers gesture_bridge_manager_v1;
 * otherwise with GTK's own GtkGesture controllers. */
#include <errno.h>
#include <glib-unix.h>
#include <signal.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge-gestures.h"
#include "gtk-gestures.h"
#include "photo-app.h"
#include "touch-log.h"

static const char usage_text[] =
  "Usage: gtk4-photo [--log FILE] [--touch-log FILE] [--no-gesture-bridge] [--drawer-open]\n"
  "                  [--help]\n"
  "\n"
  "A photo viewer: pan, pinch and rotate the picture, double tap to reset it, long press\n"
  "for a popover, Albums opens a side drawer (swipe it left to close it). While the drawer\n"
  "is open it is excluded from the compositor's system gestures and the left screen edge\n"
  "is deferred to the app (gesture-bridge-v1 version 2).\n"
  "\n"
  "Gestures come from the compositor (gesture-bridge-v1 through libgesture-bridge-client)\n"
  "when it offers gesture_bridge_manager_v1, else from GTK (GtkGestureDrag, Zoom, Rotate,\n"
  "Click, LongPress).\n"
  "\n"
  "  --log FILE           write one JSON line per gesture state change to FILE, in the\n"
  "                       format of `gesture-bridge replay --format json` (\"view\":\"surface\",\n"
  "                       positions surface-local; failures are not written)\n"
  "  --touch-log FILE     write the touch events GTK itself delivers to the window (what\n"
  "                       its widgets and GtkGesture controllers see), one JSON line each:\n"
  "                       {\"event\":\"touch-begin|touch-update|touch-end|touch-cancel\",\n"
  "                       \"time\":SECONDS,\"touch\":N,\"location\":[X,Y]}\n"
  "  --no-gesture-bridge  never bind gesture_bridge_manager_v1: GTK's gestures only\n"
  "  --drawer-open        start with the drawer open\n"
  "  --help               this text\n"
  "\n"
  "stdout: one line when ready (which path the gestures take) and one per drawer change\n"
  "once the compositor has it. Exit status: 0 when the window is closed or on SIGTERM/SIGINT,\n"
  "1 when the display or the log cannot be opened, 64 for invalid options.\n";

void photo_app_say(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("gtk4-photo: ", stdout);
  vfprintf(stdout, format, args);
  fputc('\n', stdout);
  fflush(stdout);
  va_end(args);
}

/* What the window's state is, for the ready and drawer lines. */
static char *drawer_state(PhotoApp *app) {
  if (!app->drawer_open) return g_strdup("drawer closed");
  graphene_rect_t r = GRAPHENE_RECT_INIT(0, 0, 0, 0);
  photo_widget_surface_bounds(app->drawer, &r);
  bool deferring = app->bridge != NULL && bridge_gestures_version(app->bridge) >= 2;
  return g_strdup_printf("drawer open at %.0f,%.0f %.0fx%.0f%s", r.origin.x, r.origin.y,
                         r.size.width, r.size.height,
                         deferring ? ": excluded from system gestures, left edge deferred"
                                   : " (system gestures not deferred: no gesture-bridge-v1 "
                                     "version 2)");
}

/* Lines said once the compositor has the state they describe: after the next frame (GTK
 * commits the wl_surface when it paints) and, on the compositor path, a wl_display.sync. */
typedef struct {
  PhotoApp *app;
  char *prefix; /* NULL: the drawer line */
  gulong handler;
} Announcement;

static void announce_now(void *data) {
  Announcement *a = data;
  char *drawer = drawer_state(a->app);
  if (a->prefix != NULL) {
    photo_app_say("%s; %s", a->prefix, drawer);
  } else {
    photo_app_say("%s", drawer);
  }
  g_free(drawer);
  g_free(a->prefix);
  g_free(a);
}

static void announce_after_paint(GdkFrameClock *clock, gpointer data) {
  Announcement *a = data;
  g_signal_handler_disconnect(clock, a->handler);
  if (a->app->bridge != NULL) {
    bridge_gestures_sync(a->app->bridge, announce_now, a);
  } else {
    announce_now(a);
  }
}

static void announce_after_commit(PhotoApp *app, char *prefix) {
  GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(app->window));
  Announcement *a = g_new0(Announcement, 1);
  a->app = app;
  a->prefix = prefix;
  a->handler = g_signal_connect_after(gdk_surface_get_frame_clock(surface), "after-paint",
                                      G_CALLBACK(announce_after_paint), a);
  gtk_widget_queue_draw(app->window);
}

static void show_popover(PhotoApp *app, const PhotoGesture *g) {
  double x, y;
  if (!photo_surface_point_to_widget(app->picture, g->x, g->y, &x, &y)) return;
  char *text = g_strdup_printf("Alpine lake (generated)\nzoom %.2f×, turned %.0f°",
                               photo_view_zoom(app->view), photo_view_angle_degrees(app->view));
  gtk_label_set_text(GTK_LABEL(app->popover_label), text);
  g_free(text);
  GdkRectangle where = {(int)x, (int)y, 1, 1};
  gtk_popover_set_pointing_to(GTK_POPOVER(app->popover), &where);
  gtk_popover_popup(GTK_POPOVER(app->popover));
}

void photo_app_gesture(PhotoApp *app, const PhotoGesture *g) {
  if (g->state == PHOTO_GESTURE_FAILED) return; /* as `gesture-bridge replay`: not printed */
  gesture_log_write(app->log, g);
  switch (g->recognizer) {
  case PHOTO_RECOGNIZER_DOUBLE_TAP:
    photo_view_reset(app->view);
    break;
  case PHOTO_RECOGNIZER_LONG_PRESS:
    if (g->state == PHOTO_GESTURE_BEGAN) show_popover(app, g);
    break;
  case PHOTO_RECOGNIZER_DRAWER_PAN:
    /* Swiped left by more than a third of the drawer: close it. */
    if (g->state == PHOTO_GESTURE_ENDED &&
        g->dx < -gtk_widget_get_width(app->drawer) / 3.0) {
      photo_app_set_drawer_open(app, false);
    }
    break;
  default:
    if (g->state == PHOTO_GESTURE_BEGAN) gtk_popover_popdown(GTK_POPOVER(app->popover));
    photo_view_apply(app->view, g);
    break;
  }
}

void photo_app_set_drawer_open(PhotoApp *app, bool open) {
  gtk_revealer_set_reveal_child(GTK_REVEALER(app->drawer_revealer), open);
  if (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(app->drawer_button)) != open) {
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(app->drawer_button), open);
  }
}

/* The drawer's final state (its transition over), said once the compositor has it. The gesture
 * path follows the drawer frame by frame (bridge-gestures.c). */
static void drawer_revealed(GObject *revealer, GParamSpec *pspec, gpointer data) {
  (void)pspec;
  PhotoApp *app = data;
  bool open = gtk_revealer_get_child_revealed(GTK_REVEALER(revealer));
  if (open == app->drawer_open) return;
  app->drawer_open = open;
  if (!gtk_widget_get_realized(app->window)) return; /* the ready line will say it */
  announce_after_commit(app, NULL);
}

static void drawer_toggled(GtkToggleButton *button, gpointer data) {
  photo_app_set_drawer_open(data, gtk_toggle_button_get_active(button));
}

static void reset_clicked(GtkButton *button, gpointer data) {
  (void)button;
  PhotoApp *app = data;
  photo_view_reset(app->view);
  gtk_popover_popdown(GTK_POPOVER(app->popover));
}

static GtkWidget *build_drawer(PhotoApp *app) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class(box, "background");
  gtk_widget_set_size_request(box, 240, -1);
  GtkWidget *title = gtk_label_new("Albums");
  gtk_widget_add_css_class(title, "title-2");
  gtk_box_append(GTK_BOX(box), title);
  GtkWidget *list = gtk_list_box_new();
  static const char *const albums[] = {"Mountains", "Lakes", "Cities", "Generated"};
  for (size_t i = 0; i < G_N_ELEMENTS(albums); i++) {
    GtkWidget *row = gtk_label_new(albums[i]);
    gtk_widget_set_halign(row, GTK_ALIGN_START);
    gtk_widget_set_margin_start(row, 12);
    gtk_widget_set_margin_top(row, 8);
    gtk_widget_set_margin_bottom(row, 8);
    gtk_list_box_append(GTK_LIST_BOX(list), row);
  }
  gtk_box_append(GTK_BOX(box), list);
  GtkWidget *hint = gtk_label_new("Swipe left to close");
  gtk_widget_add_css_class(hint, "dim-label");
  gtk_widget_set_vexpand(hint, TRUE);
  gtk_widget_set_valign(hint, GTK_ALIGN_END);
  gtk_widget_set_margin_bottom(hint, 12);
  gtk_box_append(GTK_BOX(box), hint);
  app->drawer = box;
  app->drawer_revealer = gtk_revealer_new();
  gtk_revealer_set_transition_type(GTK_REVEALER(app->drawer_revealer),
                                   GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT);
  gtk_revealer_set_child(GTK_REVEALER(app->drawer_revealer), box);
  gtk_widget_set_halign(app->drawer_revealer, GTK_ALIGN_START);
  gtk_widget_set_valign(app->drawer_revealer, GTK_ALIGN_FILL);
  g_signal_connect(app->drawer_revealer, "notify::child-revealed", G_CALLBACK(drawer_revealed),
                   app);
  return app->drawer_revealer;
}

static void build_window(PhotoApp *app) {
  app->window = gtk_window_new();
  gtk_window_set_title(GTK_WINDOW(app->window), "GestureBridge Photo");
  gtk_window_set_default_size(GTK_WINDOW(app->window), 960, 540);

  GtkWidget *toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class(toolbar, "toolbar");
  app->drawer_button = gtk_toggle_button_new_with_label("Albums");
  g_signal_connect(app->drawer_button, "toggled", G_CALLBACK(drawer_toggled), app);
  gtk_box_append(GTK_BOX(toolbar), app->drawer_button);
  GtkWidget *title = gtk_label_new("Alpine lake");
  gtk_widget_set_hexpand(title, TRUE);
  gtk_box_append(GTK_BOX(toolbar), title);
  GtkWidget *reset = gtk_button_new_with_label("Reset");
  g_signal_connect(reset, "clicked", G_CALLBACK(reset_clicked), app);
  gtk_box_append(GTK_BOX(toolbar), reset);

  app->view = photo_view_new();
  app->picture = photo_view_widget(app->view);
  GtkWidget *overlay = gtk_overlay_new();
  gtk_overlay_set_child(GTK_OVERLAY(overlay), app->picture);
  gtk_overlay_add_overlay(GTK_OVERLAY(overlay), build_drawer(app));

  app->popover = gtk_popover_new();
  gtk_popover_set_autohide(GTK_POPOVER(app->popover), FALSE); /* no grab: see docs/toolkits.md */
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  app->popover_label = gtk_label_new("");
  gtk_box_append(GTK_BOX(box), app->popover_label);
  GtkWidget *popover_reset = gtk_button_new_with_label("Reset view");
  g_signal_connect(popover_reset, "clicked", G_CALLBACK(reset_clicked), app);
  gtk_box_append(GTK_BOX(box), popover_reset);
  gtk_popover_set_child(GTK_POPOVER(app->popover), box);
  gtk_widget_set_parent(app->popover, app->picture);

  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append(GTK_BOX(content), toolbar);
  gtk_box_append(GTK_BOX(content), overlay);
  gtk_window_set_child(GTK_WINDOW(app->window), content);
}

static void on_realize(GtkWidget *window, gpointer data) {
  (void)window;
  PhotoApp *app = data;
  char *why_not = NULL;
  if (app->no_gesture_bridge) {
    why_not = g_strdup("--no-gesture-bridge");
  } else {
    app->bridge = bridge_gestures_new(app, &why_not);
  }
  char *text;
  if (app->bridge != NULL) {
    text = g_strdup_printf("ready: gestures from the compositor (gesture-bridge-v1 version %u)",
                           bridge_gestures_version(app->bridge));
  } else {
    app->fallback = gtk_gestures_attach(app);
    text = g_strdup_printf("ready: gestures from GTK (GtkGesture): %s", why_not);
  }
  g_free(why_not);
  announce_after_commit(app, text);
}

static gboolean close_request(GtkWindow *window, gpointer data) {
  (void)window;
  g_main_loop_quit(((PhotoApp *)data)->loop);
  return FALSE;
}

static gboolean on_signal(gpointer data) {
  g_main_loop_quit(((PhotoApp *)data)->loop);
  return G_SOURCE_CONTINUE;
}

int main(int argc, char **argv) {
  const char *log_path = NULL, *touch_log_path = NULL;
  bool no_bridge = false, drawer_open = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage_text, stdout);
      return 0;
    } else if (strcmp(argv[i], "--log") == 0 && i + 1 < argc) {
      log_path = argv[++i];
    } else if (strcmp(argv[i], "--touch-log") == 0 && i + 1 < argc) {
      touch_log_path = argv[++i];
    } else if (strcmp(argv[i], "--no-gesture-bridge") == 0) {
      no_bridge = true;
    } else if (strcmp(argv[i], "--drawer-open") == 0) {
      drawer_open = true;
    } else {
      fprintf(stderr, "gtk4-photo: invalid option '%s'%s\n%s", argv[i],
              strcmp(argv[i], "--log") == 0 || strcmp(argv[i], "--touch-log") == 0
                ? " (it needs a FILE)"
                : "",
              usage_text);
      return 64;
    }
  }
  PhotoApp app = {0};
  if (log_path != NULL && (app.log = gesture_log_open(log_path)) == NULL) {
    fprintf(stderr, "gtk4-photo: cannot open the log %s: %s\n", log_path, strerror(errno));
    return 1;
  }
  app.no_gesture_bridge = no_bridge;
  if (!gtk_init_check()) {
    fprintf(stderr, "gtk4-photo: cannot open the display (is WAYLAND_DISPLAY set?)\n");
    gesture_log_close(app.log);
    return 1;
  }
  app.loop = g_main_loop_new(NULL, FALSE);
  build_window(&app);
  if (touch_log_path != NULL && !touch_log_attach(app.window, touch_log_path)) {
    fprintf(stderr, "gtk4-photo: cannot open the touch log %s: %s\n", touch_log_path,
            strerror(errno));
    return 1;
  }
  if (drawer_open) {
    gtk_revealer_set_transition_duration(GTK_REVEALER(app.drawer_revealer), 0);
    photo_app_set_drawer_open(&app, true);
    gtk_revealer_set_transition_duration(GTK_REVEALER(app.drawer_revealer), 250);
  }
  g_signal_connect(app.window, "realize", G_CALLBACK(on_realize), &app);
  g_signal_connect(app.window, "close-request", G_CALLBACK(close_request), &app);
  g_unix_signal_add(SIGTERM, on_signal, &app);
  g_unix_signal_add(SIGINT, on_signal, &app);
  gtk_window_present(GTK_WINDOW(app.window));
  g_main_loop_run(app.loop);

  bridge_gestures_free(app.bridge);
  gtk_gestures_free(app.fallback);
  gtk_window_destroy(GTK_WINDOW(app.window));
  photo_view_free(app.view);
  gesture_log_close(app.log);
  g_main_loop_unref(app.loop);
  return 0;
}
