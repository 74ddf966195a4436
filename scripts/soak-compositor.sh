#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The compositor soak: headless weston 10 with the gesture-bridge module and the test seat
# module under random client churn for a given time (see Tests/CompositorSoak/README.md).
set -uo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/soak-compositor.sh [--minutes M] [--seed S]

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

Checks: weston alive at the end; its RSS (/proc/PID/status VmRSS) at most 16 MiB and its
open file descriptors (/proc/PID/fd) at most 2 above their values after warm-up (the first
round ending after 20% of the time, at least 10 s); every well-behaved client's gestures
equal to `gesture-bridge replay --scene ... --format json` of the touches it was sent, in
its surface coordinates (times within 1 s relative to each script's first gesture,
velocities not compared); every churn client's outcome; the never-reading client
disconnected by libwayland ("error in client communication" in weston's log) while the
well-behaved client keeps its gestures; no system gesture fired.

Options:
  --minutes M   how long to churn (default 1)
  --seed S      seed of every random choice (default 1)
  -h, --help    this help

Needs: weston, cc, pkg-config, wayland-scanner, libwayland-dev, wayland-protocols, python3
(scripts/setup.sh installs them) and `swift build` done (the modules and gesture-bridge in
.build/debug). Exit status: 0 when every check passed, 1 when one failed, 2 on bad usage
or a missing prerequisite. On failure the logs are kept and their directory printed.
EOF
}

fail_usage() {
  echo "soak-compositor.sh: $*" >&2
  echo "Try 'scripts/soak-compositor.sh --help'." >&2
  exit 2
}

minutes=1
seed=1
while [ $# -gt 0 ]; do
  case "$1" in
  -h | --help)
    usage
    exit 0
    ;;
  --minutes | --seed)
    [ $# -ge 2 ] || fail_usage "$1 needs a value"
    if [ "$1" = --minutes ]; then minutes="$2"; else seed="$2"; fi
    shift 2
    ;;
  *) fail_usage "unknown argument '$1'" ;;
  esac
done
[[ "$minutes" =~ ^[0-9]+(\.[0-9]+)?$ ]] && [[ ! "$minutes" =~ ^0+(\.0+)?$ ]] ||
  fail_usage "--minutes must be a positive number, not '$minutes'"
[[ "$seed" =~ ^[0-9]+$ ]] || fail_usage "--seed must be a non-negative integer, not '$seed'"

cd "$(dirname "$0")/.."
root="$(pwd)"
build="$root/.build/debug"

missing() {
  echo "soak-compositor.sh: $*" >&2
  exit 2
}
weston="$(command -v weston)" ||
  missing "weston not found; run scripts/setup.sh (Debian package weston)"
command -v python3 >/dev/null || missing "python3 not found; run scripts/setup.sh"
command -v cc >/dev/null || missing "cc not found; run scripts/setup.sh (gcc)"
pkg-config --exists wayland-client 2>/dev/null ||
  missing "wayland-client not found by pkg-config; run scripts/setup.sh (libwayland-dev)"
for product in libgesture-bridge-weston.so libgesture-bridge-weston-test-seat.so gesture-bridge; do
  [ -e "$build/$product" ] || missing "$build/$product not found; run swift build first"
done

clients="$(mktemp -d /tmp/gb-soak-clients-XXXXXX)"
trap 'rm -rf "$clients"' EXIT
# Copies of the built products, so that a `swift build` during a long soak cannot give the
# in-core replay a newer core than the module weston has loaded.
cp "$build/libgesture-bridge-weston.so" "$build/libgesture-bridge-weston-test-seat.so" \
  "$build/gesture-bridge" "$clients/" || missing "copying the built products failed"
# The example C client is built by its own script; the churn client from the generated client
# header and code committed in Sources/CWaylandProtocols.
bash Examples/c-client/build.sh "$clients/c-client" >/dev/null ||
  missing "building the example C client failed"
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -I Sources/CWaylandProtocols/include \
  $(pkg-config --cflags wayland-client) -o "$clients/churn-client" \
  Tests/CompositorSoak/churn-client.c Sources/CWaylandProtocols/gesture-bridge-v1-protocol.c \
  $(pkg-config --libs wayland-client) || missing "building the churn client failed"

python3 Tests/CompositorSoak/soak_compositor.py --minutes "$minutes" --seed "$seed" \
  --weston "$weston" --module "$clients/libgesture-bridge-weston.so" \
  --test-seat "$clients/libgesture-bridge-weston-test-seat.so" \
  --gesture-bridge "$clients/gesture-bridge" \
  --c-client "$clients/c-client/gesture-bridge-c-client" --churn-client "$clients/churn-client" \
  --system-gestures "$root/Tests/CompositorSoak/system-gestures.json"
