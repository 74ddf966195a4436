/* SPDX-License-Identifier: MIT */
/* gb_wlr_version.h for wlroots 0.18 (Debian 13: libwlroots-0.18.so; phoc 0.46, sway 1.10).
 * What each name means: wlroots-0.15/gb_wlr_version.h. */
#ifndef GB_WLR_VERSION_H
#define GB_WLR_VERSION_H

#include "../since-0.16.h"

#define GB_WLR_SERIES "0.18"
#define GB_WLR_SONAME "libwlroots-0.18.so"

#endif
