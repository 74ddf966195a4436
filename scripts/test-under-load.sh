#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the README's test command (scripts/test.sh) on a fresh clone of this checkout's HEAD
# while the machine is kept busy, N times, and reports each run's result and time. It is how
# the suite is shown to pass on a shared, noisy machine (issue 29); it is not part of the test
# command itself.
#
# The load, started before each run and stopped after it (by PID, whatever the run's result):
#   - two CPU hogs (busy shell loops: `nice -n 0`, as much CPU as the suite gets),
#   - one disk writer (dd of 256 MiB into a scratch file with fdatasync, over and over).
#
# Usage: scripts/test-under-load.sh [--runs N] [--keep]
#   --runs N  how many runs (default 3)
#   --keep    keep each run's clone and log (default: keep only the logs of failed runs)
# Each run: `git clone` of HEAD into a temporary directory, then `CI=true bash .ci/run
# </dev/null` there, its output in LOGDIR/run-K.log (LOGDIR is printed at the start); after
# it, its result, its time and its step table (scripts/test.sh's) are printed.
# Exit status: 0 when every run passed, 1 when any failed, 2 on bad usage.
set -uo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

runs=3
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      awk 'NR > 2 && /^#/ { sub(/^# ?/, ""); print; next } NR > 2 { exit }' "$0"
      exit 0
      ;;
    --runs)
      [ $# -ge 2 ] || { echo "test-under-load: error: --runs needs a value" >&2; exit 2; }
      runs="$2"
      shift 2
      ;;
    --runs=*) runs="${1#*=}"; shift ;;
    --keep) keep=1; shift ;;
    *) echo "test-under-load: error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs" in
  '' | *[!0-9]* | 0) echo "test-under-load: error: --runs takes a whole number >= 1, got '$runs'" >&2; exit 2 ;;
esac

logdir="$(mktemp -d /tmp/test-under-load.XXXXXX)"
echo "test-under-load: $runs run(s) of scripts/test.sh on fresh clones of $(git rev-parse --short HEAD) under load; logs in $logdir"

load_pids=()
start_load() {
  local i
  for i in 1 2; do
    (while :; do :; done) &
    load_pids+=($!)
  done
  (
    while :; do
      dd if=/dev/zero of="$logdir/disk-writer.tmp" bs=1M count=256 conv=fdatasync status=none
      rm -f "$logdir/disk-writer.tmp"
    done
  ) &
  load_pids+=($!)
}
stop_load() {
  local pid
  for pid in "${load_pids[@]}"; do
    # The writer's dd is a child of its subshell: end the subshell's children too.
    pkill -P "$pid" 2>/dev/null
    kill "$pid" 2>/dev/null
  done
  for pid in "${load_pids[@]}"; do wait "$pid" 2>/dev/null; done
  load_pids=()
  rm -f "$logdir/disk-writer.tmp"
}
trap 'stop_load' EXIT
trap 'stop_load; exit 130' INT TERM

results=()
failed=0
for run in $(seq 1 "$runs"); do
  clone="$(mktemp -d /tmp/test-under-load-clone.XXXXXX)"
  log="$logdir/run-$run.log"
  git clone -q "$repo" "$clone"
  start_load
  start=$SECONDS
  echo "test-under-load: run $run/$runs: started $(date -u +%H:%M:%S) in $clone (load: PIDs ${load_pids[*]})"
  (cd "$clone" && CI=true bash .ci/run </dev/null >"$log" 2>&1)
  status=$?
  seconds=$((SECONDS - start))
  stop_load
  if [ "$status" -eq 0 ]; then
    result="passed"
  else
    result="FAILED (exit $status; last lines of $log below)"
    failed=$((failed + 1))
    tail -30 "$log" | sed 's/^/    /'
  fi
  line=$(printf 'run %d: %s in %dm%02ds' "$run" "$result" $((seconds / 60)) $((seconds % 60)))
  results+=("$line")
  echo "test-under-load: $line"
  # The run's own step table (scripts/test.sh prints it at the end, or at the failing step).
  grep '^test.sh:   ' "$log" | sed 's/^test.sh:/test-under-load:   run '"$run"':/' || true
  if [ "$keep" -eq 0 ]; then
    rm -rf "$clone"
    [ "$status" -ne 0 ] || rm -f "$log"
  fi
done

echo "test-under-load: summary"
for line in "${results[@]}"; do echo "test-under-load:   $line"; done
echo "test-under-load: $((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
