/* SPDX-License-Identifier: MIT */
#include "CWaylandClientLog.h"

#include <stdarg.h>
#include <stdio.h>
#include <wayland-client-core.h>

static gb_client_log_line_handler line_handler;

static void format_line(const char *format, va_list arguments) {
  char line[2048];
  vsnprintf(line, sizeof line, format, arguments);
  if (line_handler != NULL) line_handler(line);
}

void gb_client_log_set_line_handler(gb_client_log_line_handler handler) {
  line_handler = handler;
  wl_log_set_handler_client(format_line);
}
