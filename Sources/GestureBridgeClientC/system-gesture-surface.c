/* SPDX-License-Identifier: MIT */
/* gbc_system_gesture_surface: gesture_bridge_system_gesture_surface_v1 (version 2), one per
 * wl_surface, its requests checked first. Its state is double-buffered on wl_surface.commit,
 * which the app (its toolkit) sends; the library never commits a surface. */
#include <stdlib.h>

#include "gbc-internal.h"

static void set_status(enum gbc_status *out, enum gbc_status status) {
  if (out != NULL) *out = status;
}

GBC_EXPORT struct gbc_system_gesture_surface *
gbc_system_gesture_surface_create(struct gbc_client *client, struct wl_surface *surface,
                                  enum gbc_status *status) {
  if (client == NULL || surface == NULL) {
    set_status(status, GBC_STATUS_INVALID_ARGUMENT);
    return NULL;
  }
  int connection = gbc_internal_check_connection(client);
  if (connection != GBC_STATUS_OK) {
    set_status(status, (enum gbc_status)connection);
    return NULL;
  }
  if (client->version < GESTURE_BRIDGE_MANAGER_V1_GET_SYSTEM_GESTURE_SURFACE_SINCE_VERSION) {
    set_status(status, GBC_STATUS_UNSUPPORTED_VERSION);
    return NULL;
  }
  struct gbc_system_gesture_surface *existing;
  wl_list_for_each(existing, &client->deferrals, link) {
    if (existing->surface == surface) {
      set_status(status, GBC_STATUS_LIMIT);
      return NULL;
    }
  }
  struct gbc_system_gesture_surface *deferral = calloc(1, sizeof *deferral);
  if (deferral == NULL) {
    set_status(status, GBC_STATUS_NO_MEMORY);
    return NULL;
  }
  deferral->proxy = gesture_bridge_manager_v1_get_system_gesture_surface(client->manager, surface);
  if (deferral->proxy == NULL) {
    free(deferral);
    set_status(status, GBC_STATUS_NO_MEMORY);
    return NULL;
  }
  deferral->client = client;
  deferral->surface = surface;
  wl_list_insert(&client->deferrals, &deferral->link);
  gbc_internal_flush(client);
  set_status(status, GBC_STATUS_OK);
  return deferral;
}

static void deferral_free(struct gbc_system_gesture_surface *deferral) {
  struct gbc_client *client = deferral->client;
  wl_list_remove(&deferral->link);
  gesture_bridge_system_gesture_surface_v1_destroy(deferral->proxy);
  free(deferral);
  gbc_internal_flush(client);
}

GBC_EXPORT void gbc_system_gesture_surface_destroy(struct gbc_system_gesture_surface *deferral) {
  if (deferral != NULL) deferral_free(deferral);
}

void gbc_internal_destroy_deferrals(struct gbc_client *client) {
  struct gbc_system_gesture_surface *deferral, *next;
  wl_list_for_each_safe(deferral, next, &client->deferrals, link) deferral_free(deferral);
}

GBC_EXPORT int
gbc_system_gesture_surface_set_exclusion_region(struct gbc_system_gesture_surface *deferral,
                                                struct wl_region *region) {
  if (deferral == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(deferral->client);
  if (status != GBC_STATUS_OK) return status;
  gesture_bridge_system_gesture_surface_v1_set_exclusion_region(deferral->proxy, region);
  gbc_internal_flush(deferral->client);
  return GBC_STATUS_OK;
}

GBC_EXPORT int
gbc_system_gesture_surface_set_deferred_edges(struct gbc_system_gesture_surface *deferral,
                                              uint32_t edges) {
  if (deferral == NULL) return GBC_STATUS_INVALID_ARGUMENT;
  int status = gbc_internal_check_connection(deferral->client);
  if (status != GBC_STATUS_OK) return status;
  const uint32_t four_edges =
      GBC_EDGES_TOP | GBC_EDGES_LEFT | GBC_EDGES_BOTTOM | GBC_EDGES_RIGHT;
  if ((edges & ~four_edges) != 0) return GBC_STATUS_INVALID_VALUE;
  gesture_bridge_system_gesture_surface_v1_set_deferred_edges(deferral->proxy, edges);
  gbc_internal_flush(deferral->client);
  return GBC_STATUS_OK;
}
