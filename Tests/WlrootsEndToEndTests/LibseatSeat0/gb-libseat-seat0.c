/* SPDX-License-Identifier: MIT */
/* gb-libseat-seat0.c: TEST-ONLY LD_PRELOAD library (built by the tests with cc, never
 * installed) that makes libseat 0.7.0's `noop` backend usable by an unmodified wlroots 0.15
 * compositor (phoc, sway, cage) inside a umockdev testbed, where there is no seatd, logind
 * or VT (/work/shared/compositors.md, docs/phones.md):
 *
 * - the noop backend never calls the listener's enable_seat, so wlroots waits for an active
 *   session and gives up ("Timeout waiting session to become active"): the first
 *   libseat_dispatch after libseat_open_seat calls enable_seat once;
 * - it names its seat "noop", so libinput's udev backend (devices without ID_SEAT are on
 *   seat0) takes no device: libseat_seat_name answers "seat0" instead of "noop".
 *
 * Only the noop backend is changed (a seat whose name is "noop"); every call goes to the real
 * libseat. The test kiosk (gb-wlr-kiosk.c) needs none of this: it renames the session's seat
 * itself.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct libseat;
struct libseat_seat_listener {
  void (*enable_seat)(struct libseat *seat, void *userdata);
  void (*disable_seat)(struct libseat *seat, void *userdata);
};

static struct {
  struct libseat *seat;
  const struct libseat_seat_listener *listener;
  void *userdata;
  bool enabled;
} opened;

static const char *real_name(struct libseat *seat) {
  const char *(*next)(struct libseat *) =
      (const char *(*)(struct libseat *))dlsym(RTLD_NEXT, "libseat_seat_name");
  return next != NULL ? next(seat) : NULL;
}

static bool is_noop(struct libseat *seat) {
  const char *name = real_name(seat);
  return name != NULL && strcmp(name, "noop") == 0;
}

struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener,
                                  void *userdata) {
  struct libseat *(*next)(const struct libseat_seat_listener *, void *) =
      (struct libseat * (*)(const struct libseat_seat_listener *, void *))
          dlsym(RTLD_NEXT, "libseat_open_seat");
  if (next == NULL) return NULL;
  struct libseat *seat = next(listener, userdata);
  if (seat != NULL && is_noop(seat)) {
    opened.seat = seat;
    opened.listener = listener;
    opened.userdata = userdata;
    opened.enabled = false;
    fprintf(stderr, "gb-libseat-seat0: libseat noop seat: enabled at the first dispatch, "
                    "named seat0\n");
  }
  return seat;
}

int libseat_dispatch(struct libseat *seat, int timeout) {
  int (*next)(struct libseat *, int) =
      (int (*)(struct libseat *, int))dlsym(RTLD_NEXT, "libseat_dispatch");
  if (seat != NULL && seat == opened.seat && !opened.enabled) {
    opened.enabled = true;
    if (opened.listener != NULL && opened.listener->enable_seat != NULL) {
      opened.listener->enable_seat(seat, opened.userdata);
    }
    return 1;
  }
  return next != NULL ? next(seat, timeout) : -1;
}

const char *libseat_seat_name(struct libseat *seat) {
  if (seat != NULL && seat == opened.seat) return "seat0";
  return real_name(seat);
}

int libseat_close_seat(struct libseat *seat) {
  int (*next)(struct libseat *) = (int (*)(struct libseat *))dlsym(RTLD_NEXT, "libseat_close_seat");
  if (seat != NULL && seat == opened.seat) opened.seat = NULL;
  return next != NULL ? next(seat) : -1;
}
