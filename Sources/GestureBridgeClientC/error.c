/* SPDX-License-Identifier: MIT */
/* Failed connections (gbc_client_get_error, the error callback), the compositor's message from
 * libwayland-client's log, and the status and reason strings. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbc-internal.h"

/* The last line libwayland-client logged (its protocol error line is
 * "INTERFACE@ID: error CODE: MESSAGE"; "INTERFACE#ID: ..." since libwayland 1.24). */
static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static char last_log_line[1024];
static pthread_once_t log_once = PTHREAD_ONCE_INIT;

static void log_handler(const char *format, va_list arguments) {
  char line[sizeof last_log_line];
  vsnprintf(line, sizeof line, format, arguments);
  /* Like libwayland's default handler. */
  fprintf(stderr, "%s", line);
  pthread_mutex_lock(&log_mutex);
  memcpy(last_log_line, line, sizeof line);
  pthread_mutex_unlock(&log_mutex);
}

static void install_log_handler(void) { wl_log_set_handler_client(log_handler); }

void gbc_internal_capture_log(void) { pthread_once(&log_once, install_log_handler); }

/* The MESSAGE of a logged "INTERFACE@ID: error CODE: MESSAGE" (or INTERFACE#ID) line for this
 * error, copied to `out`; false if the last line is not it. */
static bool logged_message(const char *interface_name, uint32_t id, uint32_t code, char *out,
                           size_t size) {
  char prefix[128], newer_prefix[128];
  snprintf(prefix, sizeof prefix, "%s@%u: error %u: ", interface_name, id, code);
  snprintf(newer_prefix, sizeof newer_prefix, "%s#%u: error %u: ", interface_name, id, code);
  bool found = false;
  pthread_mutex_lock(&log_mutex);
  size_t length = strlen(prefix);
  if (strncmp(last_log_line, prefix, length) == 0 ||
      strncmp(last_log_line, newer_prefix, length) == 0) {
    snprintf(out, size, "%s", last_log_line + length);
    size_t end = strlen(out);
    while (end > 0 && (out[end - 1] == '\n' || out[end - 1] == '\r')) out[--end] = '\0';
    found = true;
  }
  pthread_mutex_unlock(&log_mutex);
  return found;
}

/* wl_display's own errors (wayland.xml), which the protocol XML does not list. */
static bool display_error_code(uint32_t code, const char **name, const char **summary) {
  static const char *const names[] = {"invalid_object", "invalid_method", "no_memory",
                                      "implementation"};
  static const char *const summaries[] = {
      "server couldn't find object", "method doesn't exist on the specified interface or "
      "malformed request", "server is out of memory", "implementation error in compositor"};
  if (code >= sizeof names / sizeof names[0]) return false;
  *name = names[code];
  *summary = summaries[code];
  return true;
}

GBC_EXPORT bool gbc_client_get_error(struct gbc_client *client,
                                     struct gbc_connection_error *error) {
  if (client == NULL || error == NULL) return false;
  int number = wl_display_get_error(client->display);
  if (number == 0) return false;
  client->error_interface[0] = '\0';
  client->error_code_name[0] = '\0';
  client->error_message[0] = '\0';
  error->error_number = number;
  error->object_id = 0;
  error->code = 0;
  /* A protocol error: EPROTO, or EINVAL / ENOMEM for wl_display's own errors. */
  const struct wl_interface *interface = NULL;
  uint32_t id = 0;
  uint32_t code = wl_display_get_protocol_error(client->display, &interface, &id);
  if (interface != NULL) {
    error->object_id = id;
    error->code = code;
    const char *name = NULL;
    const char *summary = NULL;
    snprintf(client->error_interface, sizeof client->error_interface, "%s", interface->name);
    bool known = strcmp(interface->name, "wl_display") == 0
                     ? display_error_code(code, &name, &summary)
                     : gbc_internal_error_code(interface->name, code, &name, &summary);
    if (known) snprintf(client->error_code_name, sizeof client->error_code_name, "%s", name);
    if (!logged_message(interface->name, id, code, client->error_message,
                        sizeof client->error_message) &&
        summary != NULL) {
      snprintf(client->error_message, sizeof client->error_message, "%s", summary);
    }
  } else {
    snprintf(client->error_message, sizeof client->error_message, "%s", strerror(number));
  }
  error->interface_name = client->error_interface;
  error->code_name = client->error_code_name;
  error->message = client->error_message;
  return true;
}

int gbc_internal_check_connection(struct gbc_client *client) {
  if (wl_display_get_error(client->display) == 0) return GBC_STATUS_OK;
  if (!client->error_reported) {
    client->error_reported = true;
    struct gbc_connection_error error;
    if (client->error_callback != NULL && !client->destroy_pending &&
        gbc_client_get_error(client, &error)) {
      client->dispatch_depth++;
      client->error_callback(client->error_user_data, client, &error);
      client->dispatch_depth--;
      /* Destroyed by the callback: callers return at once on this status. */
      gbc_internal_finish_destroy(client);
    }
  }
  return GBC_STATUS_CONNECTION_ERROR;
}

GBC_EXPORT const char *gbc_status_string(int status) {
  switch (status) {
  case GBC_STATUS_OK:
    return "success";
  case GBC_STATUS_NOT_APPLICABLE:
    return "the parameter does not apply to the recognizer's kind";
  case GBC_STATUS_INVALID_VALUE:
    return "a value is out of range or inconsistent";
  case GBC_STATUS_INVALID_RELATION:
    return "relation to itself, to another client's recognizer, or a require-failure cycle";
  case GBC_STATUS_UNSUPPORTED_VERSION:
    return "the compositor's gesture_bridge_manager_v1 version is too old for this";
  case GBC_STATUS_LIMIT:
    return "too many recognizers, or the surface already has a system gesture surface";
  case GBC_STATUS_INVALID_ARGUMENT:
    return "invalid argument";
  case GBC_STATUS_NO_MEMORY:
    return "out of memory";
  case GBC_STATUS_CONNECTION_ERROR:
    return "the Wayland connection has failed";
  default:
    return "unknown status";
  }
}

GBC_EXPORT const char *gbc_unavailable_reason_string(enum gbc_unavailable_reason reason) {
  switch (reason) {
  case GBC_UNAVAILABLE_NONE:
    return "available";
  case GBC_UNAVAILABLE_NO_GLOBAL:
    return "compositor does not support gesture_bridge_manager_v1";
  case GBC_UNAVAILABLE_TIMED_OUT:
    return "compositor did not answer in time";
  case GBC_UNAVAILABLE_CONNECTION_ERROR:
    return "the Wayland connection has failed";
  case GBC_UNAVAILABLE_INVALID_ARGUMENT:
    return "no display given";
  case GBC_UNAVAILABLE_NO_MEMORY:
    return "out of memory";
  }
  return "unknown reason";
}
