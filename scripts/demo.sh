#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The GestureBridge demo, the whole Wayland chain headless: installs what is missing
# (scripts/setup.sh), builds the weston module, the demo client and gesture-bridge in release
# mode, starts weston (10 on Debian 12, 14 on Debian 13: the module is built for the libweston
# pkg-config finds; headless backend, pixman, kiosk-shell, its own socket and a private
# XDG_RUNTIME_DIR) with libgesture-bridge-weston.so and the test seat module after it,
# starts gesture-bridge-demo-client on it, lets the test seat replay a bundled `libinput
# record` file into the module's seat, and prints the
# gestures the client received (JSON Lines). Then, for comparison, the same recording through
# the in-core replay (`gesture-bridge replay`) on a scene of the same geometry.
#
# Usage: scripts/demo.sh [--compositor weston|wayfire] [RECORDING]
#   RECORDING: a name in Examples/recordings (pinch, pan, double-tap, ...; default pinch) or
#   the path of any libinput record file.
#   --compositor wayfire: builds libgesture-bridge-wayfire.so and runs Wayfire 0.7 with it and
#   the demo client on this machine's own outputs and touchscreen (no recording: Wayfire has
#   no test seat), printing the gestures you make until Ctrl-C. Wayfire needs a DRM render
#   node (/dev/dri/renderD*): without one it stops with an error (docs/wlroots.md).
# The build is scripts/release-build.sh's (the flags and the tree scripts/install.sh uses:
# .build-install, or GESTURE_BRIDGE_RELEASE_SCRATCH_PATH), so the demo and an install after
# it compile once (the test command's Debian 13 root runs both, scripts/debianroot/plans.py).
# Exit status: 0 on success; 1 if any step fails (one "demo: error: ..." line on stderr and
# the relevant log); 2 on bad usage. weston and the client are stopped on every exit.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

die() {
  echo "demo: error: $*" >&2
  exit 1
}

usage() {
  echo "demo: usage: scripts/demo.sh [--compositor weston|wayfire] [RECORDING]" >&2
  exit 2
}

compositor=weston
arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    --compositor)
      [ $# -ge 2 ] || usage
      compositor="$2"
      shift 2
      ;;
    --compositor=*)
      compositor="${1#--compositor=}"
      shift
      ;;
    *)
      arguments+=("$1")
      shift
      ;;
  esac
done
case "$compositor" in
  weston | wayfire) ;;
  *)
    echo "demo: error: unknown compositor '$compositor' (weston or wayfire)" >&2
    exit 2
    ;;
esac
[ ${#arguments[@]} -le 1 ] || usage
set -- "${arguments[@]}"
# shellcheck source=scripts/release-build.sh
source "$root/scripts/release-build.sh"

if [ "$compositor" = wayfire ]; then
  [ $# -eq 0 ] || die "--compositor wayfire plays no recording (Wayfire has no test seat): touch the screen"
  command -v swift >/dev/null 2>&1 || die "swift is not on the PATH"
  bash scripts/setup.sh
  command -v wayfire >/dev/null 2>&1 || die "wayfire is not installed (scripts/setup.sh installs it)"
  if ! compgen -G '/dev/dri/renderD*' >/dev/null; then
    die "Wayfire 0.7 needs a DRM render node (/dev/dri/renderD*) for its GLES2 renderer, and this machine has none (\"Failed to get DRM file descriptor!\"); see docs/wlroots.md. The same wlroots adapter runs without a GPU in the tests: swift test --filter WlrootsKioskEndToEndTests"
  fi
  plugin="$(bash Compositors/wayfire/build.sh -c release)"
  release_build --product gesture-bridge-demo-client
  bin="$release_build_dir/release"
  work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-demo.XXXXXX")"
  runtime="$work/runtime"
  mkdir -m 700 "$runtime"
  wayfire_pid=""
  client_pid=""
  # shellcheck disable=SC2317 # run by the EXIT trap
  stop_wayfire() {
    for pid in "$client_pid" "$wayfire_pid"; do
      if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$work"
  }
  trap stop_wayfire EXIT
  trap 'exit 130' INT TERM
  printf '[core]\nplugins = %s\n' "$plugin" >"$work/wayfire.ini"
  echo "== Wayfire 0.7 with $plugin"
  # No WAYLAND_DISPLAY: with one, wlroots would pick its nested wayland backend.
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime" wayfire -c "$work/wayfire.ini" \
    >"$work/wayfire.log" 2>&1 &
  wayfire_pid=$!
  for _ in $(seq 200); do
    grep -q "gesture_bridge_manager_v1 advertised" "$work/wayfire.log" 2>/dev/null && break
    kill -0 "$wayfire_pid" 2>/dev/null || { tail -n 20 "$work/wayfire.log" >&2; die "wayfire exited"; }
    sleep 0.1
  done
  grep -q "gesture_bridge_manager_v1 advertised" "$work/wayfire.log" ||
    { tail -n 20 "$work/wayfire.log" >&2; die "the plugin did not start in 20 s"; }
  socket="$(cd "$runtime" && find . -maxdepth 1 -type s -name 'wayland-*' | sed 's|^\./||' | head -n 1)"
  [ -n "$socket" ] || die "wayfire made no socket in $runtime"
  echo "== gesture-bridge-demo-client (default recognizers): touch its window; Ctrl-C ends"
  WAYLAND_DISPLAY="$socket" XDG_RUNTIME_DIR="$runtime" "$bin/gesture-bridge-demo-client" &
  client_pid=$!
  wait "$client_pid"
  exit 0
fi

recording="${1:-pinch}"
if [ ! -f "$recording" ]; then
  recording="Examples/recordings/${recording%.yml}.yml"
fi
if [ ! -f "$recording" ]; then
  echo "demo: error: no recording '${1}' (names: $(cd Examples/recordings && ls ./*.yml |
    sed 's|^\./||; s|\.yml$||' | paste -sd' ' -))" >&2
  exit 2
fi
recording="$(cd "$(dirname "$recording")" && pwd)/$(basename "$recording")"

command -v swift >/dev/null 2>&1 ||
  die "swift is not on the PATH: install a Swift 6 toolchain (https://www.swift.org/install/linux/)"
bash scripts/setup.sh
command -v weston >/dev/null 2>&1 || die "weston is not installed (scripts/setup.sh installs it)"
for product in gesture-bridge-weston gesture-bridge-weston-test-seat gesture-bridge-demo-client \
  gesture-bridge; do
  release_build --product "$product"
done
bin="$release_build_dir/release"
module="$bin/libgesture-bridge-weston.so"
[ -f "$module" ] || die "the build made no $module"
# The test seat module plays the recording into the module's seat; it loads after the module.
test_seat="$bin/libgesture-bridge-weston-test-seat.so"
[ -f "$test_seat" ] || die "the build made no $test_seat"

work="$(mktemp -d "${TMPDIR:-/tmp}/gesture-bridge-demo.XXXXXX")"
runtime="$work/runtime"
mkdir -m 700 "$runtime"
socket="gesture-bridge-demo-$$"
weston_pid=""
client_pid=""
cleanup() {
  for pid in "$client_pid" "$weston_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits up to $1 seconds for the command "$2..." to succeed; checks weston is alive meanwhile.
wait_for() {
  local seconds="$1"
  shift
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    kill -0 "$weston_pid" 2>/dev/null || { show_log; die "weston exited"; }
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}
show_log() {
  echo "--- the modules' lines in weston's log:" >&2
  grep -E 'gesture-bridge-weston(-test-seat)?:' "$work/weston.log" >&2 2>/dev/null || true
  echo "--- the end of weston's log and output:" >&2
  tail -n 8 "$work/weston.log" >&2 2>/dev/null || true
  tail -n 8 "$work/weston.out" >&2 || true
}
log_has() { grep -qF -- "$1" "$work/weston.log" 2>/dev/null; }

cat >"$work/weston.ini" <<EOF
[gesture-bridge]
recording=$recording
EOF

# The in-core replay's scene for the same geometry: the 1440x810 output as the screen, the
# window (800x600, centred by kiosk-shell at (320, 105)) as the view "surface", and the demo
# client's default recognizers with its relations.
cat >"$work/scene.json" <<'EOF'
{"screen": {"width": 1440, "height": 810},
 "views": [{"name": "surface", "frame": [320, 105, 800, 600], "children": [],
   "recognizers": [
     {"name": "tap", "type": "tap", "requiresFailureOf": ["double-tap"]},
     {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
     {"name": "long-press", "type": "long-press"},
     {"name": "pan", "type": "pan"},
     {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
     {"name": "rotation", "type": "rotation"},
     {"name": "swipe", "type": "swipe", "direction": ["right", "left", "up", "down"]}]}]}
EOF

echo
echo "== $(weston --version 2>/dev/null | head -n 1) headless (1440x810, pixman, kiosk-shell) with the gesture-bridge module"
XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --use-pixman \
  --shell=kiosk-shell.so --socket="$socket" --modules="$module,$test_seat" --width=1440 --height=810 \
  --config="$work/weston.ini" --log="$work/weston.log" >"$work/weston.out" 2>&1 &
weston_pid=$!
wait_for 20 test -S "$runtime/$socket" || { show_log; die "weston made no socket in 20 s"; }
wait_for 20 log_has "gesture_bridge_manager_v1 advertised" ||
  { show_log; die "the module did not start in 20 s"; }
wait_for 20 log_has "test seat ready" || { show_log; die "the test seat module did not start in 20 s"; }
if log_has "error: recording not played"; then
  show_log
  die "the module cannot play $recording"
fi

echo "== gesture-bridge-demo-client (800x600 window, centred at (320, 105); default recognizers)"
echo "== the test seat replays ${recording#"$root"/} onto the output once the client's window is mapped and its recognizers are committed"
WAYLAND_DISPLAY="$socket" XDG_RUNTIME_DIR="$runtime" "$bin/gesture-bridge-demo-client" \
  >"$work/client.out" 2>"$work/client.err" &
client_pid=$!
client_alive() {
  kill -0 "$client_pid" 2>/dev/null || {
    show_log
    cat "$work/client.err" >&2
    die "the demo client exited early"
  }
}
played() { client_alive && log_has "$recording: finished"; }
wait_for 60 played || { show_log; die "the recording did not finish playing in 60 s"; }
# Recognizers may still report after the last touch (a tap waits out the double-tap interval).
sleep 1
client_alive
kill -TERM "$client_pid"
status=0
wait "$client_pid" || status=$?
client_pid=""
[ "$status" -eq 0 ] || { cat "$work/client.err" >&2; die "the demo client exited with $status"; }

origin="$(grep -o 'origin [0-9]* us' "$work/weston.log" | head -n 1 | cut -d' ' -f2)"
echo
echo "== gestures the demo client received (JSON Lines; time = CLOCK_MONOTONIC seconds," \
  "playback started at $((origin / 1000000)).$(printf '%06d' $((origin % 1000000))))"
if [ -s "$work/client.out" ]; then
  cat "$work/client.out"
else
  echo "(no gesture recognized)"
fi

echo
echo "== for comparison: gesture-bridge replay --format json --scene (the same geometry and"
echo "== recognizers) ${recording#"$root"/}: time = seconds since the recording's first event;"
echo "== the client's times minus the playback start are these; its values are these within 1/256"
"$bin/gesture-bridge" replay --format json --scene "$work/scene.json" "$recording" |
  grep -v '"state":"failed"' || echo "(no gesture recognized)"
