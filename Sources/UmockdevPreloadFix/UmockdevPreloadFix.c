/* SPDX-License-Identifier: MIT */
// See include/UmockdevPreloadFix.h for what this LD_PRELOAD library does and why.
#define _GNU_SOURCE
#include "UmockdevPreloadFix.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

struct udev_device;

int gesturebridge_umockdev_preload_fix_loaded(void) { return 1; }

static void *next_symbol(const char *name) { return dlsym(RTLD_NEXT, name); }

int udev_device_get_is_initialized(struct udev_device *device) {
  if (getenv("UMOCKDEV_DIR") != NULL) return 1;
  int (*next)(struct udev_device *) =
      (int (*)(struct udev_device *))next_symbol("udev_device_get_is_initialized");
  return next != NULL ? next(device) : 1;
}

// Finds the mocked device number of `fd` if it is the pty behind a mocked node:
// /proc/self/fd/N -> /dev/pts/K, and $UMOCKDEV_DIR/dev/.ptymap/_dev_pts_K -> "MAJOR:MINOR".
static int mocked_rdev(int fd, dev_t *rdev) {
  const char *dir = getenv("UMOCKDEV_DIR");
  if (dir == NULL) return 0;
  char link_path[64];
  char target[PATH_MAX];
  snprintf(link_path, sizeof(link_path), "/proc/self/fd/%d", fd);
  ssize_t length = readlink(link_path, target, sizeof(target) - 1);
  if (length <= 0) return 0;
  target[length] = '\0';
  if (strncmp(target, "/dev/pts/", 9) != 0) return 0;
  for (ssize_t i = 0; i < length; i++)
    if (target[i] == '/') target[i] = '_';
  char map_path[PATH_MAX];
  if (snprintf(map_path, sizeof(map_path), "%s/dev/.ptymap/%s", dir, target) >= (int)sizeof(map_path))
    return 0;
  char numbers[64];
  ssize_t numbers_length = readlink(map_path, numbers, sizeof(numbers) - 1);
  if (numbers_length <= 0) return 0;
  numbers[numbers_length] = '\0';
  unsigned int major_number = 0, minor_number = 0;
  if (sscanf(numbers, "%u:%u", &major_number, &minor_number) != 2) return 0;
  *rdev = makedev(major_number, minor_number);
  return 1;
}

// A mocked evdev node (input major 13) is made non-blocking when it is first looked at: see
// the header (libseat's noop backend opens nodes blocking, and libumockdev-preload opens
// through libc directly, so an open() here would never see that call; wlroots' session
// fstat()s every node it opens before libinput reads it).
static void make_evdev_nonblocking(int fd, dev_t rdev) {
  if (major(rdev) != 13) return;
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

static void fix_stat(int fd, struct stat *st) {
  if (!S_ISCHR(st->st_mode)) return;
  int saved_errno = errno;
  dev_t rdev;
  if (mocked_rdev(fd, &rdev)) {
    st->st_rdev = rdev;
    make_evdev_nonblocking(fd, rdev);
  }
  errno = saved_errno;
}

static void fix_stat64(int fd, struct stat64 *st) {
  if (!S_ISCHR(st->st_mode)) return;
  int saved_errno = errno;
  dev_t rdev;
  if (mocked_rdev(fd, &rdev)) {
    st->st_rdev = rdev;
    make_evdev_nonblocking(fd, rdev);
  }
  errno = saved_errno;
}

int fstat(int fd, struct stat *st) {
  int (*next)(int, struct stat *) = (int (*)(int, struct stat *))next_symbol("fstat");
  if (next == NULL) {
    errno = ENOSYS;
    return -1;
  }
  int result = next(fd, st);
  if (result == 0) fix_stat(fd, st);
  return result;
}

int fstat64(int fd, struct stat64 *st) {
  int (*next)(int, struct stat64 *) = (int (*)(int, struct stat64 *))next_symbol("fstat64");
  if (next == NULL) {
    errno = ENOSYS;
    return -1;
  }
  int result = next(fd, st);
  if (result == 0) fix_stat64(fd, st);
  return result;
}

int __fxstat(int version, int fd, struct stat *st) {
  int (*next)(int, int, struct stat *) =
      (int (*)(int, int, struct stat *))next_symbol("__fxstat");
  if (next == NULL) {
    errno = ENOSYS;
    return -1;
  }
  int result = next(version, fd, st);
  if (result == 0) fix_stat(fd, st);
  return result;
}

int __fxstat64(int version, int fd, struct stat64 *st) {
  int (*next)(int, int, struct stat64 *) =
      (int (*)(int, int, struct stat64 *))next_symbol("__fxstat64");
  if (next == NULL) {
    errno = ENOSYS;
    return -1;
  }
  int result = next(version, fd, st);
  if (result == 0) fix_stat64(fd, st);
  return result;
}

