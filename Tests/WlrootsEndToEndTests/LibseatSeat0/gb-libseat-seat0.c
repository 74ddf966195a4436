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
 *   seat0) takes no device: libseat_seat_name answers "seat0" instead of "noop";
 * - libseat 0.9's noop backend (Debian 13, sid) opens devices with O_NOFOLLOW, and the
 *   testbed's /dev/input/eventN is a symbolic link to the mocked device's pty, so it fails
 *   with ELOOP ("Too many levels of symbolic links"): libseat_open_device then opens the node
 *   as libseat 0.7 did, without O_NOFOLLOW (the noop backend's device id is the fd, and its
 *   close_device does nothing: the compositor closes the fd).
 *
 * Only the noop backend is changed (a seat whose name is "noop", or LIBSEAT_BACKEND=noop for
 * the open); every call goes to the real libseat. The test kiosk (gb-wlr-kiosk.c) needs none of this: it renames the session's seat
 * itself.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
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

int libseat_open_device(struct libseat *seat, const char *path, int *fd) {
  int (*next)(struct libseat *, const char *, int *) =
      (int (*)(struct libseat *, const char *, int *))dlsym(RTLD_NEXT, "libseat_open_device");
  int device = next != NULL ? next(seat, path, fd) : -1;
  /* libseat 0.9's noop seat is named seat0 and enabled at open (nothing above applies to
   * it): the noop backend is the one LIBSEAT_BACKEND names. */
  const char *backend = getenv("LIBSEAT_BACKEND");
  if (device >= 0 || errno != ELOOP || backend == NULL || strcmp(backend, "noop") != 0) {
    return device;
  }
  int opened_fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (opened_fd < 0) return -1;
  *fd = opened_fd;
  return opened_fd;
}
