#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Long reliability runs in a release build (-enable-testing because some test targets use
# @testable imports).
#
#   scripts/soak.sh [GESTURES]          replay GESTURES gestures (default 1,000,000) through
#                                       the engine with the default scene (GestureSoakTests);
#                                       resident size may grow at most 1 MiB after warm-up
#   scripts/soak.sh --property [STREAMS] run the core's seeded property test
#                                       (RandomStreamPropertyTests) on STREAMS random streams
#                                       (default 100,000): seeds 0 ..< STREAMS, split into one
#                                       contiguous range per core (GESTUREBRIDGE_PROPERTY_JOBS
#                                       overrides), each run by the test bundle directly
#
# Reports gestures, time and RSS before/after (soak), or the seed range checked, the build
# and run times and, on failure, the failing seed (property). Exit status 0 when it passed.
set -uo pipefail
cd "$(dirname "$0")/.."
release=(swift test -c release -Xswiftc -enable-testing)

if [ "${1:-}" = "--property" ]; then
  streams="${2:-100000}"
  jobs="${GESTUREBRIDGE_PROPERTY_JOBS:-$(nproc)}"
  case "$streams$jobs" in '' | *[!0-9]*) echo "usage: scripts/soak.sh --property [STREAMS]" >&2; exit 2 ;; esac
  [ "$jobs" -ge 1 ] || jobs=1
  logs=$(mktemp -d)
  start=$(date +%s)
  if ! swift build -c release --build-tests -Xswiftc -enable-testing >"$logs/build.log" 2>&1; then
    tail -20 "$logs/build.log"
    echo "property: release build FAILED, see $logs/build.log"
    exit 1
  fi
  built=$(date +%s)
  bundle="$(swift build -c release --show-bin-path)/GestureBridgePackageTests.xctest"
  test=GestureCoreTests.RandomStreamPropertyTests/testRandomStreamsOnRandomScenesKeepEveryInvariant
  per=$(((streams + jobs - 1) / jobs))
  pids=()
  for ((job = 0; job < jobs; job++)); do
    first=$((job * per))
    count=$((streams - first < per ? streams - first : per))
    [ "$count" -gt 0 ] || break
    GESTUREBRIDGE_PROPERTY_FIRST_SEED=$first GESTUREBRIDGE_PROPERTY_STREAMS=$count \
      "$bundle" "$test" >"$logs/job$job.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for ((job = 0; job < ${#pids[@]}; job++)); do
    wait "${pids[$job]}" || status=1
    grep -q "Executed 1 test, with 0 failures" "$logs/job$job.log" || status=1
  done
  finished=$(date +%s)
  grep -hE "seed [0-9]+:" "$logs"/job*.log | head -5
  timing="release build $((built - start)) s, run $((finished - built)) s on ${#pids[@]} processes"
  if [ $status -eq 0 ]; then
    echo "property: $streams random streams on random scenes, seeds 0 ..< $streams all kept every invariant ($timing)"
    rm -rf "$logs"
  else
    echo "property: FAILED ($timing), see $logs/job*.log"
    exit 1
  fi
  exit 0
fi

gestures="${1:-1000000}"
case "$gestures" in '' | *[!0-9]*) echo "usage: scripts/soak.sh [GESTURES] | --property [STREAMS]" >&2; exit 2 ;; esac
log=$(mktemp)
GESTUREBRIDGE_SOAK_GESTURES="$gestures" GESTUREBRIDGE_SOAK_MAX_GROWTH_KIB=1024 "${release[@]}" \
  --filter ReliabilityTests.GestureSoakTests >"$log" 2>&1
status=$?
grep -E "^soak:|error:" "$log"
if [ $status -eq 0 ] && grep -q "Executed 1 test, with 0 failures" "$log"; then
  echo "soak: passed"
  rm -f "$log"
else
  echo "soak: FAILED (exit $status), see $log"
  exit 1
fi
