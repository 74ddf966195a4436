#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds libgesture-bridge-wlroots-preload.so, the LD_PRELOAD loader of GestureBridge for
# unmodified wlroots 0.15 compositors (phoc, sway, cage; docs/phones.md), with cc.
#
# Usage: build.sh OUTPUT LIBRARY_DIR LIBRARY_NAME [RPATH]
#   OUTPUT        the .so to write
#   LIBRARY_DIR   where the C ABI library is (libgesture-bridge.so installed,
#                 .build/debug/libgesture-bridge-c.so in the tests)
#   LIBRARY_NAME  gesture-bridge or gesture-bridge-c (linked as -lLIBRARY_NAME)
#   RPATH         optional run path for it (the tests' .build/debug)
# Needs cc, pkg-config, libwlroots-dev (wlroots 0.15 headers), libwayland-dev, libpixman-1-dev.
# wlroots itself is not linked: its functions come from the compositor's own libwlroots,
# which the loader checks at start (libwlroots.so.10) before calling any of them. Lazy
# binding (-z lazy) keeps a process without wlroots loadable. It exports only the wlroots
# functions it interposes (gesture-bridge-wlroots-preload.map).
set -eu
[ $# -ge 3 ] || { echo "usage: $0 OUTPUT LIBRARY_DIR LIBRARY_NAME [RPATH]" >&2; exit 2; }
output=$1 library_dir=$2 library_name=$3 rpath=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v cc >/dev/null 2>&1 || { echo "$0: cc is not installed" >&2; exit 1; }
pkg-config --exists wlroots wayland-server pixman-1 ||
  { echo "$0: libwlroots-dev, libwayland-dev or libpixman-1-dev is not installed" >&2; exit 1; }
version=$(pkg-config --modversion wlroots)
case $version in
0.15.*) ;;
*) echo "$0: wlroots $version: this loader is written for wlroots 0.15" >&2; exit 1 ;;
esac
set -- -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -Wl,-z,lazy \
  -Wl,--version-script="$here/gesture-bridge-wlroots-preload.map" \
  -I"$root/Compositors/wlroots/include" -I"$root/Sources/CGestureBridge/include"
[ -n "$rpath" ] && set -- "$@" -Wl,-rpath,"$rpath"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc "$@" $(pkg-config --cflags wlroots wayland-server pixman-1) -o "$output" \
  "$here/gb_wlr_preload.c" "$root/Compositors/wlroots/gb_wlr_adapter.c" \
  -L"$library_dir" -l"$library_name" $(pkg-config --libs wayland-server pixman-1) -lm -ldl
