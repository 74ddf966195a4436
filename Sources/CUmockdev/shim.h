#ifndef GESTUREBRIDGE_CUMOCKDEV_SHIM_H
#define GESTUREBRIDGE_CUMOCKDEV_SHIM_H

#include <umockdev.h>

/* The message of a GError and frees it; NULL-safe. Returns a malloc'ed copy the caller frees. */
#include <stdlib.h>
#include <string.h>
static inline char *gb_umockdev_take_error_message(GError *error) {
  if (error == NULL) return strdup("unknown umockdev error");
  char *message = strdup(error->message != NULL ? error->message : "unknown umockdev error");
  g_error_free(error);
  return message;
}

#endif
