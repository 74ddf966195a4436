/* SPDX-License-Identifier: MIT */
/* libwayland-client's log lines as whole strings, for GestureBridgeClient's WaylandLogCapture.
 * wl_log_set_handler_client's handler takes a va_list, which Swift cannot take on every
 * architecture (Swift 6.2.3 crashes lowering a C function pointer with a va_list for
 * aarch64, where va_list is a struct), so the line is formatted here. */
#ifndef CWAYLANDCLIENTLOG_H
#define CWAYLANDCLIENTLOG_H

/** Called with each formatted log line (a C string, valid during the call). */
typedef void (*gb_client_log_line_handler)(const char *line);

/** Makes `handler` libwayland-client's log handler (process-wide; lines over 2047 bytes are
 * cut). */
void gb_client_log_set_line_handler(gb_client_log_line_handler handler);

#endif
