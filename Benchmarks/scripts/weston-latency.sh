#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# End-to-end latency of one run: real headless weston 10 with libgesture-bridge-weston.so and
# the test seat module next to it (libgesture-bridge-weston-test-seat.so, which plays touch
# scripts into the module's seat), the latency client (a window with compositor recognizers) and a
# touch script of pan strokes at 240 Hz. Called by scripts/bench.sh.
#
#   weston-latency.sh MODULE CLIENT BENCH_TOOL OUT_DIR NAME FINGERS STROKES RECOGNIZERS [SYSTEM]
#
# MODULE: absolute path of libgesture-bridge-weston.so (the test seat module is taken from the
# same directory); CLIENT: gesture-latency-client;
# BENCH_TOOL: bench-tool (writes the touch script); RECOGNIZERS: pan or all; SYSTEM (optional):
# a system-gesture config the module loads (weston.ini `[gesture-bridge] system-gestures=`).
# Writes OUT_DIR/NAME.samples (one `kind state latency_ns` line per gesture event received),
# OUT_DIR/NAME.summary (the client's summary line, fingers, touch events played, seconds from
# handing the script over to the client's exit, weston's CPU seconds in that time) and
# OUT_DIR/NAME.weston.log.
# Exits non-zero, with weston's and the client's output on stderr, if anything fails.
set -euo pipefail

if [ $# -ne 8 ] && [ $# -ne 9 ]; then
  sed -n '2,15p' "$0" >&2
  exit 2
fi
module=$1 client=$2 bench_tool=$3 out=$4 name=$5 fingers=$6 strokes=$7 recognizers=$8
system=${9:-}
test_seat="$(dirname "$module")/libgesture-bridge-weston-test-seat.so"

work="$(mktemp -d "${TMPDIR:-/tmp}/gb-latency.XXXXXX")"
runtime="$work/runtime"
mkdir -m 700 "$runtime"
socket="gb-latency-$$-$RANDOM"
script_path="$work/touch-script"
weston_pid="" client_pid=""

cleanup() {
  for pid in $client_pid $weston_pid; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in $client_pid $weston_pid; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "weston-latency.sh: $*" >&2
  echo "--- weston:" >&2
  cat "$out/$name.weston.log" "$work/weston.out" 2>/dev/null | tail -20 >&2 || true
  echo "--- client:" >&2
  cat "$work/client.out" "$work/client.err" 2>/dev/null | tail -20 >&2 || true
  exit 1
}

# waits up to $2 seconds for the command $1 to succeed
wait_for() {
  local deadline=$((SECONDS + $2))
  until eval "$1"; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.05
  done
}

"$bench_tool" touch-script --fingers "$fingers" --strokes "$strokes" --output "$work/script.tmp" \
  >&2

config=()
if [ -n "$system" ]; then
  printf '[gesture-bridge]\nsystem-gestures=%s\n' "$system" >"$work/weston.ini"
  config=(--config="$work/weston.ini")
fi
XDG_RUNTIME_DIR="$runtime" GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT="$script_path" \
  WAYLAND_DISPLAY="" weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so \
  --width=1024 --height=640 --socket="$socket" --modules="$module,$test_seat" "${config[@]}" \
  --log="$out/$name.weston.log" >"$work/weston.out" 2>&1 &
weston_pid=$!
# With --log, weston (and the module, through weston_log) writes its log to that file only.
wait_for "[ -S '$runtime/$socket' ] && grep -qs 'gesture_bridge_manager_v1 advertised' \
  '$out/$name.weston.log' '$work/weston.out'" 20 \
  || fail "weston did not start"
if [ -n "$system" ]; then
  grep -qs "system gestures $system:" "$out/$name.weston.log" || fail "system gestures not loaded"
fi

XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" "$client" --recognizers "$recognizers" \
  --strokes "$strokes" --output "$out/$name.samples" --timeout $((strokes * 3 + 30)) \
  >"$work/client.out" 2>"$work/client.err" &
client_pid=$!
wait_for "grep -q '^ready' '$work/client.out'" 20 || fail "the client did not get ready"

touch_events="$(grep -c . "$work/script.tmp")"
weston_ticks() { awk '{print $14 + $15}' "/proc/$weston_pid/stat"; }
ticks_before="$(weston_ticks)" started=$EPOCHREALTIME
mv "$work/script.tmp" "$script_path"
if ! wait "$client_pid"; then
  client_pid=""
  fail "the client failed"
fi
client_pid=""
played=$EPOCHREALTIME
summary="$(grep '^samples=' "$work/client.out")" || fail "no summary from the client"
# weston's CPU time while it played the script (utime + stime in /proc/PID/stat, fields 14
# and 15, in clock ticks), from just before the script was handed over to the client's exit.
ticks=$(($(weston_ticks) - ticks_before))
echo "$summary fingers=$fingers touch_events=$touch_events play_s=$(awk -v a="$started" -v b="$played" 'BEGIN {printf "%.3f", b - a}') weston_cpu_s=$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.3f", t / hz}')" \
  >"$out/$name.summary"
cat "$out/$name.summary" >&2
