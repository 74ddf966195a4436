/* SPDX-License-Identifier: MIT */
#ifndef GESTUREBRIDGE_CZLIB_SHIM_H
#define GESTUREBRIDGE_CZLIB_SHIM_H

/* zlib, for the tests that decode the PNG pictures of traces. */
#include <zlib.h>

#endif
