#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# End-to-end test of the Qt 6 / QML example Examples/qt6-canvas (docs/toolkits.md, "Qt6 /
# QML"): the app, built by scripts/build-examples.sh against the installed protocol XML, runs
# under real headless weston (10; 14 in the Debian 13 root) with the gesture-bridge module and the test seat module
# (.build/debug, from `swift build`), which plays a recording onto its window once its three
# recognizers are committed; one weston per recording: pinch.yml, swipe-left.yml, pan.yml.
# scripts/qt6-canvas-check.py checks each run, with clear messages:
#   - the app's --log equals `gesture-bridge replay --format json` of the same recording on a
#     scene with the app's recognizers (pinch, pan, swipe; same parameters and relations) and
#     its window's geometry: same lines in the same order, times to the microsecond (the app's
#     CLOCK_MONOTONIC time minus the playback origin in weston's log), values within wl_fixed's
#     1/256 plus the printed rounding;
#   - what the user sees (the app's exit line): after the pinch the page zoomed by its last
#     scale about the point between the fingers, after the swipe the second page, after the
#     pan the page moved by its translation;
#   - what Qt's own touch handling saw (--touch-log): TouchBegin and TouchUpdates until the
#     gesture began or was recognized, then TouchCancel (cancelsTouchesInView), no TouchEnd.
# Then: values the protocol forbids, in a QML file of the test (--qml), are refused by the
# module with QML warnings and never sent, while a valid recognizer beside them works; and
# under weston without the module the app says the compositor lacks
# gesture_bridge_manager_v1 and keeps running until SIGTERM (exit 0).
# Every wait waits for a condition (a socket, a log line, a file's lines, an exit) with a
# generous bound.
#
# Usage: scripts/test-qt6-canvas.sh [--no-build] [--screenshot FILE.png] [--keep]
#   --no-build      use the app already built in .build/examples/qt6-canvas (or $QT6_CANVAS)
#                   instead of running scripts/build-examples.sh qt6-canvas first
#   --screenshot F  weston runs with --debug and weston-screenshooter takes a picture of the
#                   output after the pinch into F (how docs/qt6-canvas-pinch.png was made)
#   --keep          keep the work directory (logs) and print its path
# Needs: weston (weston, libweston-10-dev or -14-dev), python3, the debug build (`swift build`;
# or GESTURE_BRIDGE_MODULE, GESTURE_BRIDGE_TEST_SEAT and GESTURE_BRIDGE_CLI naming other builds,
# GESTURE_BRIDGE_EXAMPLES_DIR as scripts/build-examples.sh's), and what
# scripts/build-examples.sh needs; scripts/setup.sh installs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

build=true
screenshot=""
keep=false
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=false ;;
    --screenshot)
      [ $# -ge 2 ] || { echo "test-qt6-canvas: --screenshot needs a file" >&2; exit 2; }
      screenshot="$(realpath -m "$2")"
      shift
      ;;
    --keep) keep=true ;;
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    *) echo "test-qt6-canvas: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done

fail() {
  echo "test-qt6-canvas: FAILED: $*" >&2
  exit 1
}

if $build; then
  bash scripts/build-examples.sh qt6-canvas || fail "scripts/build-examples.sh qt6-canvas failed"
fi
app="${QT6_CANVAS:-${GESTURE_BRIDGE_EXAMPLES_DIR:-$repo/.build/examples}/qt6-canvas/qt6-canvas}"
# GESTURE_BRIDGE_MODULE, _TEST_SEAT and _CLI: other builds of them (the installed ones in the
# Debian 13 root, scripts/debianroot/plans.py).
module="${GESTURE_BRIDGE_MODULE:-$repo/.build/debug/libgesture-bridge-weston.so}"
test_seat="${GESTURE_BRIDGE_TEST_SEAT:-$repo/.build/debug/libgesture-bridge-weston-test-seat.so}"
cli="${GESTURE_BRIDGE_CLI:-$repo/.build/debug/gesture-bridge}"
[ -x "$app" ] || fail "$app not built (scripts/build-examples.sh qt6-canvas)"
# The app speaks the protocol through Qt (QWaylandClientExtensionTemplate): no GestureBridge
# library among what it loads.
if readelf -d "$app" | grep NEEDED | grep -qi 'gesture'; then
  fail "$app links a GestureBridge library: $(readelf -d "$app" | grep NEEDED | grep -i gesture)"
fi
for file in "$module" "$test_seat" "$cli"; do
  [ -f "$file" ] || fail "$file missing: run swift build first"
done
command -v weston >/dev/null || fail "weston not installed (scripts/setup.sh)"
command -v python3 >/dev/null || fail "python3 not installed (scripts/setup.sh)"
if [ -n "$screenshot" ]; then
  command -v weston-screenshooter >/dev/null || fail "weston-screenshooter not installed (weston)"
fi


work="$(mktemp -d "${TMPDIR:-/tmp}/gb-qt6-canvas.XXXXXX")"
weston_pid=""
app_pid=""
session="$work"
cleanup() {
  local status=$?
  for pid in "$app_pid" "$weston_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  if $keep || [ "$status" -ne 0 ]; then
    echo "test-qt6-canvas: logs kept in $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

report() {
  echo "--- weston log ($session)" >&2
  tail -n 30 "$session/weston.log" >&2 2>/dev/null || true
  echo "--- weston output" >&2
  tail -n 20 "$session/weston.out" >&2 2>/dev/null || true
  echo "--- qt6-canvas output" >&2
  tail -n 20 "$session/app.out" >&2 2>/dev/null || true
}

# wait_for WHAT SECONDS COMMAND...: polls COMMAND every 0.1 s; fails after SECONDS, or when
# weston or the app (once started) exits meanwhile.
wait_for() {
  local what="$1" seconds="$2"
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      report
      fail "timed out after $seconds s waiting for $what"
    fi
    if ! kill -0 "$weston_pid" 2>/dev/null; then
      report
      fail "weston exited while waiting for $what"
    fi
    if [ -n "$app_pid" ] && ! kill -0 "$app_pid" 2>/dev/null; then
      report
      fail "qt6-canvas exited while waiting for $what"
    fi
    sleep 0.1
  done
}

# weston's desktop shell without its panel (a maximized window takes the whole output) and
# without its startup fade (whose surface would take the first touches on weston 14).
shell_ini=$'[shell]\npanel-position=none\nstartup-animation=none\n'

# The in-core replay's scene: the app's recognizers (Examples/qt6-canvas/app/Main.qml: same
# names, parameters and relations) on its window, the whole 960x540 output.
cat >"$work/scene.json" <<'SCENE'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "surface", "frame": [0, 0, 960, 540], "children": [],
   "recognizers": [
     {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]},
     {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2, "requiresFailureOf": ["swipe"]},
     {"name": "swipe", "type": "swipe", "direction": ["left", "right"]}]}]}
SCENE

# stop_session: SIGTERM to the app, which must exit 0 (it makes one wl_display.sync first, so
# everything sent before is logged, and prints its exit line), then weston is stopped.
stop_session() {
  kill -TERM "$app_pid"
  local pid="$app_pid" status=0
  app_exited() { ! kill -0 "$pid" 2>/dev/null; }
  wait_for "qt6-canvas to exit after SIGTERM" 30 app_exited
  app_pid=""
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || { report; fail "qt6-canvas exited with status $status after SIGTERM"; }
  kill "$weston_pid"
  wait "$weston_pid" 2>/dev/null || true
  weston_pid=""
}

# check_recording NAME [SCREENSHOT]: one weston session playing Examples/recordings/NAME.yml
# onto the app; the logs are checked by scripts/qt6-canvas-check.py. A caller's locals
# change the run: scene_file (the replay's scene), start_recognizers (how many the app
# commits), session_name, app_args (more options of the app), check_mode (the checker's).
check_recording() {
  local name="$1" picture="${2:-}"
  local recording="$repo/Examples/recordings/$name.yml"
  session="$work/${session_name:-$name}"
  local runtime="$session/runtime" socket="gb-qt6-canvas-$$-${session_name:-$name}"
  local extra=()
  [ -n "${app_args+set}" ] && extra=("${app_args[@]}")
  mkdir -p "$session"
  mkdir -m 700 "$runtime"
  "$cli" replay --scene "${scene_file:-$work/scene.json}" --format json --no-progress "$recording" \
    >"$session/expected.jsonl" || fail "gesture-bridge replay of $name.yml failed"
  local expected
  expected=$(wc -l <"$session/expected.jsonl")
  [ "$expected" -gt 0 ] || fail "the in-core replay of $name.yml printed nothing"

  printf '%s[gesture-bridge]\nrecording=%s\nrecording-start-recognizers=%s\n' "$shell_ini" \
    "$recording" "${start_recognizers:-4}" >"$session/weston.ini"
  local debug=()
  [ -n "$picture" ] && debug=(--debug)
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so \
    --use-pixman --shell=desktop-shell.so --socket="$socket" --modules="$module,$test_seat" \
    --config="$session/weston.ini" --log="$session/weston.log" --width=960 --height=540 \
    "${debug[@]}" >"$session/weston.out" 2>&1 &
  weston_pid=$!
  weston_ready() {
    [ -S "$runtime/$socket" ] &&
      grep -q "gesture_bridge_manager_v1 advertised" "$session/weston.log" 2>/dev/null &&
      grep -q "test seat ready" "$session/weston.log"
  }
  wait_for "weston's socket, the module and the test seat" 60 weston_ready

  # Maximized, with Qt's client-side decorations: the wl_surface is the 960x540 output, placed
  # at (0, 0); the window's scene starts below the title bar, at the decorations' margins.
  env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" QT_QPA_PLATFORM=wayland \
    QT_QUICK_BACKEND=software "$app" --maximized --log "$session/gestures.jsonl" \
    --touch-log "$session/touches.jsonl" --print-ready "${extra[@]}" >"$session/app.out" 2>&1 &
  app_pid=$!
  wait_for "qt6-canvas's ready line" 60 grep -qs '"event":"ready"' "$session/app.out"
  grep -q '"surface":\[960,540\]' "$session/app.out" ||
    { report; fail "qt6-canvas's surface is not the 960x540 output"; }
  grep -q '"margins":\[[0-9]*,[1-9]' "$session/app.out" ||
    { report; fail "qt6-canvas drew no client-side decorations (no top margin)"; }
  wait_for "the recording $name.yml to finish" 90 \
    grep -qs "recording $recording: finished" "$session/weston.log"
  log_complete() {
    [ -f "$session/gestures.jsonl" ] && [ "$(wc -l <"$session/gestures.jsonl")" -ge "$expected" ]
  }
  wait_for "$expected lines in qt6-canvas's log" 60 log_complete

  if [ -n "$picture" ]; then
    # The picture only (not a check): give the software renderer a moment to draw the last
    # change, then weston's screenshooter writes wayland-screenshot-*.png into its directory.
    sleep 1
    mkdir "$session/shot"
    (cd "$session/shot" && XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" \
      weston-screenshooter) || fail "weston-screenshooter failed"
    local shot
    shot=$(find "$session/shot" -name '*.png' | head -n 1)
    [ -n "$shot" ] || fail "weston-screenshooter wrote no PNG"
    mv "$shot" "$picture"
    echo "test-qt6-canvas: screenshot $picture"
  fi

  # SIGTERM: the app makes one wl_display.sync (everything sent before is logged), prints its
  # exit line and exits 0.
  stop_session

  local origin
  origin=$(grep -o 'origin [0-9]* us CLOCK_MONOTONIC' "$session/weston.log" | head -n 1 |
    awk '{print $2}')
  [ -n "$origin" ] || { report; fail "no playback origin in weston's log"; }
  python3 scripts/qt6-canvas-check.py "$session" "$origin" "$name" ${check_mode:-} ||
    fail "$name.yml (logs in $session)"
}

# check_without_module: under weston without the gesture-bridge module the app says that the
# compositor lacks the global, keeps running (a canvas without gestures) and exits 0 on SIGTERM.
check_without_module() {
  session="$work/without-module"
  local runtime="$session/runtime" socket="gb-qt6-canvas-$$-plain"
  mkdir -p "$session"
  mkdir -m 700 "$runtime"
  printf '%s' "$shell_ini" >"$session/weston.ini"
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so \
    --use-pixman --shell=desktop-shell.so --socket="$socket" --log="$session/weston.log" \
    --config="$session/weston.ini" --width=960 --height=540 >"$session/weston.out" 2>&1 &
  weston_pid=$!
  socket_ready() { [ -S "$runtime/$socket" ]; }
  wait_for "weston's socket" 60 socket_ready
  env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" QT_QPA_PLATFORM=wayland \
    QT_QUICK_BACKEND=software "$app" --maximized >"$session/app.out" 2>&1 &
  app_pid=$!
  local message="GestureBridge: the compositor does not support gesture_bridge_manager_v1"
  wait_for "qt6-canvas's message about the missing global" 60 \
    grep -qs "$message" "$session/app.out"
  kill -0 "$app_pid" 2>/dev/null || { report; fail "qt6-canvas exited after the message"; }
  stop_session
  echo "test-qt6-canvas: ok: without the module: \"$message\", ran until SIGTERM, exit 0"
}

# check_refused_values: a QML file with a tap that needs 0 taps and two taps that require
# each other's failure: the module refuses the three with a QML warning each and sends none
# of them (no protocol error: Qt would exit), and the fourth, valid tap recognizes tap.yml as
# the in-core replay does.
check_refused_values() {
  cat >"$work/refused.qml" <<'QML'
import QtQuick
import GestureBridge

Window {
    width: 960
    height: 540
    visible: true
    TapRecognizer { name: "no-taps"; numberOfTapsRequired: 0 }
    TapRecognizer { id: first; name: "first"; requiresFailureOf: [second] }
    TapRecognizer { id: second; name: "second"; requiresFailureOf: [first] }
    TapRecognizer { name: "tap" }
    PinchRecognizer { name: "no-touches"; minimumNumberOfTouches: 0 }
    RotationRecognizer { name: "three-finger-turn"; minimumNumberOfTouches: 3; maximumNumberOfTouches: 3 }
}
QML
  cat >"$work/tap-scene.json" <<'SCENE'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "surface", "frame": [0, 0, 960, 540], "children": [],
   "recognizers": [{"name": "tap", "type": "tap"},
     {"name": "three-finger-turn", "type": "rotation", "minimumNumberOfTouches": 3,
      "maximumNumberOfTouches": 3}]}]}
SCENE
  local scene_file="$work/tap-scene.json" start_recognizers=2 session_name=refused-values
  local check_mode=--log-only app_args=(--qml "$work/refused.qml")
  check_recording tap
  local warning
  for warning in \
    'tap recognizer "no-taps": numberOfTapsRequired must be at least 1, not 0; not sent' \
    'tap recognizer "first": requiresFailureOf forms a cycle; not sent' \
    'tap recognizer "second": requiresFailureOf forms a cycle; not sent' \
    'pinch recognizer "no-touches": minimumNumberOfTouches must be at least 1, not 0; not sent'; do
    grep -qF "$warning" "$session/app.out" ||
      { report; fail "no QML warning '$warning'"; }
  done
  grep -q '"event":"ready","recognizers":2,' "$session/app.out" ||
    { report; fail "the app did not commit exactly its two valid recognizers"; }
  echo "test-qt6-canvas: ok: refused values: four QML warnings, nothing sent; the valid tap recognized beside a three-finger rotation (version 4's touch counts)"
}

started=$SECONDS
check_recording pinch "$screenshot"
check_recording swipe-left
check_recording pan
check_refused_values
check_without_module
# The drawer's system gesture surface and the recognizers' regions, with the decorations.
mkdir -p "$work/drawer"
session="$work/drawer"
python3 scripts/qt6_canvas_system_gestures.py "$app" "$module" "$test_seat" "$work/drawer" ||
  fail "the drawer (logs in $work/drawer)"
echo "test-qt6-canvas: ok: 3 recordings, refused values, a compositor without the module and the drawer in $((SECONDS - started)) s"
