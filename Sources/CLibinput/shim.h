/* SPDX-License-Identifier: MIT */
#ifndef GESTUREBRIDGE_CLIBINPUT_SHIM_H
#define GESTUREBRIDGE_CLIBINPUT_SHIM_H

#include <libinput.h>
#include <libudev.h>
#include <sys/epoll.h>
#include <stdarg.h>
#include <stdio.h>

/* Receives one formatted libinput log message. */
typedef void (*gb_libinput_log_sink)(void *owner, enum libinput_log_priority priority,
                                     const char *message);

/* The user data GestureBridge gives every libinput context: where log messages go and the
 * Swift object behind the context (`owner`, also passed to open_restricted/close_restricted). */
struct gb_libinput_context {
  gb_libinput_log_sink log_sink;
  void *owner;
};

/* libinput's log handler is variadic (format + va_list), which Swift cannot implement:
 * format the message with vsnprintf and hand it to the context's sink. */
static inline void gb_libinput_log_handler(struct libinput *libinput,
                                           enum libinput_log_priority priority,
                                           const char *format, va_list args) {
  struct gb_libinput_context *context =
      (struct gb_libinput_context *)libinput_get_user_data(libinput);
  if (context == NULL || context->log_sink == NULL) return;
  char message[1024];
  vsnprintf(message, sizeof(message), format, args);
  context->log_sink(context->owner, priority, message);
}

/* Routes libinput's log messages of `libinput` (whose user data must be a
 * struct gb_libinput_context) to the context's sink. */
static inline void gb_libinput_install_log_handler(struct libinput *libinput) {
  libinput_log_set_handler(libinput, gb_libinput_log_handler);
}

#endif
