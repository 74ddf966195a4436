#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The toolkit apps end to end (part of scripts/test.sh, after test-install): the examples built
# by scripts/build-examples.sh against the installed GestureBridge, run as real clients of real
# headless weston 10 (pixman, kiosk-shell, a 960x540 output, GDK_BACKEND=wayland,
# GSK_RENDERER=cairo), with the weston module and the test seat of the debug build
# (.build/debug/libgesture-bridge-weston.so, libgesture-bridge-weston-test-seat.so).
#
# gtk4-photo (Examples/gtk4-photo):
#   - recordings: the test seat plays Examples/recordings/{pinch,rotation,pan,double-tap,
#     long-press}.yml onto the app's fullscreen window once its 6 recognizers are committed;
#     its --log must be `gesture-bridge replay --format json` of the same recording on a scene
#     with the app's recognizers, parameters and relations on a view "surface" covering the
#     window ([0, 0, 960, 540]; the app's recognizers listen in the picture below its toolbar,
#     where every recording's touches land): the same lines in the same order, times to the
#     microsecond (app time minus the playback origin weston logs), values within wl_fixed's
#     1/256 plus the printed rounding;
#   - the drawer: weston with a system-gesture config (a left-edge screen-edge pan whose binding
#     appends to a file, and Examples/configs/system-gestures.json's delaying of touches) and
#     touch scripts: a swipe from the left edge with the drawer closed runs the system binding
#     and the app logs no gesture; with the drawer open (excluded region, left edge deferred)
#     the same swipe is the app's drawer-pan and runs nothing, a second one right after goes
#     to the system, and a swipe left on the drawer closes it;
#   - the GtkGesture fallback: weston WITHOUT the module (a nested weston, wayland backend, in a
#     window of the weston with the module, which only feeds it touches): the app says it uses
#     GTK's gestures and logs pan, pinch and rotation (began, changed..., ended), a double tap
#     and a long press from touch scripts (kinds and states compared, not values).
#
# Usage: scripts/test-toolkits.sh   (GESTURE_BRIDGE_PREFIX: see scripts/build-examples.sh)
# Prints one "test-toolkits: ok|FAIL ..." line per check and "test-toolkits: N passed, M failed";
# exit status 1 if any check failed. Needs weston, jq, and `swift build` done.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

checks_name=test-toolkits
# shellcheck source=scripts/test-checks.sh
source scripts/test-checks.sh

module="$repo/.build/debug/libgesture-bridge-weston.so"
test_seat="$repo/.build/debug/libgesture-bridge-weston-test-seat.so"
cli="$repo/.build/debug/gesture-bridge"
for needed in "$module" "$test_seat" "$cli"; do
  [ -e "$needed" ] || { echo "test-toolkits: $needed missing: run swift build first" >&2; exit 1; }
done
for tool in weston jq; do
  command -v "$tool" >/dev/null ||
    { echo "test-toolkits: $tool not found (scripts/setup.sh installs it)" >&2; exit 1; }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/gb-toolkits.XXXXXX")"
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${failed:-0}" -eq 0 ] || [ -z "${GB_KEEP_WORK:-}" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

# wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.05 s until it succeeds; false after
# SECONDS, with WHAT on stderr.
wait_for() {
  local seconds="$1" what="$2" deadline
  shift 2
  deadline=$((SECONDS + seconds))
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "test-toolkits: timed out after ${seconds}s waiting for $what" >&2
      return 1
    fi
    sleep 0.05
  done
}

# show FILE...: the files' last lines on stderr (for a failure's context).
show() {
  local file
  for file in "$@"; do
    echo "--- $file" >&2
    tail -n 25 "$file" >&2 2>/dev/null || true
  done
}

# ---------------------------------------------------------------------------------------------
# Sessions: weston with the module and the test seat (socket $session/socket-name)
# ---------------------------------------------------------------------------------------------

# start_weston DIR [KEY=VALUE...]: weston with both modules and [gesture-bridge]
# touch-script=DIR/touch-script plus the keys; waits for its socket and the test seat.
start_weston() {
  local dir="$1"
  shift
  mkdir -p "$dir/runtime"
  chmod 700 "$dir/runtime"
  {
    echo "[gesture-bridge]"
    echo "touch-script=$dir/touch-script"
    for key in "$@"; do echo "$key"; done
  } >"$dir/weston.ini"
  XDG_RUNTIME_DIR="$dir/runtime" WAYLAND_DISPLAY='' weston --backend=headless-backend.so \
    --use-pixman --shell=kiosk-shell.so --socket=gb-toolkits --width=960 --height=540 \
    --modules="$module,$test_seat" --config="$dir/weston.ini" --log="$dir/weston.log" \
    >"$dir/weston.out" 2>&1 &
  pids+=($!)
  echo $! >"$dir/weston.pid"
  wait_for 60 "weston in $dir" grep -qs "test seat ready" "$dir/weston.log"
}

stop_session() {
  local dir="$1" file pid
  for file in "$dir"/*.pid; do
    [ -f "$file" ] || continue
    pid="$(cat "$file")"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "$file"
  done
}

# start_app DIR NAME DISPLAY_SOCKET ARGS...: gtk4-photo as a client, --log DIR/NAME.jsonl,
# stdout in DIR/NAME.out; waits for its ready line.
start_app() {
  local dir="$1" name="$2" socket="$3"
  shift 3
  XDG_RUNTIME_DIR="$dir/runtime" WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland \
    GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 \
    "$app" --log "$dir/$name.jsonl" "$@" >"$dir/$name.out" 2>&1 &
  pids+=($!)
  echo $! >"$dir/$name.pid"
  wait_for 60 "$name's ready line" grep -q "gtk4-photo: ready" "$dir/$name.out"
}

# play DIR SCRIPT: hands a touch script to the test seat and waits until it is played.
play() {
  local dir="$1" script="$2" before
  before="$(grep -cF "touch script $dir/touch-script: played" "$dir/weston.log" || true)"
  printf '%s' "$script" >"$dir/touch-script.tmp"
  mv "$dir/touch-script.tmp" "$dir/touch-script"
  wait_for 60 "the touch script to be played" \
    played_more "$dir" "$before"
}

played_more() {
  [ "$(grep -cF "touch script $1/touch-script: played" "$1/weston.log" || true)" -gt "$2" ]
}

lines() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }

# ---------------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------------
if bash scripts/build-examples.sh gtk4-photo >"$work/build.log" 2>&1; then
  ok "scripts/build-examples.sh built gtk4-photo against the installed library"
else
  show "$work/build.log"
  fail "scripts/build-examples.sh gtk4-photo"
  summary
  exit 1
fi
app="$repo/.build/examples/gtk4-photo/gtk4-photo"

# ---------------------------------------------------------------------------------------------
# Recordings: the app's log against the in-core replay
# ---------------------------------------------------------------------------------------------

# The app's recognizers (Examples/gtk4-photo/bridge-gestures.c) as a scene; the drawer's pan is
# disabled while the drawer is closed, so it is left out.
cat >"$work/scene.json" <<'JSON'
{"screen": {"width": 960, "height": 540},
 "views": [{"name": "surface", "frame": [0, 0, 960, 540], "children": [],
   "recognizers": [
     {"name": "pan", "type": "pan", "maximumNumberOfTouches": 2,
      "recognizesSimultaneouslyWith": ["pinch", "rotation"]},
     {"name": "pinch", "type": "pinch", "recognizesSimultaneouslyWith": ["rotation"]},
     {"name": "rotation", "type": "rotation"},
     {"name": "double-tap", "type": "tap", "numberOfTapsRequired": 2},
     {"name": "long-press", "type": "long-press"}]}]}
JSON

# compare GOT WANT ORIGIN_US: prints one line per difference (nothing when equal): the count,
# then per line recognizer, type, view, state, touches, taps, keys, the time (GOT minus
# ORIGIN, to the microsecond) and the values within 1/256 plus the printed rounding.
compare() {
  jq -n -r --slurpfile got "$1" --slurpfile want "$2" --argjson origin "$3" '
    def us: . * 1000000 | round;
    def nums: if type == "array" then . elif type == "number" then [.] else [] end;
    (1 / 256) as $fixed
    | if ($got | length) != ($want | length) then
        "count: got \($got | length) lines, want \($want | length)"
      else empty end,
      (range(0; [($got | length), ($want | length)] | min) as $i
       | $got[$i] as $g | $want[$i] as $w
       | (["recognizer", "type", "view", "state", "touches", "taps"][]
          | select($g[.] != $w[.]) | "line \($i): \(.) got \($g[.]), want \($w[.])"),
         (select(($g | keys) != ($w | keys)) | "line \($i): keys \($g | keys) vs \($w | keys)"),
         (select(($g.time | us) - $origin != ($w.time | us))
          | "line \($i): time got \(($g.time | us) - $origin) us, want \($w.time | us) us"),
         ({"location": ($fixed + 0.01), "translation": ($fixed + 0.01),
           "scale": ($fixed + 0.0001), "rotation": ($fixed + 0.0001),
           "velocity": (if $w.type == "pan" then $fixed + 0.1 else $fixed + 0.0001 end)}
          | to_entries[] | .key as $k | .value as $tolerance
          | select($w[$k] != null or $g[$k] != null)
          | ($g[$k] | nums) as $a | ($w[$k] | nums) as $b
          | select(($a | length) != ($b | length)
                   or ([range(0; $a | length) | ($a[.] - $b[.]) | fabs > $tolerance] | any))
          | "line \($i): \($k) got \($g[$k]), want \($w[$k])"))'
}

check_recording() {
  local name="$1" recording="$repo/Examples/recordings/$1.yml" dir="$work/recording-$1"
  local want="$dir/replay.jsonl" origin count
  mkdir -p "$dir"
  "$cli" replay --scene "$work/scene.json" --format json "$recording" >"$want"
  count="$(lines "$want")"
  if ! start_weston "$dir" "recording=$recording" "recording-start-recognizers=6" ||
    ! start_app "$dir" app "gb-toolkits" ||
    ! wait_for 60 "the recording to finish" grep -qsF "recording $recording: finished" \
      "$dir/weston.log" ||
    ! wait_for 30 "$count lines in the app's log" test "$(lines "$dir/app.jsonl")" -ge "$count"
  then
    show "$dir/weston.log" "$dir/app.out" "$dir/app.jsonl"
    fail "$name.yml: the app's log (see above)"
    stop_session "$dir"
    return
  fi
  # Anything late would show within a moment; then the app quits (SIGTERM).
  sleep 0.3
  stop_session "$dir"
  origin="$(grep -o 'origin [0-9]* us CLOCK_MONOTONIC' "$dir/weston.log" | awk '{print $2}')"
  local differences
  differences="$(compare "$dir/app.jsonl" "$want" "${origin:-0}")"
  if [ -z "$differences" ] && [ "$count" -gt 0 ]; then
    ok "$name.yml: the app logged the in-core replay's $count gesture lines (times to the us)"
  else
    echo "$differences" | head -n 20 >&2
    fail "$name.yml: the app's log differs from gesture-bridge replay ($count lines expected)"
  fi
}

for recording in pinch rotation pan double-tap long-press; do
  check_recording "$recording"
done
