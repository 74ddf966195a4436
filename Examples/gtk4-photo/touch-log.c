/* SPDX-License-Identifier: MIT */
#include "touch-log.h"

#include <stdio.h>

typedef struct {
  FILE *file;
  GHashTable *sequences; /* GdkEventSequence down -> its number + 1 */
  unsigned next;
} TouchLog;

static const char *kind_name(GdkEventType type) {
  switch (type) {
  case GDK_TOUCH_BEGIN: return "touch-begin";
  case GDK_TOUCH_UPDATE: return "touch-update";
  case GDK_TOUCH_END: return "touch-end";
  case GDK_TOUCH_CANCEL: return "touch-cancel";
  default: return NULL;
  }
}

/* {"event":"touch-begin","time":12.345,"touch":0,"location":[480.00,270.00]}: GDK's
 * millisecond time in seconds, the touch numbered from 0 in order of appearance, the position
 * in the window's surface. */
static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
  (void)controller;
  TouchLog *log = data;
  const char *kind = kind_name(gdk_event_get_event_type(event));
  if (kind == NULL) return FALSE;
  GdkEventSequence *sequence = gdk_event_get_event_sequence(event);
  unsigned number = GPOINTER_TO_UINT(g_hash_table_lookup(log->sequences, sequence));
  if (number == 0) {
    number = ++log->next;
    g_hash_table_insert(log->sequences, sequence, GUINT_TO_POINTER(number));
  }
  double x = 0, y = 0;
  gdk_event_get_position(event, &x, &y);
  guint32 time = gdk_event_get_time(event);
  fprintf(log->file, "{\"event\":\"%s\",\"time\":%u.%03u,\"touch\":%u,\"location\":[%.2f,%.2f]}\n",
          kind, time / 1000, time % 1000, number - 1, x, y);
  fflush(log->file);
  GdkEventType type = gdk_event_get_event_type(event);
  if (type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL) {
    g_hash_table_remove(log->sequences, sequence); /* GDK may reuse the pointer */
  }
  return FALSE; /* GTK handles it as usual */
}

bool touch_log_attach(GtkWidget *window, const char *path) {
  FILE *file = fopen(path, "w");
  if (file == NULL) return false;
  TouchLog *log = g_new0(TouchLog, 1);
  log->file = file;
  log->sequences = g_hash_table_new(NULL, NULL);
  GtkEventController *controller = gtk_event_controller_legacy_new();
  gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
  g_signal_connect(controller, "event", G_CALLBACK(on_event), log);
  gtk_widget_add_controller(window, controller);
  return true;
}
