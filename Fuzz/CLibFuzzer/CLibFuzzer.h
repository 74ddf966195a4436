/* SPDX-License-Identifier: MIT */
// libFuzzer's driver entry point (compiler-rt, `-sanitize=fuzzer`), called from the fuzz
// targets' own main so SwiftPM's renamed executable entry point still runs libFuzzer.
#ifndef GESTUREBRIDGE_CLIBFUZZER_H
#define GESTUREBRIDGE_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
