#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the toolkit examples against the *installed* GestureBridge (library, .pc files and
# protocol XML), the way an app outside this repository builds (docs/toolkits.md):
#
#   .build/examples/gtk4-photo/gtk4-photo   Examples/gtk4-photo (C, GTK 4; cc + pkg-config)
#   .build/examples/qt6-canvas/             Examples/qt6-canvas (Qt 6 / QML; CMake build tree),
#                                           only when Examples/qt6-canvas/CMakeLists.txt exists
#
# The installation is a staging root: `bash scripts/install.sh --prefix /usr --destdir ROOT`
# into ROOT=.build/examples/root (install.sh's release build in .build-install/ is reused, so
# this is quick after the test command's install step; ~10 min on a fresh clone). With
# GESTURE_BRIDGE_PREFIX=DIR, DIR is used as the staging root instead and install.sh is not run
# (DIR/usr/lib/pkgconfig/gesture-bridge.pc must exist, and gesture-bridge-client.pc for
# gtk4-photo). The compiler and CMake see the root through pkg-config (relocated copies of
# GestureBridge's .pc files, see below) and -DGESTURE_BRIDGE_XML; gtk4-photo finds
# libgesture-bridge-client.so.0 in the root through its RUNPATH.
#
# Usage: scripts/build-examples.sh [gtk4-photo] [qt6-canvas]   (default: both)
# Needs: cc, pkg-config, GTK 4 (libgtk-4-dev), libwayland-dev; for Qt, cmake, g++ and Qt 6
# (qt6-base-dev, qt6-declarative-dev, qt6-wayland-dev); scripts/setup.sh installs them.
# Exit status: 0 when every requested example was built, 1 otherwise (one "build-examples:
# error: ..." line), 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
# GESTURE_BRIDGE_EXAMPLES_DIR: another directory for all of it instead of .build/examples (a
# Debian root building from the same checkout keeps its own).
out="${GESTURE_BRIDGE_EXAMPLES_DIR:-$repo/.build/examples}"

die() {
  echo "build-examples: error: $*" >&2
  exit 1
}

want_gtk=false
want_qt=false
for argument in "$@"; do
  case "$argument" in
    gtk4-photo) want_gtk=true ;;
    qt6-canvas) want_qt=true ;;
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    *) echo "build-examples: error: unknown example '$argument' (gtk4-photo, qt6-canvas)" >&2; exit 2 ;;
  esac
done
if [ $# -eq 0 ]; then
  want_gtk=true
  want_qt=true
fi

command -v pkg-config >/dev/null || die "pkg-config not found (scripts/setup.sh installs it)"

# The staging root with the installed files.
if [ -n "${GESTURE_BRIDGE_PREFIX:-}" ]; then
  root="$(cd "$GESTURE_BRIDGE_PREFIX" 2>/dev/null && pwd)" ||
    die "GESTURE_BRIDGE_PREFIX=$GESTURE_BRIDGE_PREFIX is not a directory"
else
  root="$out/root"
  mkdir -p "$out"
  echo "build-examples: installing GestureBridge into the staging root $root (scripts/install.sh)"
  bash scripts/install.sh --prefix /usr --destdir "$root" >"$out/install.log" 2>&1 ||
    { tail -n 20 "$out/install.log" >&2; die "scripts/install.sh failed (log: $out/install.log)"; }
fi
pcdir="$root/usr/lib/pkgconfig"
[ -f "$pcdir/gesture-bridge.pc" ] || die "$pcdir/gesture-bridge.pc missing: nothing installed in $root?"

# GestureBridge's .pc files relocated into the staging root: a copy of each in
# .build/examples/pkgconfig with its /usr paths (prefix, libdir, includedir, datarootdir)
# under the root, first in PKG_CONFIG_PATH (for cc and for CMake's pkg_check_modules); system
# packages (gtk4, wayland-client, Qt) are found as usual.
relocated="$out/pkgconfig"
rm -rf "$relocated"
mkdir -p "$relocated"
for pc in "$pcdir"/gesture-bridge*.pc; do
  sed -E "s#^(prefix|exec_prefix|libdir|includedir|datarootdir|datadir)=/#\1=$root/#" "$pc" \
    >"$relocated/$(basename "$pc")"
done
export PKG_CONFIG_PATH="$relocated${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
libdir="$(pkg-config --variable=libdir gesture-bridge)"
xml="$(pkg-config --variable=pkgdatadir gesture-bridge)/protocols/gesture-bridge-v1.xml"
[ -f "$xml" ] || die "the installed protocol XML $xml is missing"

build_gtk() {
  [ -f "$pcdir/gesture-bridge-client.pc" ] ||
    die "$pcdir/gesture-bridge-client.pc missing: the staging root has no libgesture-bridge-client"
  pkg-config --exists gtk4 gtk4-wayland wayland-client ||
    die "pkg-config knows no gtk4, gtk4-wayland or wayland-client (libgtk-4-dev, libwayland-dev)"
  local dir="$out/gtk4-photo" src="$repo/Examples/gtk4-photo"
  mkdir -p "$dir"
  # shellcheck disable=SC2046 # pkg-config prints several words on purpose
  ${CC:-cc} -std=gnu11 -Wall -Wextra -Werror -O2 -g -I "$src" \
    $(pkg-config --cflags gesture-bridge-client gtk4 gtk4-wayland wayland-client) \
    -o "$dir/gtk4-photo.tmp" "$src"/*.c \
    -Wl,-rpath,"$(pkg-config --variable=libdir gesture-bridge-client)" \
    $(pkg-config --libs gesture-bridge-client gtk4 gtk4-wayland wayland-client) -lm ||
    die "compiling Examples/gtk4-photo failed"
  mv "$dir/gtk4-photo.tmp" "$dir/gtk4-photo"
  echo "build-examples: built $dir/gtk4-photo"
}

build_qt() {
  local src="$repo/Examples/qt6-canvas"
  if [ ! -f "$src/CMakeLists.txt" ]; then
    echo "build-examples: Examples/qt6-canvas/CMakeLists.txt does not exist: qt6-canvas skipped"
    return 0
  fi
  command -v cmake >/dev/null || die "cmake not found (scripts/setup.sh installs it)"
  local dir="$out/qt6-canvas"
  cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGESTURE_BRIDGE_XML="$xml" -DCMAKE_BUILD_RPATH="$libdir" >"$out/qt6-canvas.log" 2>&1 ||
    { tail -n 20 "$out/qt6-canvas.log" >&2; die "configuring Examples/qt6-canvas failed"; }
  cmake --build "$dir" -j 2 >>"$out/qt6-canvas.log" 2>&1 ||
    { tail -n 30 "$out/qt6-canvas.log" >&2; die "building Examples/qt6-canvas failed"; }
  echo "build-examples: built Examples/qt6-canvas in $dir"
}

mkdir -p "$out"
if $want_gtk; then build_gtk; fi
if $want_qt; then build_qt; fi
