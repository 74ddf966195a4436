/* SPDX-License-Identifier: MIT */
/* gbc_client: finding and binding gesture_bridge_manager_v1 on the app's display, on the
 * library's own event queue. */
#include <stdlib.h>
#include <string.h>

#include "gbc-internal.h"

struct global_search {
  uint32_t name;
  uint32_t version;
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
                            const char *interface, uint32_t version) {
  struct global_search *search = data;
  (void)registry;
  if (search->name == 0 && strcmp(interface, gesture_bridge_manager_v1_interface.name) == 0) {
    search->name = name;
    search->version = version;
  }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  struct global_search *search = data;
  (void)registry;
  if (search->name == name) {
    search->name = 0;
    search->version = 0;
  }
}

static const struct wl_registry_listener registry_listener = {
    .global = registry_global,
    .global_remove = registry_global_remove,
};

static uint32_t bound_version(uint32_t advertised) {
  return advertised < GBC_MANAGER_VERSION ? advertised : GBC_MANAGER_VERSION;
}

/* A client with its queue and display wrapper, no manager yet. */
static struct gbc_client *client_new(struct wl_display *display) {
  struct gbc_client *client = calloc(1, sizeof *client);
  if (client == NULL) return NULL;
  client->display = display;
  wl_list_init(&client->recognizers);
  wl_list_init(&client->deferrals);
  client->queue = wl_display_create_queue(display);
  if (client->queue == NULL) {
    free(client);
    return NULL;
  }
  client->display_wrapper = wl_proxy_create_wrapper(display);
  if (client->display_wrapper == NULL) {
    wl_event_queue_destroy(client->queue);
    free(client);
    return NULL;
  }
  wl_proxy_set_queue((struct wl_proxy *)client->display_wrapper, client->queue);
  return client;
}

static void client_free(struct gbc_client *client) {
  if (client->manager != NULL) gesture_bridge_manager_v1_destroy(client->manager);
  wl_proxy_wrapper_destroy(client->display_wrapper);
  gbc_internal_flush(client);
  wl_event_queue_destroy(client->queue);
  free(client);
}

static struct gbc_client *fail_create(struct gbc_client *client, enum gbc_unavailable_reason why,
                                      enum gbc_unavailable_reason *reason) {
  if (client != NULL) client_free(client);
  if (reason != NULL) *reason = why;
  return NULL;
}

GBC_EXPORT struct gbc_client *gbc_client_create(struct wl_display *display, int timeout_ms,
                                                enum gbc_unavailable_reason *reason) {
  if (display == NULL) return fail_create(NULL, GBC_UNAVAILABLE_INVALID_ARGUMENT, reason);
  if (wl_display_get_error(display) != 0)
    return fail_create(NULL, GBC_UNAVAILABLE_CONNECTION_ERROR, reason);
  gbc_internal_capture_log();
  struct gbc_client *client = client_new(display);
  if (client == NULL) return fail_create(NULL, GBC_UNAVAILABLE_NO_MEMORY, reason);

  struct wl_registry *registry = wl_display_get_registry(client->display_wrapper);
  if (registry == NULL) return fail_create(client, GBC_UNAVAILABLE_NO_MEMORY, reason);
  struct global_search search = {0, 0};
  wl_registry_add_listener(registry, &registry_listener, &search);
  int answered =
      gbc_internal_roundtrip(display, client->display_wrapper, client->queue, timeout_ms);
  if (answered != 0 || search.name == 0) {
    wl_registry_destroy(registry);
    if (answered < 0) return fail_create(client, GBC_UNAVAILABLE_CONNECTION_ERROR, reason);
    if (answered > 0) return fail_create(client, GBC_UNAVAILABLE_TIMED_OUT, reason);
    return fail_create(client, GBC_UNAVAILABLE_NO_GLOBAL, reason);
  }
  client->version = bound_version(search.version);
  client->manager = wl_registry_bind(registry, search.name, &gesture_bridge_manager_v1_interface,
                                     client->version);
  wl_registry_destroy(registry);
  if (client->manager == NULL) return fail_create(client, GBC_UNAVAILABLE_NO_MEMORY, reason);
  gbc_internal_flush(client);
  if (reason != NULL) *reason = GBC_UNAVAILABLE_NONE;
  return client;
}

GBC_EXPORT struct gbc_client *gbc_client_create_from_global(struct wl_display *display,
                                                            struct wl_registry *registry,
                                                            uint32_t name, uint32_t version) {
  if (display == NULL || registry == NULL || version == 0) return NULL;
  gbc_internal_capture_log();
  struct gbc_client *client = client_new(display);
  if (client == NULL) return NULL;
  struct wl_registry *wrapper = wl_proxy_create_wrapper(registry);
  if (wrapper == NULL) {
    client_free(client);
    return NULL;
  }
  wl_proxy_set_queue((struct wl_proxy *)wrapper, client->queue);
  client->version = bound_version(version);
  client->manager =
      wl_registry_bind(wrapper, name, &gesture_bridge_manager_v1_interface, client->version);
  wl_proxy_wrapper_destroy(wrapper);
  if (client->manager == NULL) {
    client_free(client);
    return NULL;
  }
  gbc_internal_flush(client);
  return client;
}

void gbc_internal_finish_destroy(struct gbc_client *client) {
  if (client->dispatch_depth > 0 || !client->destroy_pending) return;
  gbc_internal_destroy_recognizers(client);
  gbc_internal_destroy_deferrals(client);
  client_free(client);
}

GBC_EXPORT void gbc_client_destroy(struct gbc_client *client) {
  if (client == NULL) return;
  client->destroy_pending = true;
  client->delivering = NULL;
  gbc_internal_finish_destroy(client);
}

GBC_EXPORT uint32_t gbc_client_get_version(const struct gbc_client *client) {
  return client != NULL ? client->version : 0;
}

GBC_EXPORT struct wl_display *gbc_client_get_display(const struct gbc_client *client) {
  return client != NULL ? client->display : NULL;
}

GBC_EXPORT int gbc_client_get_fd(const struct gbc_client *client) {
  return client != NULL ? wl_display_get_fd(client->display) : -1;
}

GBC_EXPORT void gbc_client_set_gesture_callback(struct gbc_client *client,
                                                gbc_gesture_callback callback, void *user_data) {
  if (client == NULL) return;
  client->gesture_callback = callback;
  client->gesture_user_data = user_data;
}

GBC_EXPORT void gbc_client_set_error_callback(struct gbc_client *client,
                                              gbc_error_callback callback, void *user_data) {
  if (client == NULL) return;
  client->error_callback = callback;
  client->error_user_data = user_data;
}
