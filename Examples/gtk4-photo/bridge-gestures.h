/* SPDX-License-Identifier: MIT */
/* The compositor path: gesture-bridge-v1 recognizers on the window's wl_surface through
 * libgesture-bridge-client, and (version 2) the drawer's exclusion region and deferred left
 * edge. */
#ifndef BRIDGE_GESTURES_H
#define BRIDGE_GESTURES_H

#include "photo-app.h"

/* For the realized window of app: the recognizers follow the picture and the drawer (their
 * regions, the drawer's system-gesture exclusion and deferred left edge are set after GTK's
 * layout phase of any frame where they moved, opened or closed, so that frame's
 * wl_surface.commit applies them). NULL when the display is not Wayland or the compositor
 * offers no gesture_bridge_manager_v1: *why_not says why (free it with g_free). */
BridgeGestures *bridge_gestures_new(PhotoApp *app, char **why_not);
/* The version of gesture_bridge_manager_v1 bound. */
uint32_t bridge_gestures_version(const BridgeGestures *gestures);
/* Calls done once the compositor has handled every request sent so far (wl_display.sync). */
void bridge_gestures_sync(BridgeGestures *gestures, void (*done)(void *data), void *data);
void bridge_gestures_free(BridgeGestures *gestures);

#endif
