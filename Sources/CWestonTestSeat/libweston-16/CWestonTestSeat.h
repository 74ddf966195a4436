/* SPDX-License-Identifier: MIT */
/* CWestonTestSeat for weston 16: what the test seat needs did not change from weston 14 (the
 * desktop API in libweston, views' pos_offset, read_pixels first in the internal renderer),
 * so it is weston 14's header. */
#include "../libweston-14/CWestonTestSeat.h"
