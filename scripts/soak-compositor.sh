#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The compositor soak: headless weston 10 with the gesture-bridge module and the test seat
# module, or Debian's phoc with the LD_PRELOAD loader on a mocked touchscreen, under random
# client churn for a given time (see Tests/CompositorSoak/README.md).
set -uo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/soak-compositor.sh [--compositor weston|phoc] [--minutes M] [--seed S]
                                  [--scratch-path PATH] [--memcheck]

Runs headless weston 10 (pixman, kiosk-shell, a 960x540 output) with
.build/debug/libgesture-bridge-weston.so and the test seat module
libgesture-bridge-weston-test-seat.so for M minutes (default 1; fractions allowed) under
random client churn, rounds of:
  - 3 to 6 churn clients (Tests/CompositorSoak/churn-client.c): some attach up to the
    limits of recognizers (64 a surface, 1024 a client) and version 2 system gesture
    surface objects with exclusion regions and deferred edges on unshown surfaces, commit,
    destroy part of it and disconnect; some do the same and are killed with SIGKILL at a
    random moment; some provoke one of 9 protocol errors and must get exactly it;
  - a random touch script (taps, double taps, one- and two-finger pans, pinches, taps
    outside the window) played by the test seat on the window of a well-behaved client
    (the example C client, Examples/c-client), which is replaced every 2 to 4 rounds;
  - once, in round 2, a client that never reads its socket and floods wl_display.sync
    while the touches play.
weston loads the system gestures of Tests/CompositorSoak/system-gestures.json (a bottom-edge
pan, a three-finger swipe), which see every touch and must never fire; half the well-behaved
clients exclude a random rectangle of their window and defer random screen edges.
It prints a progress line every 10 s and, at the end, a summary and "N passed, M failed".

With --compositor phoc: Debian's phoc (0.46 on Debian 13, where the test command runs it),
unmodified, with the loader Compositors/wlroots-preload/build.sh builds for the wlroots whose
headers are installed, headless (pixman, a 960x540 output) inside daemon-test-driver's
umockdev testbed, touches from wlroots' libinput backend on the mocked touchscreen (the
scripts written as recordings of Examples/recordings' device and played in real time); the
well-behaved client's window is the whole output (phoc maximizes it), the scripts touch the
same places, and the same checks hold (the never-reading client: libwayland's line in phoc's
log, through wlroots). With --memcheck phoc runs under valgrind's memcheck, and one more
check holds: no memory error in phoc's process (phoc, wlroots, libwayland-server, the loader,
libgesture-bridge) but the known ones outside GestureBridge that
Tests/CompositorSoak/memcheck.supp suppresses (phoc 0.46's own use after free among them).

Checks: weston alive at the end; its RSS (/proc/PID/status VmRSS) at most 16 MiB and its
open file descriptors (/proc/PID/fd) at most 2 above their values after warm-up (the first
round ending after 20% of the time, at least 10 s); every well-behaved client's gestures
equal to `gesture-bridge replay --scene ... --format json` of the touches it was sent, in
its surface coordinates (times within 1 s relative to each script's first gesture,
velocities not compared); every churn client's outcome; the never-reading client
disconnected by libwayland ("error in client communication" in weston's log) while the
well-behaved client keeps its gestures; no system gesture fired.

Options:
  --compositor C       weston (default) or phoc
  --minutes M          how long to churn (default 1)
  --seed S             seed of every random choice (default 1)
  --scratch-path PATH  SwiftPM's scratch path of the build to use (default .build; the trixie
                       root's build: .build-trixie)
  --memcheck           phoc only: run it under valgrind's memcheck (valgrind, and libc6-dbg
                       for ld.so's symbols)
  -h, --help           this help

Needs: weston, cc, pkg-config, wayland-scanner, libwayland-dev, wayland-protocols, python3
(scripts/setup.sh installs them) and `swift build` done (the modules and gesture-bridge in
.build/debug). phoc: phoc, umockdev, its wlroots' headers (libwlroots-0.18-dev on Debian 13)
and libpixman-1-dev, and the build's daemon-test-driver, libUmockdevPreloadFix.so,
libgesture-bridge-c.so and gesture-bridge. Exit status: 0 when every check passed, 1 when one failed, 2 on bad usage
or a missing prerequisite. On failure the logs are kept and their directory printed.
EOF
}

fail_usage() {
  echo "soak-compositor.sh: $*" >&2
  echo "Try 'scripts/soak-compositor.sh --help'." >&2
  exit 2
}

compositor=weston
minutes=1
seed=1
memcheck=()
scratch=.build
while [ $# -gt 0 ]; do
  case "$1" in
  -h | --help)
    usage
    exit 0
    ;;
  --memcheck)
    memcheck=(--memcheck)
    shift
    ;;
  --compositor | --minutes | --seed | --scratch-path)
    [ $# -ge 2 ] || fail_usage "$1 needs a value"
    case "$1" in
    --compositor) compositor="$2" ;;
    --minutes) minutes="$2" ;;
    --seed) seed="$2" ;;
    *) scratch="$2" ;;
    esac
    shift 2
    ;;
  *) fail_usage "unknown argument '$1'" ;;
  esac
done
[[ "$minutes" =~ ^[0-9]+(\.[0-9]+)?$ ]] && [[ ! "$minutes" =~ ^0+(\.0+)?$ ]] ||
  fail_usage "--minutes must be a positive number, not '$minutes'"
[[ "$seed" =~ ^[0-9]+$ ]] || fail_usage "--seed must be a non-negative integer, not '$seed'"
[[ "$compositor" =~ ^(weston|phoc)$ ]] ||
  fail_usage "--compositor must be weston or phoc, not '$compositor'"
[ ${#memcheck[@]} -eq 0 ] || [ "$compositor" = phoc ] ||
  fail_usage "--memcheck is for --compositor phoc"

cd "$(dirname "$0")/.."
root="$(pwd)"
build="$(cd "$root" && realpath -m "$scratch")/debug"

missing() {
  echo "soak-compositor.sh: $*" >&2
  exit 2
}
if [ "$compositor" = weston ]; then
  products="libgesture-bridge-weston.so libgesture-bridge-weston-test-seat.so gesture-bridge"
  weston="$(command -v weston)" ||
    missing "weston not found; run scripts/setup.sh (Debian package weston)"
else
  products="daemon-test-driver libUmockdevPreloadFix.so libgesture-bridge-c.so gesture-bridge"
  phoc="$(command -v phoc)" || missing "phoc not found (Debian package phoc)"
  [ ${#memcheck[@]} -eq 0 ] || command -v valgrind >/dev/null ||
    missing "valgrind not found (Debian packages valgrind and libc6-dbg)"
fi
command -v python3 >/dev/null || missing "python3 not found; run scripts/setup.sh"
command -v cc >/dev/null || missing "cc not found; run scripts/setup.sh (gcc)"
pkg-config --exists wayland-client 2>/dev/null ||
  missing "wayland-client not found by pkg-config; run scripts/setup.sh (libwayland-dev)"
for product in $products; do
  [ -e "$build/$product" ] || missing "$build/$product not found; run swift build first"
done

clients="$(mktemp -d /tmp/gb-soak-clients-XXXXXX)"
trap 'rm -rf "$clients"' EXIT
# Copies of the built products, so that a `swift build` during a long soak cannot give the
# in-core replay a newer core than the module weston has loaded.
# shellcheck disable=SC2086 # the products are words
(cd "$build" && cp $products "$clients/") || missing "copying the built products failed"
# The example C client is built by its own script; the churn client from the generated client
# header and code committed in Sources/CWaylandProtocols.
bash Examples/c-client/build.sh "$clients/c-client" >/dev/null ||
  missing "building the example C client failed"
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I Sources/CWaylandProtocols/include \
  $(pkg-config --cflags wayland-client) -o "$clients/churn-client" \
  Tests/CompositorSoak/churn-client.c Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c \
  $(pkg-config --libs wayland-client) || missing "building the churn client failed"

if [ "$compositor" = weston ]; then
  set -- --weston "$weston" --module "$clients/libgesture-bridge-weston.so" \
    --test-seat "$clients/libgesture-bridge-weston-test-seat.so"
else
  # The loader (linking the copy of the C library beside it) and the test-only libseat fix of
  # the wlroots end-to-end tests, as PreloadedWlrootsCompositor builds them.
  Compositors/wlroots-preload/build.sh "$clients/libgesture-bridge-wlroots-preload.so" \
    "$clients" gesture-bridge-c "$clients" || missing "building the loader failed"
  cc -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -o "$clients/libgb-libseat-seat0.so" \
    Tests/WlrootsEndToEndTests/LibseatSeat0/gb-libseat-seat0.c -ldl ||
    missing "building the libseat fix failed"
  set -- --phoc "$phoc" --driver "$clients/daemon-test-driver" \
    --preload "$clients/libgb-libseat-seat0.so:$clients/libgesture-bridge-wlroots-preload.so" \
    --device-recording "$root/Examples/recordings/pinch.yml"
fi
python3 Tests/CompositorSoak/soak_compositor.py --compositor "$compositor" \
  --minutes "$minutes" --seed "$seed" "${memcheck[@]}" "$@" --gesture-bridge "$clients/gesture-bridge" \
  --c-client "$clients/c-client/gesture-bridge-c-client" --churn-client "$clients/churn-client" \
  --system-gestures "$root/Tests/CompositorSoak/system-gestures.json"
