/* SPDX-License-Identifier: MIT */
/*
 * churn-client: the short-lived clients of scripts/soak-compositor.sh, written against
 * libwayland-client and the generated client header of Protocols/gesture-bridge-v1.xml
 * (Sources/CWaylandProtocols). Every mode prints one JSON line with its outcome on
 * stdout; the exit status says whether the compositor did what the protocol says.
 *
 *   churn-client attach SEED SURFACES RECOGNIZERS THEN
 *       binds gesture_bridge_manager_v1 version 2, makes SURFACES wl_surfaces (no role: they
 *       are never shown, so the soak's well-behaved client keeps the touches), RECOGNIZERS
 *       recognizers spread over them (at most 64 a surface, 1024 in all: exactly the limits
 *       are allowed) of random types and valid random parameters, regions and relations,
 *       commits them, and gives each surface a system gesture surface object with a random
 *       exclusion region and deferred edges, applied by wl_surface.commit; then destroys a
 *       random part of it (recognizers, system gesture objects, whole surfaces, which makes
 *       their recognizers inert) and roundtrips. THEN is `exit` (destroy the rest, disconnect,
 *       exit 0) or `hang` (print the line, then sleep until killed: the soak sends SIGKILL).
 *   churn-client misuse KIND SEED
 *       provokes the protocol error KIND and exits 0 when the compositor raised exactly it
 *       (interface and code), 3 otherwise. KIND: surface-limit, client-limit, invalid-type,
 *       invalid-edges, second-system-surface, invalid-value, not-applicable, self-relation,
 *       cycle.
 *   churn-client stall MAX_REQUESTS
 *       binds the manager, prints a ready line and waits for SIGUSR1; then never reads its
 *       socket: sends wl_display.sync requests (whose replies the compositor
 *       queues for it) until libwayland-server, its buffer for this client full, closes the
 *       connection (a write fails with EPIPE or ECONNRESET): exit 0. Exit 1 when
 *       MAX_REQUESTS were sent and the connection is still open.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <wayland-client.h>

#include "gesture-bridge-v1-client-protocol.h"

#define PROGRAM "churn-client"
#define SURFACE_LIMIT 64
#define CLIENT_LIMIT 1024
#define MAX_SURFACES 32

enum { EXIT_OK = 0, EXIT_CONNECTION = 1, EXIT_USAGE = 2, EXIT_UNEXPECTED = 3 };

struct globals {
  struct wl_compositor *compositor;
  struct gesture_bridge_manager_v1 *manager;
  uint32_t manager_version;
};

static uint64_t rng_state;

static uint32_t next_random(void) {
  /* xorshift64*: reproducible from the seed the soak passes. */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 2685821657736338717ULL) >> 32);
}

static int32_t random_in(int32_t low, int32_t high) {
  return low + (int32_t)(next_random() % (uint32_t)(high - low + 1));
}

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
                            const char *interface, uint32_t version) {
  struct globals *globals = data;
  if (strcmp(interface, wl_compositor_interface.name) == 0) {
    globals->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
  } else if (strcmp(interface, gesture_bridge_manager_v1_interface.name) == 0) {
    globals->manager_version = version < 2 ? version : 2;
    globals->manager = wl_registry_bind(registry, name, &gesture_bridge_manager_v1_interface,
                                        globals->manager_version);
  }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data;
  (void)registry;
  (void)name;
}

static const struct wl_registry_listener registry_listener = {registry_global,
                                                              registry_global_remove};

static struct wl_display *connect_and_bind(struct globals *globals) {
  struct wl_display *display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, PROGRAM ": cannot connect to the Wayland display: %s\n", strerror(errno));
    exit(EXIT_CONNECTION);
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, globals);
  if (wl_display_roundtrip(display) < 0 || globals->compositor == NULL ||
      globals->manager == NULL || globals->manager_version < 2) {
    fprintf(stderr, PROGRAM ": no wl_compositor or gesture_bridge_manager_v1 version 2\n");
    exit(EXIT_CONNECTION);
  }
  return display;
}

/* A random valid recognizer of a random type on surface, with its parameters set. */
static struct gesture_bridge_recognizer_v1 *random_recognizer(struct globals *globals,
                                                              struct wl_surface *surface) {
  uint32_t type = (uint32_t)random_in(1, 7);
  struct gesture_bridge_recognizer_v1 *recognizer =
      gesture_bridge_manager_v1_get_recognizer(globals->manager, surface, type);
  switch (type) {
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP:
    gesture_bridge_recognizer_v1_set_number_of_taps_required(recognizer, random_in(1, 3));
    gesture_bridge_recognizer_v1_set_number_of_touches_required(recognizer, random_in(1, 3));
    break;
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_LONG_PRESS:
    gesture_bridge_recognizer_v1_set_minimum_press_duration(recognizer,
                                                            random_in(100000, 900000));
    gesture_bridge_recognizer_v1_set_allowable_movement(recognizer,
                                                        wl_fixed_from_int(random_in(1, 40)));
    break;
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN: {
    int32_t minimum = random_in(1, 2);
    gesture_bridge_recognizer_v1_set_minimum_number_of_touches(recognizer, minimum);
    gesture_bridge_recognizer_v1_set_maximum_number_of_touches(recognizer,
                                                               random_in(minimum, 5));
    break;
  }
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_SWIPE:
    gesture_bridge_recognizer_v1_set_direction(recognizer, (uint32_t)random_in(1, 15));
    gesture_bridge_recognizer_v1_set_number_of_touches_required(recognizer, random_in(1, 2));
    break;
  case GESTURE_BRIDGE_MANAGER_V1_TYPE_SCREEN_EDGE_PAN:
    gesture_bridge_recognizer_v1_set_edges(recognizer, 1u << random_in(0, 3));
    break;
  default: /* pinch, rotation: the common properties only */
    break;
  }
  gesture_bridge_recognizer_v1_set_cancels_touches(recognizer, (uint32_t)random_in(0, 1));
  gesture_bridge_recognizer_v1_set_delays_touches_began(recognizer, (uint32_t)random_in(0, 1));
  gesture_bridge_recognizer_v1_set_delays_touches_ended(recognizer, (uint32_t)random_in(0, 1));
  if (random_in(0, 3) == 0) {
    struct wl_region *region = wl_compositor_create_region(globals->compositor);
    wl_region_add(region, random_in(0, 200), random_in(0, 200), random_in(1, 400),
                  random_in(1, 300));
    gesture_bridge_recognizer_v1_set_region(recognizer, region);
    wl_region_destroy(region);
  }
  if (random_in(0, 7) == 0) gesture_bridge_recognizer_v1_set_enabled(recognizer, 0);
  return recognizer;
}

static void defer_system_gestures(struct globals *globals,
                                  struct gesture_bridge_system_gesture_surface_v1 *object,
                                  struct wl_surface *surface) {
  struct wl_region *region = NULL;
  if (random_in(0, 2) != 0) {
    region = wl_compositor_create_region(globals->compositor);
    wl_region_add(region, random_in(-50, 300), random_in(-50, 300), random_in(1, 500),
                  random_in(1, 500));
  }
  gesture_bridge_system_gesture_surface_v1_set_exclusion_region(object, region);
  if (region) wl_region_destroy(region);
  gesture_bridge_system_gesture_surface_v1_set_deferred_edges(object,
                                                              (uint32_t)random_in(0, 15));
  wl_surface_commit(surface);
}

static int attach(uint64_t seed, int surfaces, int recognizers, const char *then) {
  rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
  struct globals globals = {0};
  struct wl_display *display = connect_and_bind(&globals);
  struct wl_surface *surface[MAX_SURFACES] = {0};
  struct gesture_bridge_system_gesture_surface_v1 *deferral[MAX_SURFACES] = {0};
  static struct gesture_bridge_recognizer_v1 *made[CLIENT_LIMIT];
  int owner[CLIENT_LIMIT];
  for (int s = 0; s < surfaces; s++) {
    surface[s] = wl_compositor_create_surface(globals.compositor);
    deferral[s] = gesture_bridge_manager_v1_get_system_gesture_surface(globals.manager,
                                                                        surface[s]);
    defer_system_gestures(&globals, deferral[s], surface[s]);
  }
  for (int r = 0; r < recognizers; r++) {
    owner[r] = r % surfaces;
    made[r] = random_recognizer(&globals, surface[owner[r]]);
    /* Relations to earlier recognizers of the client (any surface); require_failure_of
     * only points backwards, so there is no cycle. */
    if (r > 0 && random_in(0, 3) == 0)
      gesture_bridge_recognizer_v1_require_failure_of(made[r], made[random_in(0, r - 1)]);
    if (r > 0 && random_in(0, 3) == 0)
      gesture_bridge_recognizer_v1_recognize_simultaneously_with(made[r],
                                                                 made[random_in(0, r - 1)]);
    gesture_bridge_recognizer_v1_commit(made[r]);
    if (r % 64 == 63 && wl_display_roundtrip(display) < 0) break;
  }
  int destroyed_recognizers = 0, destroyed_surfaces = 0, destroyed_deferrals = 0;
  for (int r = 0; r < recognizers; r++) {
    if (random_in(0, 4) == 0) {
      gesture_bridge_recognizer_v1_destroy(made[r]);
      made[r] = NULL;
      destroyed_recognizers++;
    }
  }
  for (int s = 0; s < surfaces; s++) {
    if (random_in(0, 3) == 0) {
      gesture_bridge_system_gesture_surface_v1_destroy(deferral[s]);
      deferral[s] = NULL;
      wl_surface_commit(surface[s]);
      destroyed_deferrals++;
    } else if (random_in(0, 3) == 0) {
      wl_surface_destroy(surface[s]); /* its recognizers and deferral become inert */
      surface[s] = NULL;
      destroyed_surfaces++;
    }
  }
  if (wl_display_roundtrip(display) < 0) {
    int error = wl_display_get_error(display);
    const struct wl_interface *interface = NULL;
    uint32_t code = wl_display_get_protocol_error(display, &interface, NULL);
    printf("{\"mode\":\"attach\",\"error\":\"%s\",\"interface\":\"%s\",\"code\":%u}\n",
           strerror(error), interface ? interface->name : "", code);
    return EXIT_UNEXPECTED;
  }
  printf("{\"mode\":\"attach\",\"surfaces\":%d,\"recognizers\":%d,\"destroyedRecognizers\":%d,"
         "\"destroyedSurfaces\":%d,\"destroyedDeferrals\":%d}\n",
         surfaces, recognizers, destroyed_recognizers, destroyed_surfaces, destroyed_deferrals);
  fflush(stdout);
  if (strcmp(then, "hang") == 0) {
    for (;;) pause(); /* the soak kills this client with SIGKILL */
  }
  for (int r = 0; r < recognizers; r++)
    if (made[r]) gesture_bridge_recognizer_v1_destroy(made[r]);
  for (int s = 0; s < surfaces; s++) {
    if (deferral[s]) gesture_bridge_system_gesture_surface_v1_destroy(deferral[s]);
    if (surface[s]) wl_surface_destroy(surface[s]);
  }
  gesture_bridge_manager_v1_destroy(globals.manager);
  wl_compositor_destroy(globals.compositor);
  int status = wl_display_roundtrip(display) < 0 ? EXIT_UNEXPECTED : EXIT_OK;
  wl_display_disconnect(display);
  return status;
}

struct expectation {
  const char *kind;
  const struct wl_interface *interface;
  uint32_t code;
};

static int misuse(const char *kind, uint64_t seed) {
  rng_state = seed * 0x9E3779B97F4A7C15ULL + 7;
  const struct expectation expectations[] = {
      {"surface-limit", &gesture_bridge_manager_v1_interface,
       GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS},
      {"client-limit", &gesture_bridge_manager_v1_interface,
       GESTURE_BRIDGE_MANAGER_V1_ERROR_TOO_MANY_RECOGNIZERS},
      {"invalid-type", &gesture_bridge_manager_v1_interface,
       GESTURE_BRIDGE_MANAGER_V1_ERROR_INVALID_TYPE},
      {"second-system-surface", &gesture_bridge_manager_v1_interface,
       GESTURE_BRIDGE_MANAGER_V1_ERROR_SYSTEM_GESTURE_SURFACE_EXISTS},
      {"invalid-edges", &gesture_bridge_system_gesture_surface_v1_interface,
       GESTURE_BRIDGE_SYSTEM_GESTURE_SURFACE_V1_ERROR_INVALID_EDGES},
      {"invalid-value", &gesture_bridge_recognizer_v1_interface,
       GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_VALUE},
      {"not-applicable", &gesture_bridge_recognizer_v1_interface,
       GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_NOT_APPLICABLE},
      {"self-relation", &gesture_bridge_recognizer_v1_interface,
       GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION},
      {"cycle", &gesture_bridge_recognizer_v1_interface,
       GESTURE_BRIDGE_RECOGNIZER_V1_ERROR_INVALID_RELATION},
  };
  const struct expectation *expected = NULL;
  for (size_t i = 0; i < sizeof expectations / sizeof expectations[0]; i++)
    if (strcmp(kind, expectations[i].kind) == 0) expected = &expectations[i];
  if (expected == NULL) {
    fprintf(stderr, PROGRAM ": unknown misuse '%s'\n", kind);
    return EXIT_USAGE;
  }
  struct globals globals = {0};
  struct wl_display *display = connect_and_bind(&globals);
  struct wl_surface *surface = wl_compositor_create_surface(globals.compositor);
  struct gesture_bridge_recognizer_v1 *a, *b;
  if (strcmp(kind, "surface-limit") == 0) {
    for (int i = 0; i <= SURFACE_LIMIT; i++) random_recognizer(&globals, surface);
  } else if (strcmp(kind, "client-limit") == 0) {
    /* 1024 spread over 16 surfaces (64 each) are allowed; the 1025th, on a 17th, is not. */
    struct wl_surface *surfaces[17];
    for (int s = 0; s < 17; s++) surfaces[s] = wl_compositor_create_surface(globals.compositor);
    for (int i = 0; i <= CLIENT_LIMIT; i++) {
      gesture_bridge_recognizer_v1_commit(random_recognizer(&globals, surfaces[i / 64]));
      if (i % 64 == 63 && wl_display_roundtrip(display) < 0) break;
    }
  } else if (strcmp(kind, "invalid-type") == 0) {
    gesture_bridge_manager_v1_get_recognizer(globals.manager, surface,
                                             next_random() % 2 ? 0 : (uint32_t)random_in(8, 999));
  } else if (strcmp(kind, "second-system-surface") == 0) {
    gesture_bridge_manager_v1_get_system_gesture_surface(globals.manager, surface);
    gesture_bridge_manager_v1_get_system_gesture_surface(globals.manager, surface);
  } else if (strcmp(kind, "invalid-edges") == 0) {
    struct gesture_bridge_system_gesture_surface_v1 *object =
        gesture_bridge_manager_v1_get_system_gesture_surface(globals.manager, surface);
    gesture_bridge_system_gesture_surface_v1_set_deferred_edges(object,
                                                                (uint32_t)random_in(16, 4096));
  } else if (strcmp(kind, "invalid-value") == 0) {
    a = gesture_bridge_manager_v1_get_recognizer(globals.manager, surface,
                                                 GESTURE_BRIDGE_MANAGER_V1_TYPE_TAP);
    gesture_bridge_recognizer_v1_set_number_of_taps_required(a, random_in(-5, 0));
  } else if (strcmp(kind, "not-applicable") == 0) {
    a = gesture_bridge_manager_v1_get_recognizer(globals.manager, surface,
                                                 GESTURE_BRIDGE_MANAGER_V1_TYPE_PAN);
    gesture_bridge_recognizer_v1_set_number_of_taps_required(a, 2);
  } else if (strcmp(kind, "self-relation") == 0) {
    a = random_recognizer(&globals, surface);
    gesture_bridge_recognizer_v1_recognize_simultaneously_with(a, a);
  } else { /* cycle */
    a = random_recognizer(&globals, surface);
    b = random_recognizer(&globals, surface);
    gesture_bridge_recognizer_v1_require_failure_of(a, b);
    gesture_bridge_recognizer_v1_commit(a);
    gesture_bridge_recognizer_v1_require_failure_of(b, a);
    gesture_bridge_recognizer_v1_commit(b);
  }
  wl_display_roundtrip(display);
  int error = wl_display_get_error(display);
  const struct wl_interface *interface = NULL;
  uint32_t code = error == EPROTO ? wl_display_get_protocol_error(display, &interface, NULL) : 0;
  bool as_expected = error == EPROTO && interface == expected->interface && code == expected->code;
  printf("{\"mode\":\"misuse\",\"kind\":\"%s\",\"error\":\"%s\",\"interface\":\"%s\","
         "\"code\":%u,\"expected\":\"%s %u\",\"asExpected\":%s}\n",
         kind, error ? strerror(error) : "none", interface ? interface->name : "", code,
         expected->interface->name, expected->code, as_expected ? "true" : "false");
  wl_display_disconnect(display);
  return as_expected ? EXIT_OK : EXIT_UNEXPECTED;
}

static int stall(long max_requests) {
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  sigprocmask(SIG_BLOCK, &usr1, NULL);
  struct globals globals = {0};
  struct wl_display *display = connect_and_bind(&globals);
  int fd = wl_display_get_fd(display);
  long sent = 0;
  printf("{\"mode\":\"stall\",\"ready\":true}\n");
  int received;
  sigwait(&usr1, &received); /* the soak starts the flood while touches are played */
  while (sent < max_requests) {
    /* A batch small enough for libwayland-client's 4 KiB output buffer, then flushed
     * completely (waiting for the socket to take it); nothing is ever read. */
    for (int i = 0; i < 64 && sent < max_requests; i++, sent++)
      wl_callback_destroy(wl_display_sync(display));
    while (wl_display_flush(display) < 0) {
      if (errno == EPIPE || errno == ECONNRESET) {
        printf("{\"mode\":\"stall\",\"disconnected\":true,\"requests\":%ld}\n", sent);
        return EXIT_OK;
      }
      if (errno != EAGAIN) {
        printf("{\"mode\":\"stall\",\"disconnected\":false,\"requests\":%ld,\"error\":\"%s\"}\n",
               sent, strerror(errno));
        return EXIT_UNEXPECTED;
      }
      struct pollfd pfd = {.fd = fd, .events = POLLOUT};
      poll(&pfd, 1, 1000);
    }
  }
  printf("{\"mode\":\"stall\",\"disconnected\":false,\"requests\":%ld}\n", sent);
  return EXIT_CONNECTION;
}

static void usage(void) {
  fprintf(stderr, "usage: " PROGRAM " attach SEED SURFACES RECOGNIZERS exit|hang\n"
                  "       " PROGRAM " misuse KIND SEED\n"
                  "       " PROGRAM " stall MAX_REQUESTS\n");
  exit(EXIT_USAGE);
}

static long number(const char *text, long low, long high) {
  char *end = NULL;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (errno || end == text || *end || value < low || value > high) {
    fprintf(stderr, PROGRAM ": '%s' is not a number in %ld...%ld\n", text, low, high);
    usage();
  }
  return value;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc == 6 && strcmp(argv[1], "attach") == 0) {
    int surfaces = (int)number(argv[3], 1, MAX_SURFACES);
    int recognizers = (int)number(argv[4], 1, CLIENT_LIMIT);
    if (recognizers > surfaces * SURFACE_LIMIT ||
        (strcmp(argv[5], "exit") != 0 && strcmp(argv[5], "hang") != 0))
      usage();
    return attach((uint64_t)number(argv[2], 0, 1L << 40), surfaces, recognizers, argv[5]);
  }
  if (argc == 4 && strcmp(argv[1], "misuse") == 0)
    return misuse(argv[2], (uint64_t)number(argv[3], 0, 1L << 40));
  if (argc == 3 && strcmp(argv[1], "stall") == 0)
    return stall(number(argv[2], 1, 1L << 40));
  usage();
  return EXIT_USAGE;
}
