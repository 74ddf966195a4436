# SPDX-License-Identifier: MIT
# Sourced by scripts/install.sh and scripts/test-install.sh: the one release build command of
# what is installed (and of the test seat module the install test loads beside it), so both
# scripts build with the same flags and reuse each other's .build-install/:
#   -Xswiftc -static-stdlib   the Swift runtime, standard library, Dispatch and Foundation
#                             linked in statically (executables and dynamic libraries alike)
#   -Xswiftc -use-ld=lld      the toolchain's lld: with a version script it leaves no local
#                             symbol in .dynsym (gold, the default, keeps some Swift symbols
#                             there as local entries, which `nm -D` lists)
#   -Xlinker -znow            bind every symbol at load time (hardening: BIND_NOW)
#   --disable-local-rpath     no $ORIGIN run path
# Usage: release_build [swift build arguments...] (in the repository root). The build tree is
# .build-install/, or GESTURE_BRIDGE_RELEASE_SCRATCH_PATH (another distribution's root building
# from the same checkout keeps its own, e.g. .build-install-trixie).
# GESTURE_BRIDGE_SWIFT_FLAGS: more swift build arguments (words), the cross-compiling ones of
# debian/rules (--triple, the other architecture's static runtime as -resource-dir). CC and
# CXX are the C compiler of the scripts' own C builds (a cross gcc when cross-compiling):
# SwiftPM would take CC for its clang, so its builds run without them.
release_build_dir="${GESTURE_BRIDGE_RELEASE_SCRATCH_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build-install}"
release_build() {
  # shellcheck disable=SC2086 # GESTURE_BRIDGE_SWIFT_FLAGS is words
  env -u CC -u CXX swift build -c release ${GESTURE_BRIDGE_SWIFT_FLAGS:-} --scratch-path "$release_build_dir" -Xswiftc -static-stdlib \
    -Xswiftc -use-ld=lld -Xlinker -znow --disable-local-rpath "$@"
}
