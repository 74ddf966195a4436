/* SPDX-License-Identifier: MIT */
/* What the CDriveSeat headers of weston 14 and later share (included by
 * libweston-14/CDriveSeat.h and libweston-16/CDriveSeat.h after
 * ../CDriveSeatShared.h): a view's global position is its pos_offset. */
#ifndef CDRIVE_SEAT_14_PLUS_H
#define CDRIVE_SEAT_14_PLUS_H

static inline int32_t cwts_view_x(const struct weston_view *view) {
  return (int32_t)view->geometry.pos_offset.x;
}
static inline int32_t cwts_view_y(const struct weston_view *view) {
  return (int32_t)view->geometry.pos_offset.y;
}

#endif
