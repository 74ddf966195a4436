/* SPDX-License-Identifier: MIT */
// Declarations only (see include/CLibFuzzer.h); the definitions come from libFuzzer.
#include "CLibFuzzer.h"
