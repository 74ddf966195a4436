/* SPDX-License-Identifier: MIT */
/* --touch-log FILE: the touch events GTK itself delivers to the window (what GTK's own touch
 * handling, its widgets and GtkGesture controllers, still sees next to the compositor's
 * recognizers), one JSON line each. */
#ifndef TOUCH_LOG_H
#define TOUCH_LOG_H

#include <gtk/gtk.h>

/* Watches window's touch events (capture phase, never consuming them) and writes them to
 * path; false with errno set when the file cannot be opened. */
bool touch_log_attach(GtkWidget *window, const char *path);

#endif
