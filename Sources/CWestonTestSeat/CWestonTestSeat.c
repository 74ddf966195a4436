/* SPDX-License-Identifier: MIT */
/* Everything is inline in include/CWestonTestSeat.h; this file makes the C target. */
#include "CWestonTestSeat.h"
