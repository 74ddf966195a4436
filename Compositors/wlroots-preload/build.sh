#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds libgesture-bridge-wlroots-preload.so, the LD_PRELOAD loader of GestureBridge for
# unmodified wlroots compositors (phoc, sway, cage; docs/phones.md), with cc, for one wlroots
# version: 0.15, 0.18, 0.19 or 0.20 (each has a layer in Compositors/wlroots/version).
#
# Usage: build.sh [--wlroots SERIES] OUTPUT LIBRARY_DIR LIBRARY_NAME [RPATH]
#   --wlroots     the wlroots version to build for (0.15, 0.18, 0.19, 0.20); without it, the
#                 newest whose headers are installed (Compositors/wlroots/version/select.sh,
#                 from pkg-config: wlroots-0.20, wlroots-0.19, wlroots-0.18, wlroots 0.15.x)
#   OUTPUT        the .so to write
#   LIBRARY_DIR   where the C ABI library is (libgesture-bridge.so installed,
#                 .build/debug/libgesture-bridge-c.so in the tests)
#   LIBRARY_NAME  gesture-bridge or gesture-bridge-c (linked as -lLIBRARY_NAME)
#   RPATH         optional run path for it (the tests' .build/debug)
# Prints "wlroots SERIES (SONAME)" on stderr. Needs cc, pkg-config, that wlroots' headers
# (libwlroots-dev on Debian 12, libwlroots-0.18-dev on 13, ...), libwayland-dev and
# libpixman-1-dev. wlroots itself is not linked: its functions come from the compositor's own
# libwlroots, which the loader checks at start (the soname of the version it is built for)
# before calling any of them. Lazy binding (-z lazy) keeps a process without wlroots
# loadable. It exports only the wlroots functions it interposes
# (gesture-bridge-wlroots-preload.map). CC overrides the compiler (default cc; a cross
# compiler such as aarch64-linux-gnu-gcc, with pkg-config searching that architecture's .pc
# files).
set -eu
usage="usage: $0 [--wlroots SERIES] OUTPUT LIBRARY_DIR LIBRARY_NAME [RPATH]"
series=""
if [ "${1:-}" = --wlroots ]; then
  [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
  series=$2
  shift 2
fi
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
output=$1 library_dir=$2 library_name=$3 rpath=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "$0: $cc is not installed" >&2; exit 1; }
command -v pkg-config >/dev/null 2>&1 || { echo "$0: pkg-config is not installed" >&2; exit 1; }
# SERIES PACKAGE SONAME (an empty $series: no argument, the newest installed)
# shellcheck disable=SC2086
selected=$("$root/Compositors/wlroots/version/select.sh" $series) || exit 1
# shellcheck disable=SC2086
set -- $selected
series=$1 package=$2 soname=$3
pkg-config --exists wayland-server pixman-1 ||
  { echo "$0: libwayland-dev or libpixman-1-dev is not installed" >&2; exit 1; }
echo "$0: wlroots $series ($soname)" >&2
set -- -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -Wl,-z,lazy \
  -Wl,--version-script="$here/gesture-bridge-wlroots-preload.map" \
  -DGB_WLR_BUILT_VERSION="\"$(pkg-config --modversion "$package")\"" \
  -I"$root/Compositors/wlroots/version/wlroots-$series" \
  -I"$root/Compositors/wlroots/include" -I"$root/Sources/CGestureBridge/include"
[ -n "$rpath" ] && set -- "$@" -Wl,-rpath,"$rpath"
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" "$@" $(pkg-config --cflags "$package" wayland-server pixman-1) -o "$output" \
  "$here/gb_wlr_preload.c" "$root/Compositors/wlroots/gb_wlr_adapter.c" \
  -L"$library_dir" -l"$library_name" $(pkg-config --libs wayland-server pixman-1) -lm -ldl
