/* SPDX-License-Identifier: MIT */
/* gb_wlr_version.h for wlroots 0.20 (sid: libwlroots-0.20.so; phoc 0.58, sway 1.12). What each
 * name means: wlroots-0.15/gb_wlr_version.h. Against 0.19: the touch grab interface has
 * clear_focus (wlr_seat_touch_notify_clear_focus), which the adapter's grab, like its enter,
 * leaves alone: the bridge, not the point's focus, decides who gets the touches. */
#ifndef GB_WLR_VERSION_H
#define GB_WLR_VERSION_H

/* clear_focus, which the grab leaves alone as it does enter (since-0.16.h's name##_point). */
#define GB_WLR_TOUCH_GRAB_EXTRA_FIELDS(name) .clear_focus = name##_point,

#include "../since-0.16.h"

#define GB_WLR_SERIES "0.20"
#define GB_WLR_SONAME "libwlroots-0.20.so"

#endif
