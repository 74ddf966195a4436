/* SPDX-License-Identifier: MIT */
/* gb_wlr_version.h for wlroots 0.19 (sid: libwlroots-0.19.so; Wayfire only). What each name
 * means: wlroots-0.15/gb_wlr_version.h. Against 0.18: struct wlr_touch_point's listeners moved
 * behind `link` (a layout change the headers carry; nothing here names them). */
#ifndef GB_WLR_VERSION_H
#define GB_WLR_VERSION_H

#include "../since-0.16.h"

#define GB_WLR_SERIES "0.19"
#define GB_WLR_SONAME "libwlroots-0.19.so"

#endif
