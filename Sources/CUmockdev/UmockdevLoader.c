/* SPDX-License-Identifier: MIT */
#include "CUmockdev.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* GLib's GError (glib/gerror.h), whose layout is part of GLib's stable ABI. */
typedef struct {
  unsigned int domain;
  int code;
  char *message;
} gb_gerror;

static struct {
  void *(*testbed_new)(void);
  char *(*get_root_dir)(void *);
  int (*add_from_string)(void *, const char *, gb_gerror **);
  int (*load_ioctl)(void *, const char *, const char *, gb_gerror **);
  int (*get_dev_fd)(void *, const char *);
  void (*uevent)(void *, const char *, const char *);
  void (*remove_device)(void *, const char *);
  void (*object_unref)(void *);
  void (*g_free)(void *);
  void (*error_free)(gb_gerror *);
} umockdev;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char *load_error;

static void *symbol(void *library, const char *name) {
  void *address = dlsym(library, name);
  if (!address && !load_error) {
    const char *why = dlerror();
    size_t size = strlen(name) + (why ? strlen(why) : 0) + 64;
    load_error = malloc(size);
    if (load_error) {
      strcpy(load_error, "libumockdev.so.0 has no ");
      strcat(load_error, name);
      if (why) {
        strcat(load_error, ": ");
        strcat(load_error, why);
      }
    }
  }
  return address;
}

static void load(void) {
  void *library = dlopen("libumockdev.so.0", RTLD_NOW | RTLD_GLOBAL);
  if (!library) {
    const char *why = dlerror();
    const char *prefix = "cannot load libumockdev.so.0 (install the umockdev package): ";
    load_error = malloc(strlen(prefix) + (why ? strlen(why) : 0) + 1);
    if (load_error) {
      strcpy(load_error, prefix);
      if (why) strcat(load_error, why);
    }
    return;
  }
  /* glib's and gobject's functions come with libumockdev (its dependencies). */
  umockdev.testbed_new = symbol(library, "umockdev_testbed_new");
  umockdev.get_root_dir = symbol(library, "umockdev_testbed_get_root_dir");
  umockdev.add_from_string = symbol(library, "umockdev_testbed_add_from_string");
  umockdev.load_ioctl = symbol(library, "umockdev_testbed_load_ioctl");
  umockdev.get_dev_fd = symbol(library, "umockdev_testbed_get_dev_fd");
  umockdev.uevent = symbol(library, "umockdev_testbed_uevent");
  umockdev.remove_device = symbol(library, "umockdev_testbed_remove_device");
  umockdev.object_unref = symbol(library, "g_object_unref");
  umockdev.g_free = symbol(library, "g_free");
  umockdev.error_free = symbol(library, "g_error_free");
}

char *gb_umockdev_load(void) {
  pthread_once(&load_once, load);
  if (!load_error) return NULL;
  return strdup(load_error);
}

/* The message of a GError, freeing it; a malloc'ed copy. */
static char *take_error(gb_gerror *error) {
  const char *fallback = "unknown umockdev error";
  if (!error) return strdup(fallback);
  char *message = strdup(error->message ? error->message : fallback);
  umockdev.error_free(error);
  return message;
}

gb_umockdev_testbed *gb_umockdev_testbed_new(void) {
  return (gb_umockdev_testbed *)umockdev.testbed_new();
}

void gb_umockdev_testbed_free(gb_umockdev_testbed *testbed) { umockdev.object_unref(testbed); }

char *gb_umockdev_testbed_get_root_dir(gb_umockdev_testbed *testbed) {
  char *root = umockdev.get_root_dir(testbed);
  if (!root) return NULL;
  char *copy = strdup(root);
  umockdev.g_free(root);
  return copy;
}

bool gb_umockdev_testbed_add_from_string(gb_umockdev_testbed *testbed, const char *data,
                                         char **error_message) {
  gb_gerror *error = NULL;
  if (umockdev.add_from_string(testbed, data, &error)) return true;
  *error_message = take_error(error);
  return false;
}

bool gb_umockdev_testbed_load_ioctl(gb_umockdev_testbed *testbed, const char *dev,
                                    const char *recordfile, char **error_message) {
  gb_gerror *error = NULL;
  if (umockdev.load_ioctl(testbed, dev, recordfile, &error)) return true;
  *error_message = take_error(error);
  return false;
}

int gb_umockdev_testbed_get_dev_fd(gb_umockdev_testbed *testbed, const char *devnode) {
  return umockdev.get_dev_fd(testbed, devnode);
}

void gb_umockdev_testbed_uevent(gb_umockdev_testbed *testbed, const char *devpath,
                                const char *action) {
  umockdev.uevent(testbed, devpath, action);
}

void gb_umockdev_testbed_remove_device(gb_umockdev_testbed *testbed, const char *syspath) {
  umockdev.remove_device(testbed, syspath);
}
