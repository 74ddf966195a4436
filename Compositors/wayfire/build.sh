#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Wayfire 0.7 plugin, libgesture-bridge-wayfire.so, next to libgesture-bridge-c.so
# in the SwiftPM build directory: the C library (`swift build --product gesture-bridge-c`),
# then the wlroots adapter (Compositors/wlroots, C) and the plugin
# (Compositors/wayfire, C++17 against wayfire-dev's headers, found with pkg-config)
# linked into one shared object that needs libgesture-bridge-c.so (found through its
# RUNPATH, $ORIGIN) and Wayfire's own libraries.
#
# Usage: Compositors/wayfire/build.sh [-c debug|release]
# Prints the path of the plugin, after checking that every symbol it leaves undefined is
# defined by the wayfire executable or the libraries it loads. Needs wayfire-dev and
# libglm-dev (scripts/setup.sh).
# Load it from wayfire.ini: [core] plugins = ... /abs/path/libgesture-bridge-wayfire.so
set -euo pipefail
cd "$(dirname "$0")/../.."

configuration=debug
case "${1:-}" in
  -c | --configuration)
    configuration="${2:?wayfire/build.sh: -c needs debug or release}"
    ;;
  -h | --help)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "") ;;
  *)
    echo "wayfire/build.sh: usage: Compositors/wayfire/build.sh [-c debug|release]" >&2
    exit 2
    ;;
esac

for package in wayfire wlroots; do
  if ! pkg-config --exists "$package"; then
    echo "wayfire/build.sh: error: pkg-config finds no '$package' (run scripts/setup.sh)" >&2
    exit 1
  fi
done

# Wayfire 0.7 is built on wlroots 0.15: the adapter is built with that version's layer.
Compositors/wlroots/version/select.sh 0.15 >/dev/null ||
  { echo "wayfire/build.sh: error: Wayfire 0.7 needs wlroots 0.15's headers" >&2; exit 1; }

swift build -c "$configuration" --product gesture-bridge-c >&2
out="$(swift build -c "$configuration" --show-bin-path)"
objects="$out/gesture-bridge-wayfire.build"
mkdir -p "$objects"
flags=(-fPIC -O2 -Wall -Wextra -DWLR_USE_UNSTABLE -ICompositors/wlroots/version/wlroots-0.15
  -ICompositors/wlroots/include -ISources/CGestureBridge/include)
# shellcheck disable=SC2046 # pkg-config prints several flags
cc -std=c11 "${flags[@]}" $(pkg-config --cflags wlroots wayland-server pixman-1) \
  -c Compositors/wlroots/gb_wlr_adapter.c -o "$objects/gb_wlr_adapter.o"
# shellcheck disable=SC2046
c++ -std=c++17 "${flags[@]}" -Wno-unused-parameter $(pkg-config --cflags wayfire wlroots) \
  -c Compositors/wayfire/gesture_bridge_wayfire.cpp -o "$objects/gesture_bridge_wayfire.o"
# shellcheck disable=SC2046
# shellcheck disable=SC2016 # $ORIGIN is for the dynamic linker, not the shell
c++ -shared -o "$out/libgesture-bridge-wayfire.so" "$objects/gesture_bridge_wayfire.o" \
  "$objects/gb_wlr_adapter.o" -L"$out" -lgesture-bridge-c -Wl,-rpath,'$ORIGIN' \
  $(pkg-config --libs wlroots wayland-server pixman-1) -lm
plugin="$out/libgesture-bridge-wayfire.so"

# Every symbol the plugin leaves undefined (Wayfire's own, wf::*, and the libraries') must be
# defined by the wayfire executable or a library it or the plugin loads: what dlopen in
# Wayfire will need (the plugin cannot be loaded outside Wayfire, nor Wayfire started without
# a DRM device; see docs/wlroots.md).
if wayfire_binary="$(command -v wayfire)"; then
  libraries="$( (ldd "$wayfire_binary"; LD_LIBRARY_PATH="$out" ldd "$plugin") |
    awk '/=>/ && $3 ~ /^\// {print $3}' | sort -u)"
  # shellcheck disable=SC2086 # one path per word
  missing="$(comm -23 \
    <(nm -D --undefined-only "$plugin" | awk '$1 == "U" {sub(/@.*/, "", $2); print $2}' | sort -u) \
    <(nm -D --defined-only "$wayfire_binary" $libraries 2>/dev/null |
      awk 'NF == 3 {sub(/@.*/, "", $3); print $3}' | sort -u))"
  if [ -n "$missing" ]; then
    echo "wayfire/build.sh: error: symbols neither wayfire nor its libraries define:" >&2
    echo "$missing" >&2
    exit 1
  fi
fi
echo "$plugin"
