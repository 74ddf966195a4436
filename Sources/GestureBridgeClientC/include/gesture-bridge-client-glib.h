/* SPDX-License-Identifier: MIT */
/* gesture-bridge-client-glib.h: a GSource that runs a gbc_client in a GLib main loop
 * (GTK 4 apps and any GMainContext). Header-only (static inline functions): apps without
 * GLib do not pay for it, and libgesture-bridge-client links no GLib.
 *
 *   #include <gdk/wayland/gdkwayland.h>
 *   #include <gesture-bridge-client-glib.h>
 *
 *   struct wl_display *display =
 *       gdk_wayland_display_get_wl_display(gdk_display_get_default());
 *   enum gbc_unavailable_reason reason;
 *   struct gbc_client *client = gbc_client_create(display, 5000, &reason);
 *   if (client == NULL) {
 *     g_message("compositor gestures unavailable (%s): using GTK's",
 *               gbc_unavailable_reason_string(reason));
 *     ... GtkGesture controllers instead ...
 *   } else {
 *     GSource *source = gbc_glib_source_new(client);
 *     g_source_attach(source, NULL);   // the thread-default context: GTK's
 *     ...
 *     // when done: the source first, then the client
 *     g_source_destroy(source);
 *     g_source_unref(source);
 *     gbc_client_destroy(client);
 *   }
 *
 * pkg-config: gesture-bridge-client and glib-2.0.
 *
 * How it cooperates with GDK's own Wayland event source on the same fd (GDK prepares a read
 * in its prepare function and reads or cancels in its check function):
 *   - prepare and check only ask gbc_client_prepare whether the library's queue already
 *     holds events (for example read there by GDK) and flush; they never read;
 *   - dispatch calls gbc_client_dispatch, which may read the fd. GLib runs dispatch
 *     functions after all check functions of the iteration, so GDK holds no prepared read
 *     then, provided this source is not more urgent than GDK's: its priority is
 *     G_PRIORITY_DEFAULT (GDK_PRIORITY_EVENTS). Do not raise it: a source dispatched while
 *     a check function of the same thread still holds a prepared read would make
 *     libwayland wait forever.
 * When the connection fails, the error callback runs (gbc_client_set_error_callback) and
 * the source removes itself.
 */
#ifndef GESTURE_BRIDGE_CLIENT_GLIB_H
#define GESTURE_BRIDGE_CLIENT_GLIB_H

#include <glib.h>

#include "gesture-bridge-client.h"

G_BEGIN_DECLS

/** The GSource of a gbc_client (allocated by g_source_new). */
typedef struct {
  GSource source;
  struct gbc_client *client;
  gpointer fd_tag;
} GbcGlibSource;

static inline gboolean gbc_glib_source_prepare(GSource *source, gint *timeout) {
  GbcGlibSource *self = (GbcGlibSource *)source;
  *timeout = -1;
  /* 1: events wait on the library's queue; < 0: failed (dispatch reports it). */
  return gbc_client_prepare(self->client) != 0;
}

static inline gboolean gbc_glib_source_check(GSource *source) {
  GbcGlibSource *self = (GbcGlibSource *)source;
  if (g_source_query_unix_fd(source, self->fd_tag) & (G_IO_IN | G_IO_ERR | G_IO_HUP)) {
    return TRUE;
  }
  return gbc_client_prepare(self->client) != 0;
}

static inline gboolean gbc_glib_source_dispatch(GSource *source, GSourceFunc callback,
                                                gpointer user_data) {
  GbcGlibSource *self = (GbcGlibSource *)source;
  (void)callback;
  (void)user_data;
  return gbc_client_dispatch(self->client) < 0 ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

/** A new (unattached) source that dispatches `client`: watches its fd, priority
 * G_PRIORITY_DEFAULT, name "gesture-bridge-client". Attach it with g_source_attach; destroy
 * it (g_source_destroy, g_source_unref) before gbc_client_destroy. */
static inline GSource *gbc_glib_source_new(struct gbc_client *client) {
  static GSourceFuncs funcs = {
      gbc_glib_source_prepare, gbc_glib_source_check, gbc_glib_source_dispatch, NULL, NULL, NULL,
  };
  GSource *source = g_source_new(&funcs, sizeof(GbcGlibSource));
  GbcGlibSource *self = (GbcGlibSource *)source;
  self->client = client;
  GIOCondition events = (GIOCondition)(G_IO_IN | G_IO_ERR | G_IO_HUP);
  self->fd_tag = g_source_add_unix_fd(source, gbc_client_get_fd(client), events);
  g_source_set_priority(source, G_PRIORITY_DEFAULT);
  g_source_set_name(source, "gesture-bridge-client");
  return source;
}

G_END_DECLS

#endif /* GESTURE_BRIDGE_CLIENT_GLIB_H */
