#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (release, -sanitize=fuzzer,address) into .build-fuzz/release:
#   fuzz-recording-reader  bytes as a libinput record file -> reader -> decoder -> engine
#   fuzz-touch-decoder     bytes as touchscreens + evdev events -> decoder -> engine
# -D FUZZING makes each target's main hand the command line to libFuzzer's driver
# (LLVMFuzzerRunDriver). lld links: gold fails on the sanitizer objects (internal error in
# format_file_lineno). Usage: Fuzz/build.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(fuzz-recording-reader fuzz-touch-decoder); fi
for target in "${targets[@]}"; do
  swift build -c release --scratch-path .build-fuzz --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
done
echo "built: $(for t in "${targets[@]}"; do printf '.build-fuzz/release/%s ' "$t"; done)"
