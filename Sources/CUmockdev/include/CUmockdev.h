/* SPDX-License-Identifier: MIT */
/* CUmockdev: the few umockdev testbed calls MockedDevice makes, with libumockdev loaded at run
 * time (dlopen of libumockdev.so.0 on first use) instead of linked: programs that contain
 * MockedDevice but do not mock devices (`gesture-bridge run`, `watch`, the in-core `replay`)
 * then neither link nor map umockdev, gobject or glib. Signatures are umockdev's
 * (umockdev.h, 0.17), with GError turned into a malloc'ed message the caller frees. Also two
 * pty calls (PtyPeer.c): how much of what was written into a device's pty is still unread. */
#ifndef GESTUREBRIDGE_CUMOCKDEV_H
#define GESTUREBRIDGE_CUMOCKDEV_H

#include <stdbool.h>

/* A UMockdevTestbed. */
typedef struct gb_umockdev_testbed gb_umockdev_testbed;

/* Loads libumockdev.so.0 if not done yet: NULL when it is loaded, else a malloc'ed message
 * (the loader's error) the caller frees. Every function below needs it loaded. */
char *gb_umockdev_load(void);

gb_umockdev_testbed *gb_umockdev_testbed_new(void);
/* g_object_unref of the testbed. */
void gb_umockdev_testbed_free(gb_umockdev_testbed *testbed);
/* The root directory, a malloc'ed copy the caller frees; NULL on failure. */
char *gb_umockdev_testbed_get_root_dir(gb_umockdev_testbed *testbed);
/* false with *error_message (malloc'ed, the caller frees) on failure. */
bool gb_umockdev_testbed_add_from_string(gb_umockdev_testbed *testbed, const char *data,
                                         char **error_message);
bool gb_umockdev_testbed_load_ioctl(gb_umockdev_testbed *testbed, const char *dev,
                                    const char *recordfile, char **error_message);
int gb_umockdev_testbed_get_dev_fd(gb_umockdev_testbed *testbed, const char *devnode);
void gb_umockdev_testbed_uevent(gb_umockdev_testbed *testbed, const char *devpath,
                                const char *action);
void gb_umockdev_testbed_remove_device(gb_umockdev_testbed *testbed, const char *syspath);

/* The other end of a mocked device's pty (`gb_umockdev_testbed_get_dev_fd` gives the
 * testbed's end, the master), opened only to look at (never read): O_RDONLY, O_NOCTTY,
 * O_NONBLOCK, O_CLOEXEC. -1 with errno set on failure. Needs no libumockdev. */
int gb_pty_open_peer(int master_fd);
/* How many bytes written into the pty its reader has not read yet (FIONREAD on the peer
 * from gb_pty_open_peer); -1 with errno set on failure. */
int gb_pty_unread_bytes(int peer_fd);

#endif
