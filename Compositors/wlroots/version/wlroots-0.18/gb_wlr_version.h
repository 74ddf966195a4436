/* SPDX-License-Identifier: MIT */
/* gb_wlr_version.h for wlroots 0.18 (Debian 13: libwlroots-0.18.so; phoc 0.46, sway 1.10).
 * What each name means: wlroots-0.15/gb_wlr_version.h. */
#ifndef GB_WLR_VERSION_H
#define GB_WLR_VERSION_H

#include "../since-0.16.h"

#define GB_WLR_SERIES "0.18"
#define GB_WLR_SONAME "libwlroots-0.18.so"

#define GB_WLR_DEFINE_TOUCH_GRAB(name, on_down, on_up, on_wl_cancel)                           \
  GB_WLR_DEFINE_TOUCH_GRAB_CALLBACKS(name, on_down, on_up, on_wl_cancel)                       \
  static const struct wlr_touch_grab_interface name = {                                        \
      .down = name##_down,                                                                     \
      .up = name##_up,                                                                         \
      .motion = name##_point,                                                                  \
      .enter = name##_point,                                                                   \
      .frame = name##_nothing,                                                                 \
      .cancel = name##_nothing,                                                                \
      .wl_cancel = name##_wl_cancel,                                                           \
  }

#endif
