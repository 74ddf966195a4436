/* SPDX-License-Identifier: MIT */
/* The library's queue in the app's main loop: prepare, dispatch, roundtrip. Reads go through
 * wl_display_prepare_read_queue / wl_display_read_events (or wl_display_cancel_read), so the
 * toolkit's own reader keeps working: what either reads lands on the right queue. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <poll.h>
#include <time.h>

#include "gbc-internal.h"

/* How long a flush waits for a full socket to drain. */
enum { FLUSH_WAIT_MS = 30000 };

static int64_t now_ms(void);

void gbc_internal_flush(struct gbc_client *client) {
  /* libwayland-client 1.21 keeps at most 4 KB of requests and fails the whole connection when
   * a request does not fit while the socket is full ("Error sending request"). So each call
   * leaves nothing behind: when the socket is full (EAGAIN), wait until it drains. Only a
   * compositor that stops reading makes this wait (at most FLUSH_WAIT_MS; after that, the next
   * request may fail the connection, which the error callback reports). */
  int64_t deadline = now_ms() + FLUSH_WAIT_MS;
  while (wl_display_flush(client->display) < 0 && errno == EAGAIN) {
    int64_t left = deadline - now_ms();
    if (left <= 0) return;
    struct pollfd fd = {.fd = wl_display_get_fd(client->display), .events = POLLOUT};
    if (poll(&fd, 1, (int)left) < 0 && errno != EINTR) return;
  }
}

static int64_t now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Reads the display if it is readable within `timeout_ms` (0: now; -1: no limit), for
 * `queue`, after checking that the queue is empty. 1 the queue has events, 0 nothing came,
 * -1 the connection failed. */
static int read_into(struct wl_display *display, struct wl_event_queue *queue, int timeout_ms) {
  if (wl_display_prepare_read_queue(display, queue) != 0) return 1;
  (void)wl_display_flush(display);
  struct pollfd fd = {.fd = wl_display_get_fd(display), .events = POLLIN};
  int ready;
  do {
    ready = poll(&fd, 1, timeout_ms);
  } while (ready < 0 && errno == EINTR);
  if (ready > 0) {
    if (wl_display_read_events(display) < 0) return -1;
    return 1;
  }
  wl_display_cancel_read(display);
  return ready < 0 ? -1 : 0;
}

static void sync_done(void *data, struct wl_callback *callback, uint32_t serial) {
  (void)callback;
  (void)serial;
  *(bool *)data = true;
}

static const struct wl_callback_listener sync_listener = {.done = sync_done};

int gbc_internal_roundtrip(struct wl_display *display, struct wl_display *wrapper,
                           struct wl_event_queue *queue, int timeout_ms) {
  bool done = false;
  struct wl_callback *callback = wl_display_sync(wrapper);
  if (callback == NULL) return -1;
  wl_callback_add_listener(callback, &sync_listener, &done);
  int64_t deadline = timeout_ms >= 0 ? now_ms() + timeout_ms : -1;
  int result = 0;
  while (!done) {
    if (wl_display_dispatch_queue_pending(display, queue) < 0) {
      result = -1;
      break;
    }
    if (done) break;
    int remaining = -1;
    if (deadline >= 0) {
      int64_t left = deadline - now_ms();
      if (left <= 0) {
        result = 1;
        break;
      }
      remaining = left > 1000000 ? 1000000 : (int)left;
    }
    if (read_into(display, queue, remaining) < 0) {
      result = -1;
      break;
    }
  }
  wl_callback_destroy(callback);
  return result;
}

GBC_EXPORT int gbc_client_prepare(struct gbc_client *client) {
  if (client == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(client);
  if (status != GBC_STATUS_OK) return status;
  gbc_internal_flush(client);
  if (wl_display_prepare_read_queue(client->display, client->queue) != 0) return 1;
  wl_display_cancel_read(client->display);
  return gbc_internal_check_connection(client);
}

/* Dispatches the library's queue, reading first when `read` and the fd is readable now. */
static int dispatch(struct gbc_client *client, bool read) {
  if (client == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(client);
  if (status != GBC_STATUS_OK) return status;
  client->dispatch_depth++;
  int total = wl_display_dispatch_queue_pending(client->display, client->queue);
  if (total >= 0 && read && !client->destroy_pending) {
    if (read_into(client->display, client->queue, 0) < 0) {
      total = -1;
    } else {
      int more = wl_display_dispatch_queue_pending(client->display, client->queue);
      total = more < 0 ? -1 : total + more;
    }
  }
  client->dispatch_depth--;
  if (client->destroy_pending) {
    gbc_internal_finish_destroy(client);
    return total < 0 ? GBC_STATUS_CONNECTION_ERROR : total;
  }
  if (total < 0) {
    status = gbc_internal_check_connection(client);
    return status != GBC_STATUS_OK ? status : GBC_STATUS_CONNECTION_ERROR;
  }
  gbc_internal_flush(client);
  return total;
}

GBC_EXPORT int gbc_client_dispatch(struct gbc_client *client) { return dispatch(client, true); }

GBC_EXPORT int gbc_client_dispatch_pending(struct gbc_client *client) {
  return dispatch(client, false);
}

GBC_EXPORT int gbc_client_roundtrip(struct gbc_client *client, int timeout_ms) {
  if (client == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(client);
  if (status != GBC_STATUS_OK) return status;
  client->dispatch_depth++;
  int answered =
      gbc_internal_roundtrip(client->display, client->display_wrapper, client->queue, timeout_ms);
  client->dispatch_depth--;
  if (client->destroy_pending) {
    gbc_internal_finish_destroy(client);
    return answered < 0 ? GBC_STATUS_CONNECTION_ERROR : answered;
  }
  if (answered < 0) {
    status = gbc_internal_check_connection(client);
    return status != GBC_STATUS_OK ? status : GBC_STATUS_CONNECTION_ERROR;
  }
  return answered;
}
