#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# End-to-end test of the Qt 6 / QML example Examples/qt6-canvas (docs/toolkits.md, "Qt6 /
# QML"): the app, built by scripts/build-examples.sh against the installed protocol XML, runs
# under real headless weston 10 with the gesture-bridge module and the test seat module
# (.build/debug, from `swift build`), which plays Examples/recordings/pinch.yml onto its
# window once its three recognizers are committed. Checks, with clear messages:
#   - the app's --log equals `gesture-bridge replay --format json` of the same recording on a
#     scene with the app's recognizers (pinch, pan, swipe; same parameters and relations) and
#     its window's geometry: same lines in the same order, times to the microsecond (the app's
#     CLOCK_MONOTONIC time minus the playback origin in weston's log), values within wl_fixed's
#     1/256 plus the printed rounding;
#   - what the user sees: page 1 still shown, zoomed by the pinch's last scale about the point
#     between the fingers (the app's exit line);
#   - what Qt's own touch handling saw (--touch-log): the two fingers' TouchBegin and
#     TouchUpdates up to the moment the pinch began, then TouchCancel (cancelsTouchesInView),
#     never a TouchEnd.
# Every wait waits for a condition (a socket, a log line, a file's lines, an exit) with a
# generous bound.
#
# Usage: scripts/test-qt6-canvas.sh [--no-build] [--screenshot FILE.png] [--keep]
#   --no-build      use the app already built in .build/examples/qt6-canvas (or $QT6_CANVAS)
#                   instead of running scripts/build-examples.sh qt6-canvas first
#   --screenshot F  weston runs with --debug and weston-screenshooter takes a picture of the
#                   output after the pinch into F (how docs/qt6-canvas-pinch.png was made)
#   --keep          keep the work directory (logs) and print its path
# Needs: weston (weston, libweston-10-dev), python3, the debug build (`swift build`), and what
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
app="${QT6_CANVAS:-$repo/.build/examples/qt6-canvas/qt6-canvas}"
module="$repo/.build/debug/libgesture-bridge-weston.so"
test_seat="$repo/.build/debug/libgesture-bridge-weston-test-seat.so"
cli="$repo/.build/debug/gesture-bridge"
recording="$repo/Examples/recordings/pinch.yml"
[ -x "$app" ] || fail "$app not built (scripts/build-examples.sh qt6-canvas)"
for file in "$module" "$test_seat" "$cli"; do
  [ -f "$file" ] || fail "$file missing: run swift build first"
done
command -v weston >/dev/null || fail "weston not installed (scripts/setup.sh)"
command -v python3 >/dev/null || fail "python3 not installed (scripts/setup.sh)"
if [ -n "$screenshot" ]; then
  command -v weston-screenshooter >/dev/null || fail "weston-screenshooter not installed (weston)"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/gb-qt6-canvas.XXXXXX")"
runtime="$work/runtime"
mkdir -m 700 "$runtime"
socket="gb-qt6-canvas-$$"
weston_pid=""
app_pid=""
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
  echo "--- weston log" >&2
  tail -n 30 "$work/weston.log" >&2 2>/dev/null || true
  echo "--- weston output" >&2
  tail -n 20 "$work/weston.out" >&2 2>/dev/null || true
  echo "--- qt6-canvas output" >&2
  tail -n 20 "$work/app.out" >&2 2>/dev/null || true
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

printf '[gesture-bridge]\nrecording=%s\nrecording-start-recognizers=3\n' "$recording" \
  >"$work/weston.ini"
debug=()
[ -n "$screenshot" ] && debug=(--debug)
env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so \
  --use-pixman --shell=kiosk-shell.so --socket="$socket" --modules="$module,$test_seat" \
  --config="$work/weston.ini" --log="$work/weston.log" --width=960 --height=540 \
  "${debug[@]}" >"$work/weston.out" 2>&1 &
weston_pid=$!
weston_ready() {
  [ -S "$runtime/$socket" ] &&
    grep -q "gesture_bridge_manager_v1 advertised" "$work/weston.log" 2>/dev/null &&
    grep -q "test seat ready" "$work/weston.log"
}
wait_for "weston's socket, the module and the test seat" 60 weston_ready

# No client-side decorations: the wl_surface is the 960x540 scene, placed at (0, 0).
started=$SECONDS
env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" QT_QPA_PLATFORM=wayland \
  QT_QUICK_BACKEND=software QT_WAYLAND_DISABLE_WINDOWDECORATION=1 \
  "$app" --log "$work/gestures.jsonl" --touch-log "$work/touches.jsonl" --print-ready \
  >"$work/app.out" 2>&1 &
app_pid=$!
wait_for "qt6-canvas's ready line" 60 grep -q '"event":"ready"' "$work/app.out"
echo "test-qt6-canvas: qt6-canvas ready after $((SECONDS - started)) s: $(grep '"event":"ready"' "$work/app.out")"
wait_for "the recording to finish" 90 grep -q "recording $recording: finished" "$work/weston.log"

# The in-core replay with the app's recognizers (Examples/qt6-canvas/app/Main.qml) on its
# window: the whole 960x540 output.
cat >"$work/scene.json" <<'EOF'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "surface", "frame": [0, 0, 960, 540], "children": [],
   "recognizers": [
     {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["pan"]},
     {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2, "requiresFailureOf": ["swipe"]},
     {"name": "swipe", "type": "swipe", "direction": ["left", "right"]}]}]}
EOF
"$cli" replay --scene "$work/scene.json" --format json --no-progress "$recording" \
  >"$work/expected.jsonl"
expected=$(wc -l <"$work/expected.jsonl")
[ "$expected" -gt 0 ] || fail "the in-core replay of pinch.yml printed nothing"
log_complete() { [ -f "$work/gestures.jsonl" ] && [ "$(wc -l <"$work/gestures.jsonl")" -ge "$expected" ]; }
wait_for "$expected lines in qt6-canvas's log" 60 log_complete

if [ -n "$screenshot" ]; then
  # The picture only (not a check): give the software renderer a moment to draw the last
  # change, then weston's screenshooter writes wayland-screenshot-*.png into its directory.
  sleep 1
  mkdir "$work/shot"
  (cd "$work/shot" && XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" weston-screenshooter) ||
    fail "weston-screenshooter failed"
  shot=$(find "$work/shot" -name '*.png' | head -n 1)
  [ -n "$shot" ] || fail "weston-screenshooter wrote no PNG"
  mv "$shot" "$screenshot"
  echo "test-qt6-canvas: screenshot $screenshot"
fi

# SIGTERM: the app makes one wl_display.sync (everything sent before is logged), prints its
# exit line and exits 0.
kill -TERM "$app_pid"
pid="$app_pid"
app_pid=""
app_exited() { ! kill -0 "$pid" 2>/dev/null; }
wait_for "qt6-canvas to exit after SIGTERM" 30 app_exited
status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || { report; fail "qt6-canvas exited with status $status after SIGTERM"; }

origin=$(grep -o 'origin [0-9]* us CLOCK_MONOTONIC' "$work/weston.log" | head -n 1 | awk '{print $2}')
[ -n "$origin" ] || { report; fail "no playback origin in weston's log"; }

python3 - "$work" "$origin" <<'EOF'
import json
import sys

work, origin = sys.argv[1], int(sys.argv[2])
FIXED = 1 / 256
problems = []


def lines(name):
    with open(f"{work}/{name}") as f:
        return [json.loads(line) for line in f if line.strip()]


def micro(seconds):
    return round(seconds * 1_000_000)


def numbers(value):
    if isinstance(value, list):
        return value
    return [] if value is None else [value]


got, want = lines("gestures.jsonl"), lines("expected.jsonl")
if len(got) != len(want):
    problems.append(f"qt6-canvas logged {len(got)} gestures, the in-core replay {len(want)}")
for index, (g, w) in enumerate(zip(got, want)):
    context = f"line {index + 1}: got {g}, want {w}"
    if set(g) != set(w):
        problems.append(f"keys differ: {context}")
        continue
    for key in ("recognizer", "type", "view", "state", "touches", "taps", "direction"):
        if g.get(key) != w.get(key):
            problems.append(f"{key} differs: {context}")
    if micro(g["time"]) - origin != micro(w["time"]):
        problems.append(f"time differs ({micro(g['time']) - origin} us after the origin): {context}")
    tolerances = {"location": FIXED + 0.01, "translation": FIXED + 0.01,
                  "scale": FIXED + 0.0001, "rotation": FIXED + 0.0001,
                  "velocity": FIXED + (0.1 if w["type"] == "pan" else 0.0001)}
    for key, tolerance in tolerances.items():
        a, b = numbers(g.get(key)), numbers(w.get(key))
        if len(a) != len(b) or any(abs(x - y) > tolerance for x, y in zip(a, b)):
            problems.append(f"{key} differs by more than {tolerance:.5f}: {context}")

states = [w["state"] for w in want if w["recognizer"] == "pinch"]
if not {"began", "changed", "ended"} <= set(states):
    problems.append(f"the replay holds no whole pinch: {states}")

# What the user sees: page 1, zoomed by the last scale about the fingers' midpoint.
with open(f"{work}/app.out") as f:
    events = [json.loads(line) for line in f if line.startswith("{")]
exits = [e for e in events if e.get("event") == "exit"]
pinches = [g for g in got if g["recognizer"] == "pinch"]
if not exits:
    problems.append("qt6-canvas printed no exit line")
elif pinches:
    shown, first, last = exits[0], pinches[0], pinches[-1]
    zoom = min(6, max(0.5, last["scale"]))
    offset = [last["location"][i] - first["location"][i] * zoom for i in (0, 1)]
    if shown["page"] != 0:
        problems.append(f"the pinch turned the page: {shown}")
    if abs(shown["zoom"] - zoom) > 0.0001:
        problems.append(f"the canvas is zoomed {shown['zoom']}, the pinch's scale was {zoom}")
    if any(abs(shown["offset"][i] - offset[i]) > 0.02 for i in (0, 1)):
        problems.append(f"the canvas offset is {shown['offset']}, zooming about the fingers gives {offset}")

# What Qt's own touch handling saw: the fingers until the pinch began, then a cancel.
touches = lines("touches.jsonl")
kinds = [t["event"] for t in touches]
began_ms = (micro(pinches[0]["time"]) // 1000) & 0xFFFFFFFF if pinches else 0
if not touches or kinds[0] != "TouchBegin" or len(touches[0]["points"]) != 2:
    problems.append(f"Qt did not get the two fingers' TouchBegin: {touches[:1]}")
if "TouchEnd" in kinds:
    problems.append("Qt got a TouchEnd: the pinch did not cancel the touches")
if not kinds or kinds[-1] != "TouchCancel" or kinds.count("TouchCancel") != 1:
    problems.append(f"Qt's touch events do not end with one TouchCancel: {kinds}")
late = [t for t in touches if t["event"] in ("TouchBegin", "TouchUpdate") and t["timestamp"] > began_ms]
if late:
    problems.append(f"Qt got touch events after the pinch began ({began_ms} ms): {late[:2]}")

for problem in problems[:20]:
    print(f"test-qt6-canvas: {problem}", file=sys.stderr)
if problems:
    print(f"test-qt6-canvas: FAILED: {len(problems)} problem(s)", file=sys.stderr)
    sys.exit(1)
print(f"test-qt6-canvas: ok: {len(got)} gestures equal the in-core replay of pinch.yml "
      f"(times to the microsecond); canvas {exits[0]}; Qt saw {kinds.count('TouchUpdate')} "
      f"TouchUpdates, then TouchCancel")
EOF
