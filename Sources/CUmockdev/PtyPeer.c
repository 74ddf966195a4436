/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "CUmockdev.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#ifndef TIOCGPTPEER
#define TIOCGPTPEER _IO('T', 0x41)
#endif

int gb_pty_open_peer(int master_fd) {
  int flags = O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC;
  /* TIOCGPTPEER (Linux 4.13) opens the peer without its path, which umockdev's preload would
   * redirect into the testbed; the path is the fallback. */
  int peer = ioctl(master_fd, TIOCGPTPEER, flags);
  if (peer >= 0) return peer;
  char path[128];
  if (ptsname_r(master_fd, path, sizeof(path)) != 0) return -1;
  return open(path, flags);
}

int gb_pty_unread_bytes(int peer_fd) {
  int unread = 0;
  if (ioctl(peer_fd, FIONREAD, &unread) != 0) return -1;
  return unread;
}
